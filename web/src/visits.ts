// visits.ts holds, on the page, the nodes of one explained tree in the
// order the search visited them (GET /api/explain/{id}/visits), and the
// playback's timeline over them. It loads what a view needs: everything at
// once for a small tree, else pages around the playback's visit and, for
// the picture of the tree, the nodes big enough to draw. Nothing here
// touches the page.

import { request } from './api';
import type { Track } from './playback';
import type { ExplainVisitPage as VisitPage, ExplainVisitView as Visit } from './wire';

// Trees up to this many nodes are loaded whole.
const wholeTree = 30000;
// Visits per page when loading around the playback.
const pageSize = 2000;

const noVisits: readonly Visit[] = [];

// last is the last visit of v's subtree.
export const last = (v: Visit) => v.visit + v.size - 1;

// VisitStore is the page's copy of one tree's visits.
export class VisitStore {
  private nodes = new Map<number, Visit>();
  private kids = new Map<number, Visit[]>(); // parent → its known children, in visit order
  private full: Array<[number, number]> = []; // visit ranges loaded whole, sorted, disjoint
  private sized: Array<[number, number, number]> = []; // ranges loaded down to a subtree size
  private pending = new Map<string, Promise<void>>();
  maxPly = 0;

  constructor(
    readonly id: string,
    readonly total: number,
  ) {}

  // start loads the whole tree if it is small, else its first page and the
  // nodes big enough to draw it whole.
  async start() {
    if (this.total <= wholeTree) await this.load(0, this.total, 1);
    else await Promise.all([this.load(0, pageSize, 1), this.load(0, this.total, Math.ceil(this.total / 1500))]);
  }

  get(v: number): Visit | undefined {
    return this.nodes.get(v);
  }

  // children returns the known children of v, in visit order.
  children(v: number): readonly Visit[] {
    return this.kids.get(v) ?? noVisits;
  }

  // ancestors returns v's ancestors, root first (those known).
  ancestors(v: Visit): Visit[] {
    const out: Visit[] = [];
    for (let p = this.nodes.get(v.parent); p; p = this.nodes.get(p.parent)) out.push(p);
    return out.reverse();
  }

  // loaded reports whether every visit from `from` to `to`-1 is here.
  loaded(from: number, to: number): boolean {
    to = Math.min(to, this.total);
    return this.full.some(([a, b]) => a <= from && b >= to);
  }

  // ensure loads the visits v to v+ahead-1 (and v's ancestors) if they are
  // not here yet.
  async ensure(v: number, ahead = 1) {
    if (this.loaded(v, v + ahead)) return;
    const from = this.full.find(([a, b]) => a <= v && v < b)?.[1] ?? v;
    await this.load(from, Math.min(this.total, from + pageSize), 1);
  }

  // prefetch starts loading, without waiting, the page after the loaded
  // range that holds v when fewer than half a page of visits are left in
  // it: a playback at 1000 visits a second then never waits for one.
  prefetch(v: number) {
    const end = this.full.find(([a, b]) => a <= v && v < b)?.[1];
    if (end === undefined || end >= this.total || end - v > pageSize / 2) return;
    void this.load(end, Math.min(this.total, end + pageSize), 1).catch(() => undefined);
  }

  // loadSized loads the nodes of visits from to to-1 whose subtrees hold
  // at least min nodes (for drawing at a zoom where smaller ones merge),
  // and reports whether it had to.
  async loadSized(from: number, to: number, min: number): Promise<boolean> {
    from = Math.max(0, Math.floor(from));
    to = Math.min(this.total, Math.ceil(to));
    if (this.sized.some(([a, b, m]) => a <= from && b >= to && m <= min) || this.loaded(from, to)) return false;
    await this.load(from, to, Math.max(1, min));
    return true;
  }

  private load(from: number, to: number, min: number): Promise<void> {
    const key = `${from}-${to}-${min}`;
    let p = this.pending.get(key);
    if (!p) {
      p = this.fetch(from, to, min).finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  private async fetch(from: number, to: number, min: number) {
    let at = from;
    for (;;) {
      const page = await request<VisitPage>('GET', `/api/explain/${this.id}/visits?from=${at}&to=${to}&min=${min}&limit=5000`);
      for (const v of page.path) this.add(v);
      for (const v of page.visits) this.add(v);
      const end = page.next || to;
      if (min <= 1) this.cover(at, end);
      if (!page.next) break;
      at = page.next;
    }
    if (min > 1) this.sized.push([from, to, min]);
  }

  private add(v: Visit) {
    if (this.nodes.has(v.visit)) return;
    this.nodes.set(v.visit, v);
    if (v.cut) this.cutList = null;
    this.maxPly = Math.max(this.maxPly, v.ply);
    if (v.parent < 0) return;
    const list = this.kids.get(v.parent);
    if (!list) {
      this.kids.set(v.parent, [v]);
      return;
    }
    let i = list.length;
    while (i > 0 && list[i - 1].visit > v.visit) i--;
    list.splice(i, 0, v);
  }

  private cover(from: number, to: number) {
    const r: Array<[number, number]> = [];
    for (const [a, b] of [...this.full, [from, to] as [number, number]].sort((x, y) => x[0] - y[0])) {
      const top = r[r.length - 1];
      if (top && a <= top[1]) top[1] = Math.max(top[1], b);
      else r.push([a, b]);
    }
    this.full = r;
  }

  // cutsAfter lists the cuts that fire just after visit v, the innermost
  // first: those of v and of its ancestors whose subtree ends with v. (A
  // cut fires when its last move searched returns, which is when the
  // last visit of its subtree is over.)
  cutsAfter(v: Visit): Visit[] {
    const out: Visit[] = [];
    for (const n of [v, ...this.ancestors(v).reverse()]) {
      if (last(n) !== v.visit) break;
      if (n.cut) out.push(n);
    }
    return out;
  }

  // cuts lists the cuts among the nodes here by the visit after which each
  // fires, the innermost first where several fire together.
  private cuts(): Visit[] {
    if (!this.cutList) {
      this.cutList = [...this.nodes.values()].filter((n) => n.cut).sort((a, b) => last(a) - last(b) || b.ply - a.ply);
    }
    return this.cutList;
  }
  private cutList: Visit[] | null = null;

  // firstCut returns the visit after which the first cut at ply fires
  // (among the nodes here), or -1. A cut at ply 1 refutes a move of the
  // root's.
  firstCut(ply: number): number {
    const c = this.cuts().find((n) => n.ply === ply);
    return c ? last(c) : -1;
  }

  // lastCutBefore returns the latest cut fired by visit v (its subtree
  // over by then), among the nodes here, or undefined.
  lastCutBefore(v: number): Visit | undefined {
    const c = this.cuts();
    let lo = 0;
    let hi = c.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (last(c[mid]) <= v) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? c[lo - 1] : undefined;
  }
}

// Moment is a place on a playback's timeline: the search has entered
// visit `visit`, and `cut` of the cuts that fire after it have fired.
export interface Moment {
  visit: number;
  cut: number;
}

// Timeline steps through a store's visits and cuts.
export class Timeline {
  constructor(readonly store: VisitStore) {}

  // next returns the moment after m, loading what it needs; null at the end.
  async next(m: Moment): Promise<Moment | null> {
    await this.store.ensure(m.visit, 2);
    this.store.prefetch(m.visit);
    const v = this.store.get(m.visit)!;
    if (m.cut < this.store.cutsAfter(v).length) return { visit: m.visit, cut: m.cut + 1 };
    if (m.visit + 1 >= this.store.total) return null;
    await this.store.ensure(m.visit + 1, 2);
    return { visit: m.visit + 1, cut: 0 };
  }

  // prev returns the moment before m; null at the start.
  async prev(m: Moment): Promise<Moment | null> {
    if (m.cut > 0) return { visit: m.visit, cut: m.cut - 1 };
    if (m.visit === 0) return null;
    await this.store.ensure(m.visit - 1);
    const v = this.store.get(m.visit - 1)!;
    return { visit: m.visit - 1, cut: this.store.cutsAfter(v).length };
  }

  // end returns the last moment.
  async end(): Promise<Moment> {
    const lastVisit = this.store.total - 1;
    await this.store.ensure(lastVisit);
    return { visit: lastVisit, cut: this.store.cutsAfter(this.store.get(lastVisit)!).length };
  }

  // nextCut returns the first moment after m at which a cut fires, or null.
  async nextCut(m: Moment): Promise<Moment | null> {
    for (let at: Moment | null = await this.next(m); at; at = await this.next(at)) {
      if (at.cut > 0) return at;
    }
    return null;
  }
}

// Counters are a playback's counts at a moment: the positions visited so
// far (every visit up to the current one) and those evaluated.
export interface Counters {
  visited: number;
  evaluated: number;
}

export function counters(v: Visit): Counters {
  return { visited: v.visit + 1, evaluated: v.evals + (v.evaluated ? 1 : 0) };
}

// TreeTrack is the track of one tree's playback: its visits and its cuts.
export class TreeTrack implements Track<Moment> {
  private tl: Timeline;
  readonly total: number;

  constructor(readonly store: VisitStore) {
    this.tl = new Timeline(store);
    this.total = store.total;
  }

  start = (): Moment => ({ visit: 0, cut: 0 });
  end = () => this.tl.end();
  next = (m: Moment) => this.tl.next(m);
  prev = (m: Moment) => this.tl.prev(m);
  nextCut = (m: Moment) => this.tl.nextCut(m);
  at = async (visit: number): Promise<Moment> => {
    await this.store.ensure(visit);
    return { visit, cut: 0 };
  };
  isCut = (m: Moment) => m.cut > 0;
  visit = (m: Moment) => m.visit;
}
