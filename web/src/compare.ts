// compare.ts is the explorer's second tab: the same position searched by
// minimax and by alpha-beta with three move orderings (random, as the
// tutorials; captures first; the engine's: hash move, killers, history),
// each tree drawn to its own panel's width (a small tree is as readable as
// a large one; the counts say their sizes), played back in step, visit by
// visit, so a learner sees the same kind of cut come sooner when the best
// moves come first. Each panel counts its positions (the engine's order
// with the shallower searches that learnt it, as one figure) and says,
// once it has happened, when it first refuted a move of the root's (its
// first cut at ply 1).

import { ApiError, request } from './api';
import { errText } from './errors';
import { el } from './dom';
import { t } from './i18n';
import type { ExplainReport as Report, ExplainRequest } from './wire';
import { cutWords, fmt, lineText, methodName, methods, sideName } from './explainwords';
import { Playback, PlaybackBar } from './playback';
import type { Track } from './playback';
import { TreeSVG } from './treesvg';
import { counters, last, VisitStore } from './visits';

// The order of the panels: the most positions first.
const order = ['minimax', 'alphabeta', 'ordered', 'engine-order'];

// ComparePanel is the tab's content.
export class ComparePanel {
  private pb: Playback<number> | null = null;
  private bar: PlaybackBar<number> | null = null;
  private panels: ComparePane[] = [];
  private runs = 0;

  constructor(private host: HTMLElement) {}

  // run searches fen with each ordering (four trees, one at a time: the
  // server computes one tree at a time) and shows them.
  async run(fen: string, depth: number, quiescence: boolean, width = 0) {
    const run = ++this.runs;
    this.pause();
    // The old position's panels go while the new searches run.
    for (const p of this.panels) p.destroy();
    this.panels = [];
    this.pb = null;
    this.bar = null;
    this.host.replaceChildren(el('p', { className: 'explain-help', textContent: t('explain.searching') }));
    const wanted = order.filter((m) => methods.includes(m));
    const panes: ComparePane[] = [];
    const notSearched: ComparePane[] = []; // shown last, as a note
    for (const method of wanted) {
      if (quiescence && method === 'minimax') {
        notSearched.push(new ComparePane(method, null, fen, 0, t('compare.notSearched')));
        continue;
      }
      const body: ExplainRequest = { fen, depth, method, quiescence, treeOnly: true, width };
      let r: Report;
      try {
        r = await request<Report>('POST', '/api/explain', body);
      } catch (e) {
        // A tree over the server's limit (minimax at depth 4) is a note.
        if (!(e instanceof ApiError) || e.code !== 'too_big_to_explain') throw e;
        if (run !== this.runs) return;
        notSearched.push(new ComparePane(method, null, fen, 0, errText(e)));
        continue;
      }
      const store = new VisitStore(r.id ?? '', r.treeNodes);
      await store.start();
      if (run !== this.runs) return;
      panes.push(new ComparePane(method, store, r.fen, r.warmup ?? 0));
    }
    if (run !== this.runs) return;
    this.panels = [...panes, ...notSearched];
    const stores = panes.map((p) => p.store).filter((s): s is VisitStore => s !== null);
    const total = Math.max(...stores.map((s) => s.total));
    this.pb = new Playback(
      new StepTrack(stores, total),
      (s) => this.showStep(s),
      () => this.bar?.update(),
    );
    this.pb.pauseAtCuts = false;
    this.pb.speed = 10;
    this.bar = new PlaybackBar(this.pb, { cuts: true });
    this.mount();
  }

  // mount draws the panels, in the page's language.
  private mount() {
    if (!this.bar || !this.pb) return;
    const grid = el('div', { className: 'xcmp-grid' });
    this.host.replaceChildren(el('p', { className: 'explain-help', textContent: t('compare.help') }), this.bar.el, grid);
    for (const p of this.panels) p.mount(grid);
    this.showStep(this.pb.moment);
  }

  // translate draws the panels again in the page's language.
  translate() {
    this.bar?.translate();
    this.mount();
  }

  play() {
    if (!this.pb) return;
    void this.pb.toStart().then(() => this.pb?.play());
  }

  pause() {
    this.pb?.pause();
  }

  key(e: KeyboardEvent) {
    this.bar?.key(e);
  }

  private showStep(s: number) {
    for (const p of this.panels) p.show(s);
    this.bar?.update();
    this.host.dataset.step = String(s);
  }
}

// StepTrack walks several trees in step: moment s is visit s of each (the
// last visit of those that are over). A cut fires at s when one fires in
// any of them.
class StepTrack implements Track<number> {
  constructor(
    private stores: VisitStore[],
    readonly total: number,
  ) {}

  start = () => 0;
  end = async () => this.total - 1;
  next = async (s: number) => {
    if (s + 1 >= this.total) return null;
    await Promise.all(this.stores.map((st) => st.ensure(Math.min(s + 1, st.total - 1), 2)));
    return s + 1;
  };
  prev = async (s: number) => {
    if (s === 0) return null;
    await Promise.all(this.stores.map((st) => st.ensure(Math.min(s - 1, st.total - 1))));
    return s - 1;
  };
  nextCut = async (s: number) => {
    for (let at = await this.next(s); at !== null; at = await this.next(at)) if (this.isCut(at)) return at;
    return null;
  };
  at = async (visit: number) => {
    await Promise.all(this.stores.map((st) => st.ensure(Math.min(visit, st.total - 1))));
    return visit;
  };
  isCut = (s: number) =>
    this.stores.some((st) => {
      const v = st.get(Math.min(s, st.total - 1));
      return !!v && s < st.total && st.cutsAfter(v).length > 0;
    });
  visit = (s: number) => s;
}

// ComparePane is one ordering's panel.
class ComparePane {
  private svg: TreeSVG | null = null;
  private countersEl = el('p', { className: 'xcmp-counters' });
  private lineEl = el('p', { className: 'xcmp-line' });
  private cutEl = el('p', { className: 'xcmp-cut' });
  private firstEl = el('p', { className: 'xcmp-first' });

  private first = -1; // the step after which the first cut at ply 1 fires (-1: none)

  constructor(
    readonly method: string,
    readonly store: VisitStore | null,
    private rootFEN: string,
    private warmup = 0,
    private note = '', // why a method has no tree
  ) {}

  mount(grid: HTMLElement) {
    const head = el('h4', {}, el('span', { textContent: methodName(this.method) }));
    const box = el('section', { className: 'xcmp-pane' }, head);
    box.dataset.method = this.method;
    grid.append(box);
    if (!this.store) {
      box.classList.add('note');
      box.append(el('p', { className: 'xcmp-note', textContent: this.note }));
      return;
    }
    // One figure, as the comparison table says it: the tree and the
    // shallower searches that learnt its order.
    const total = this.store.total + this.warmup;
    head.append(el('span', { className: 'xcmp-total', textContent: ' · ' + t('compare.nodes', { n: fmt(total) }) + (this.warmup ? ' ' + t('cmp.warmup', { n: fmt(this.warmup) }) : '') }));
    const svgHost = el('div', { className: 'xcmp-svg' });
    box.append(svgHost, this.countersEl, this.firstEl, this.lineEl, this.cutEl);
    this.svg?.destroy();
    this.svg = new TreeSVG(svgHost, this.store, { height: 110 });
    this.first = this.store.firstCut(1);
  }

  destroy() {
    this.svg?.destroy();
  }

  show(s: number) {
    const st = this.store;
    if (!st) return;
    const at = Math.min(s, st.total - 1);
    const v = st.get(at);
    if (!v) return;
    const path = [...st.ancestors(v), v];
    const over = s >= st.total - 1;
    this.svg?.setCursor(over ? -1 : at, path);
    const c = counters(v);
    this.countersEl.textContent = over ? t('compare.over', { n: fmt(st.total) }) : t('compare.counters', { visited: fmt(c.visited), evaluated: fmt(c.evaluated) });
    this.lineEl.textContent = lineText(path, this.rootFEN);
    const cut = st.lastCutBefore(at);
    this.cutEl.textContent = cut ? t('compare.lastCut', { n: fmt(last(cut) + 1) }) + ' ' + cutWords(cut, st.children(cut.visit).find((k) => last(k) === last(cut))).text : '';
    // The first refutation is told once the playback has reached it.
    const root = st.get(0);
    if (this.first < 0) this.firstEl.textContent = this.method === 'minimax' ? t('compare.noCut') : '';
    else this.firstEl.textContent = s >= this.first ? t('compare.firstCut', { n: fmt(this.first + 1), side: sideName(root?.turn ?? 'white') }) : '';
    this.cutEl.classList.toggle('fresh', !!cut && last(cut) === at);
  }
}
