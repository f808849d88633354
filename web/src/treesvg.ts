// treesvg.ts draws an explained tree as a picture (SVG): one circle per
// position, the root at the top and each ply a row lower, and across, the
// order of the search: a node sits at its visit number, so the search
// sweeps the picture from left to right and a playback veils what it has
// not reached yet. The principal variation is a bold orange line, a cut
// ends in a grey fan of the moves it skipped (✂), and beyond the horizon
// (quiescence) the nodes are diamonds.
//
// A small tree (the tutorials' three moves by three replies) is drawn as
// their figures are: each position with its score beside it and its window
// (α β) below, and in a playback the scores flow up: a position shows its
// score once its subtree is searched, its best so far while it is.
//
// It stays fluid on trees of any size: only what is on screen is drawn,
// and the children too small to tell apart at the zoom merge into one grey
// wedge that says how many positions it holds; zooming in (wheel, pinch,
// +/−) loads and draws them. Drag to pan; click a node to go there,
// double-click it to fold its subtree into a wedge (and again to unfold).

import { t } from './i18n';
import type { VisitStore } from './visits';
import type { ExplainVisitView as Visit } from './wire';
import { last } from './visits';

const svgNS = 'http://www.w3.org/2000/svg';
// A child narrower than this (its subtree's share of the width) merges
// into a wedge with its small siblings.
const minNodePx = 5;
const pad = 14;
// Scores are written on the nodes when a visit is this wide (px), the
// windows too when it is windowPx wide or for the playback's node.
const scorePx = 22;
const windowPx = 40;
// A tree of at most this many positions leaves room for the labels below
// its last row.
const labelledTree = 60;
const labelPad = 34;

export interface TreeSVGOptions {
  height: number;
  onPick?: (visit: number) => void;
}

// TreeSVG is the picture of one tree in a host element.
export class TreeSVG {
  readonly svg: SVGSVGElement;
  private nodesG: SVGGElement;
  private veil: SVGRectElement;
  private pathG: SVGGElement;
  private cursorLine: SVGLineElement;
  private ring: SVGCircleElement;
  private boundRing: SVGCircleElement;
  private bound = -1; // the visit named by the cut shown (-1: none)
  private width = 600;
  private x0 = 0; // the visit at the left edge
  private k = 1; // pixels per visit
  private frame = 0;
  private cursor = -1; // the playback's visit (-1: no playback, nothing veiled)
  private cursorPath: Visit[] = [];
  follow = true;
  private folded = new Set<number>(); // nodes whose subtrees are drawn as one wedge
  private observer = new ResizeObserver(() => this.resize());
  // lastRender is how long the last render took (ms) and how many shapes
  // it drew: the benchmark reads them.
  lastRender = { ms: 0, shapes: 0 };

  constructor(
    host: HTMLElement,
    private store: VisitStore,
    private opts: TreeSVGOptions,
  ) {
    this.svg = document.createElementNS(svgNS, 'svg');
    this.svg.classList.add('xsvg');
    this.svg.setAttribute('role', 'img');
    this.svg.setAttribute('tabindex', '0');
    this.translate();
    this.svg.style.height = opts.height + 'px';
    this.nodesG = this.g('xsvg-nodes');
    this.veil = document.createElementNS(svgNS, 'rect');
    this.veil.classList.add('xsvg-veil');
    this.svg.append(this.veil);
    this.pathG = this.g('xsvg-path');
    this.cursorLine = document.createElementNS(svgNS, 'line');
    this.cursorLine.classList.add('xsvg-cursor');
    this.ring = document.createElementNS(svgNS, 'circle');
    this.ring.classList.add('xsvg-ring');
    this.ring.setAttribute('r', '8');
    this.boundRing = document.createElementNS(svgNS, 'circle');
    this.boundRing.classList.add('xsvg-bound');
    this.boundRing.setAttribute('r', '9');
    this.svg.append(this.cursorLine, this.ring, this.boundRing);
    host.append(this.svg);
    this.bind();
    this.observer.observe(this.svg);
    this.resize();
    this.fit();
  }

  // destroy stops following the picture's size (before it is dropped).
  destroy() {
    this.observer.disconnect();
    cancelAnimationFrame(this.frame);
  }

  // translate sets the picture's texts in the page's language.
  translate() {
    this.svg.setAttribute('aria-label', t('tree.label'));
    this.schedule();
  }

  private g(cls: string): SVGGElement {
    const g = document.createElementNS(svgNS, 'g');
    g.classList.add(cls);
    this.svg.append(g);
    return g;
  }

  private resize() {
    const w = this.svg.clientWidth || this.svg.getBoundingClientRect().width;
    if (w > 0 && Math.abs(w - this.width) > 0.5) {
      const fitted = this.isFitted();
      this.width = w;
      if (fitted) this.fit();
      else this.schedule();
    }
  }

  private isFitted(): boolean {
    return this.x0 === 0 && Math.abs(this.k - this.fitK()) < 1e-9;
  }

  private fitK(): number {
    return (this.width - 2 * pad) / Math.max(1, this.store.total);
  }

  // fit shows the whole tree.
  fit() {
    this.x0 = 0;
    this.k = this.fitK();
    this.schedule();
  }

  // zoom multiplies the scale by f around the screen x at (the centre by
  // default).
  zoom(f: number, at = this.width / 2) {
    const world = this.x0 + (at - pad) / this.k;
    this.k = Math.min(60, Math.max(this.fitK(), this.k * f));
    this.x0 = world - (at - pad) / this.k;
    this.clamp();
    this.schedule();
  }

  // zoomTo sets the scale to zoom times the whole tree's, visit at the
  // left third of the width.
  zoomTo(zoom: number, at: number) {
    this.k = this.fitK() * Math.max(1, zoom);
    this.x0 = at - (this.width - 2 * pad) / this.k / 3;
    this.clamp();
  }

  private pan(dx: number) {
    this.x0 -= dx / this.k;
    this.clamp();
    this.schedule();
  }

  private clamp() {
    const span = (this.width - 2 * pad) / this.k;
    this.x0 = Math.max(0, Math.min(this.x0, Math.max(0, this.store.total - span)));
  }

  // setCursor puts the playback at visit (with its path, root first, the
  // visit last); -1 ends the playback (nothing veiled).
  setCursor(visit: number, path: Visit[]) {
    this.cursor = visit;
    this.cursorPath = path;
    if (this.follow && visit >= 0) {
      const x = this.sx(visit);
      if (x < pad || x > this.width - pad) {
        this.x0 = visit - (this.width - 2 * pad) / this.k / 3;
        this.clamp();
        this.schedule();
      }
    }
    this.drawCursor();
    // The scores on a labelled tree follow the playback.
    if (this.labels()) this.schedule();
  }

  // setBound marks the visit whose score set the bound of the cut shown
  // (-1: none).
  setBound(visit: number) {
    if (visit === this.bound) return;
    this.bound = visit;
    this.boundRing.dataset.v = String(visit);
    this.drawCursor();
    if (this.labels()) this.schedule();
  }

  // labels reports whether the nodes carry their scores at this zoom.
  private labels(): boolean {
    return this.k >= scorePx;
  }

  // schedule renders at the next frame (once however often it is called).
  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private sx(visit: number): number {
    return pad + (visit + 0.5 - this.x0) * this.k;
  }

  private rowH(): number {
    const bottom = this.store.total <= labelledTree ? labelPad : pad;
    return (this.opts.height - pad - bottom) / Math.max(2, this.store.maxPly);
  }

  private sy(ply: number): number {
    return pad + ply * this.rowH();
  }

  // render draws the nodes on screen, merging those too small to draw, and
  // asks the store for the nodes the zoom needs.
  render() {
    const start = performance.now();
    const from = this.x0;
    const to = this.x0 + (this.width - 2 * pad) / this.k;
    const minSize = Math.max(1, Math.floor(minNodePx / this.k));
    void this.store.loadSized(from - 1, to + 1, minSize).then(
      (fetched) => fetched && this.schedule(),
      () => undefined,
    );
    const parts: string[] = [];
    const root = this.store.get(0);
    if (root) this.drawNode(root, from, to, parts);
    this.nodesG.innerHTML = parts.join('');
    this.drawCursor();
    this.lastRender = { ms: performance.now() - start, shapes: parts.length };
  }

  // drawNode draws n (on screen) and what is below it into parts.
  private drawNode(n: Visit, from: number, to: number, parts: string[]) {
    const x = this.sx(n.visit);
    const y = this.sy(n.ply);
    const kids = this.store.children(n.visit);
    // The children's range is split into children drawn one by one and
    // runs of small or unknown ones, drawn as wedges.
    let runFrom = n.visit + 1;
    const end = last(n) + 1;
    const wedge = (a: number, b: number) => {
      if (b <= a || b < from || a > to) return;
      this.drawWedge(x, y, n.ply + 1, a, b, parts);
    };
    for (const c of this.folded.has(n.visit) ? [] : kids) {
      if (c.size * this.k < minNodePx) continue;
      wedge(runFrom, c.visit);
      runFrom = last(c) + 1;
      if (last(c) + 1 < from || c.visit > to) continue;
      const cx = this.sx(c.visit);
      const cy = this.sy(c.ply);
      const cls = c.pv && n.pv ? 'xe pv' : 'xe';
      parts.push(`<line class="${cls}" x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${cx.toFixed(1)}" y2="${cy.toFixed(1)}"/>`);
      this.drawNode(c, from, to, parts);
    }
    wedge(runFrom, end);
    if (n.cut) this.drawCut(n, parts);
    this.drawDot(n, x, y, parts);
    if (this.labels()) this.drawLabel(n, x, y, parts);
  }

  // drawLabel writes n's score beside it and its window below, as the
  // tutorials' figures do; in a playback, the score once n's subtree is
  // searched (its best so far while it is on the path), nothing before
  // the search reaches it.
  private drawLabel(n: Visit, x: number, y: number, parts: string[]) {
    const at = this.cursor;
    if (at >= 0 && n.visit > at) return;
    let score = n.white;
    if (at >= 0 && last(n) > at) {
      // On the path: the best so far is what the child on the path was
      // entered with.
      const next = this.cursorPath[this.cursorPath.indexOf(n) + 1];
      score = next?.whiteBefore && !/∞/.test(next.whiteBefore) ? next.whiteBefore : '…';
    }
    // Left of the node, but for the root, at the picture's left edge.
    const cls = ['xlab', ...(n.visit === this.bound ? ['bound'] : []), ...(n.ply === 0 ? ['root'] : [])].join(' ');
    const lx = n.ply === 0 ? x + 9 : x - 7;
    parts.push(`<text class="${cls}" data-v="${n.visit}" x="${lx.toFixed(1)}" y="${(y - 5).toFixed(1)}">${esc(score)}</text>`);
    const current = at >= 0 && n.visit === this.cursorPath[this.cursorPath.length - 1]?.visit;
    if (n.whiteAlpha && n.whiteBeta && (this.k >= windowPx || current)) {
      parts.push(`<text class="xwin" x="${x.toFixed(1)}" y="${(y + 14).toFixed(1)}">α ${esc(n.whiteAlpha)}</text>`);
      parts.push(`<text class="xwin" x="${x.toFixed(1)}" y="${(y + 24).toFixed(1)}">β ${esc(n.whiteBeta)}</text>`);
    }
  }

  private drawDot(n: Visit, x: number, y: number, parts: string[]) {
    const cls = ['xn', n.turn === 'white' ? 'w' : 'b'];
    if (n.pv) cls.push('pv');
    if (n.cut) cls.push('cut');
    if (this.folded.has(n.visit)) cls.push('folded');
    if (n.visit === this.bound) cls.push('bound');
    const r = n.ply === 0 ? 6 : n.size === 1 ? 3 : 4.5;
    const title = `<title>${esc(nodeTitle(n))}</title>`;
    if (n.quiescence) {
      parts.push(
        `<path class="${cls.join(' ')} q" data-v="${n.visit}" d="M${x.toFixed(1)} ${(y - r - 1).toFixed(1)}l${r + 1} ${r + 1}l${-r - 1} ${r + 1}l${-r - 1} ${-r - 1}z">${title}</path>`,
      );
    } else {
      parts.push(`<circle class="${cls.join(' ')}" data-v="${n.visit}" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}">${title}</circle>`);
    }
  }

  // drawWedge draws the children between visits a and b-1 of the node at
  // (x, y) as one shape: a wedge down to their row and a band below it for
  // their own subtrees.
  private drawWedge(x: number, y: number, ply: number, a: number, b: number, parts: string[]) {
    const xa = this.sx(a) - this.k / 2;
    const xb = Math.max(xa + 1.5, this.sx(b - 1) + this.k / 2);
    const cy = this.sy(ply);
    const bottom = this.sy(Math.max(ply, this.store.maxPly));
    const n = b - a;
    parts.push(
      `<path class="xw" data-from="${a}" data-to="${b}" d="M${x.toFixed(1)} ${y.toFixed(1)}L${xa.toFixed(1)} ${cy.toFixed(1)}L${xa.toFixed(1)} ${bottom.toFixed(1)}L${xb.toFixed(1)} ${bottom.toFixed(1)}L${xb.toFixed(1)} ${cy.toFixed(1)}Z"><title>${esc(t('tree.wedge', { n }))}</title></path>`,
    );
    if (xb - xa > 36) {
      parts.push(`<text class="xwt" x="${((xa + xb) / 2).toFixed(1)}" y="${(cy + 12).toFixed(1)}">${n.toLocaleString()}</text>`);
    }
  }

  // drawCut draws the moves a cut skipped: a grey fan after its last
  // child, with ✂ and their number.
  private drawCut(n: Visit, parts: string[]) {
    const x = this.sx(last(n)) + Math.min(6, this.k / 2);
    const y = this.sy(n.ply);
    const cy = this.sy(n.ply + 1);
    const spread = Math.min(14, 3 + n.cut!.skipped);
    parts.push(`<path class="xcutfan" d="M${x.toFixed(1)} ${y.toFixed(1)}l${(spread / 3).toFixed(1)} ${(cy - y).toFixed(1)}M${x.toFixed(1)} ${y.toFixed(1)}l${spread.toFixed(1)} ${(cy - y).toFixed(1)}M${x.toFixed(1)} ${y.toFixed(1)}l${((2 * spread) / 3).toFixed(1)} ${(cy - y).toFixed(1)}"/>`);
    if (this.k * n.size > 24) {
      parts.push(`<text class="xcutt" x="${(x + spread + 2).toFixed(1)}" y="${(cy - 2).toFixed(1)}">✂${n.cut!.skipped}</text>`);
    }
  }

  // drawCursor draws the playback: the veil over what is not visited yet,
  // the path from the root in bold, a ring on the current node.
  private drawCursor() {
    const h = this.opts.height;
    const b = this.bound >= 0 ? this.store.get(this.bound) : undefined;
    this.boundRing.setAttribute('visibility', b ? 'visible' : 'hidden');
    if (b) {
      this.boundRing.setAttribute('cx', this.sx(b.visit).toFixed(1));
      this.boundRing.setAttribute('cy', this.sy(b.ply).toFixed(1));
    }
    if (this.cursor < 0) {
      this.veil.setAttribute('width', '0');
      this.cursorLine.setAttribute('visibility', 'hidden');
      this.ring.setAttribute('visibility', 'hidden');
      this.pathG.innerHTML = '';
      return;
    }
    const cx = this.sx(this.cursor);
    const vx = Math.max(0, cx + Math.max(3, this.k / 2));
    this.veil.setAttribute('x', vx.toFixed(1));
    this.veil.setAttribute('y', '0');
    this.veil.setAttribute('width', Math.max(0, this.width - vx).toFixed(1));
    this.veil.setAttribute('height', String(h));
    this.cursorLine.setAttribute('visibility', 'visible');
    for (const [a, v] of [
      ['x1', cx],
      ['x2', cx],
      ['y1', 0],
      ['y2', h],
    ] as Array<[string, number]>) {
      this.cursorLine.setAttribute(a, v.toFixed(1));
    }
    const pts = this.cursorPath.map((p) => `${this.sx(p.visit).toFixed(1)},${this.sy(p.ply).toFixed(1)}`).join(' ');
    this.pathG.innerHTML = `<polyline points="${pts}"/>`;
    const cur = this.cursorPath[this.cursorPath.length - 1];
    if (cur) {
      this.ring.setAttribute('visibility', 'visible');
      this.ring.setAttribute('cx', this.sx(cur.visit).toFixed(1));
      this.ring.setAttribute('cy', this.sy(cur.ply).toFixed(1));
    }
  }

  // bind handles the pointer (drag to pan, wheel and pinch to zoom, click
  // to pick) and the keyboard (+, −, 0).
  private bind() {
    const pointers = new Map<number, { x: number; y: number }>();
    let moved = 0;
    let pinch = 0;
    const local = (e: PointerEvent | WheelEvent) => e.clientX - this.svg.getBoundingClientRect().left;
    this.svg.addEventListener('pointerdown', (e) => {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      moved = 0;
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = Math.abs(a.x - b.x);
      }
    });
    this.svg.addEventListener('pointermove', (e) => {
      const p = pointers.get(e.pointerId);
      if (!p) return;
      if (pointers.size === 1) {
        const dx = e.clientX - p.x;
        moved += Math.abs(dx);
        // A drag keeps the pointer (not a click: a captured pointer's click
        // would land on the picture, not on the node under it).
        if (moved > 4 && !this.svg.hasPointerCapture(e.pointerId)) this.svg.setPointerCapture(e.pointerId);
        if (dx) this.pan(dx);
      } else if (pointers.size === 2) {
        pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
        const [a, b] = [...pointers.values()];
        const d = Math.abs(a.x - b.x);
        if (pinch > 10 && d > 10) this.zoom(d / pinch, (a.x + b.x) / 2 - this.svg.getBoundingClientRect().left);
        pinch = d;
        moved = 99;
        return;
      }
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    });
    const up = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
    };
    this.svg.addEventListener('pointerup', up);
    this.svg.addEventListener('pointercancel', up);
    this.svg.addEventListener('click', (e) => {
      if (moved > 4) return;
      const target = e.target as Element;
      const v = target.getAttribute('data-v');
      if (v !== null) {
        this.opts.onPick?.(Number(v));
        return;
      }
      const a = target.getAttribute('data-from');
      const b = target.getAttribute('data-to');
      if (a !== null && b !== null) {
        // A wedge: zoom until its nodes can be told apart.
        const span = Number(b) - Number(a);
        this.zoom(Math.max(2, Math.min(40, (this.width - 2 * pad) / 3 / (span * this.k))), local(e as PointerEvent));
      }
    });
    this.svg.addEventListener('dblclick', (e) => {
      const v = (e.target as Element).getAttribute('data-v');
      if (v === null) return;
      const n = Number(v);
      if (!this.folded.delete(n)) this.folded.add(n);
      this.schedule();
    });
    this.svg.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) this.pan(-(e.deltaX || e.deltaY));
        else this.zoom(Math.exp(-e.deltaY / 300), local(e));
      },
      { passive: false },
    );
    this.svg.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === '+' || e.key === '=') this.zoom(1.5);
      else if (e.key === '-' || e.key === '_') this.zoom(1 / 1.5);
      else if (e.key === '0') this.fit();
      else return;
      e.preventDefault();
      e.stopPropagation();
    });
  }
}

function nodeTitle(n: Visit): string {
  const parts = [n.ply === 0 ? t('explain.rootLabel') : `${n.san}`, n.white];
  parts.push(t('tree.visit', { n: n.visit }));
  if (n.size > 1) parts.push(t('tree.size', { n: n.size }));
  if (n.cut) parts.push(t('tree.cutTitle', { n: n.cut.skipped }));
  return parts.join(' · ');
}

function esc(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
