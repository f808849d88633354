// graph.ts draws a game's evaluation as lichess and chess.com do after a
// game: an SVG area chart, one point a position, White's share of the
// evaluation (the evaluation bar's: words.scoreFraction) filled white from
// the bottom, so White's advantage goes up; the inaccuracies, mistakes and
// blunders as dots in their colours; a line at the position shown. Clicking
// or dragging goes to the position under the pointer; so do the arrow keys
// when it has the focus (it is a slider).

import type { ReviewJudgement, Score } from './wire';
import { scoreFraction } from './words';

const svgNS = 'http://www.w3.org/2000/svg';

// Mark is a judged move: its index among the graph's points (the position
// after it) and its judgement.
export interface Mark {
  index: number;
  judgement: ReviewJudgement;
  label: string; // what the dot's tooltip says ("12… Qg5??")
}

export interface Point {
  x: number;
  y: number;
}

// whiteShare is White's share of a position's evaluation, 0..1, as the
// evaluation bar shows it; a checkmate on the board ({mate: 0}) counts for
// the side that moved into it.
export function whiteShare(s: Score | null | undefined, whiteMoved: boolean): number {
  if (s && s.mate === 0) return whiteMoved ? 1 : 0;
  return scoreFraction(s ?? undefined);
}

// points places shares (White's, 0..1, one a position) on a width × height
// chart: evenly from left to right, White's share up (1 at the top).
export function points(shares: number[], width: number, height: number): Point[] {
  const n = shares.length;
  const step = n > 1 ? width / (n - 1) : 0;
  return shares.map((s, i) => ({
    x: n > 1 ? i * step : width / 2,
    y: (1 - Math.min(1, Math.max(0, s))) * height,
  }));
}

// linePath is the SVG path through the points.
export function linePath(pts: Point[]): string {
  return pts.map((p, i) => (i === 0 ? 'M' : 'L') + fmt(p.x) + ',' + fmt(p.y)).join(' ');
}

// areaPath is the SVG path of the area under the points, down to the
// bottom of a chart height tall.
export function areaPath(pts: Point[], height: number): string {
  if (pts.length === 0) return '';
  const first = pts[0];
  const last = pts[pts.length - 1];
  return `M${fmt(first.x)},${fmt(height)} ` + pts.map((p) => 'L' + fmt(p.x) + ',' + fmt(p.y)).join(' ') + ` L${fmt(last.x)},${fmt(height)} Z`;
}

// indexAt is the index of the point nearest to x on a chart width wide
// with n points.
export function indexAt(x: number, width: number, n: number): number {
  if (n <= 1 || width <= 0) return 0;
  return Math.min(n - 1, Math.max(0, Math.round((x / width) * (n - 1))));
}

const fmt = (v: number) => String(Math.round(v * 10) / 10);

// pad keeps the dots at the chart's edges whole.
const pad = 6;

// EvalGraph is the chart in the page. It draws at its box's size and again
// when that changes.
export class EvalGraph {
  readonly el: SVGSVGElement;
  private shares: number[] = [];
  private marks: Mark[] = [];
  private current = -1;
  private text: (index: number) => string = () => '';
  private dragging = false;

  constructor(
    private box: HTMLElement,
    // onSelect is told the index of the position the user chose.
    private onSelect: (index: number) => void,
  ) {
    this.el = document.createElementNS(svgNS, 'svg');
    this.el.setAttribute('class', 'eval-graph');
    this.el.setAttribute('role', 'slider');
    this.el.setAttribute('tabindex', '0');
    this.el.setAttribute('aria-valuemin', '0');
    box.append(this.el);
    this.el.addEventListener('pointerdown', (e) => {
      this.dragging = true;
      this.el.setPointerCapture(e.pointerId);
      this.pick(e);
    });
    this.el.addEventListener('pointermove', (e) => {
      if (this.dragging) this.pick(e);
    });
    const stop = () => (this.dragging = false);
    this.el.addEventListener('pointerup', stop);
    this.el.addEventListener('pointercancel', stop);
    this.el.addEventListener('keydown', (e) => {
      const n = this.shares.length;
      const to: Record<string, number> = { ArrowLeft: this.current - 1, ArrowRight: this.current + 1, Home: 0, End: n - 1 };
      if (!(e.key in to) || n === 0) return;
      e.preventDefault();
      e.stopPropagation();
      this.onSelect(Math.min(n - 1, Math.max(0, to[e.key])));
    });
    new ResizeObserver(() => this.draw()).observe(box);
  }

  // set draws shares (White's, one a position) with the judged moves, the
  // position current marked; text(i) says position i in words (for the
  // slider's value), label the slider's name.
  set(shares: number[], marks: Mark[], current: number, label: string, text: (index: number) => string) {
    this.shares = shares;
    this.marks = marks;
    this.current = current;
    this.text = text;
    this.el.setAttribute('aria-label', label);
    this.draw();
  }

  // show marks position index as the one shown.
  show(index: number) {
    if (index === this.current) return;
    this.current = index;
    this.draw();
  }

  private pick(e: PointerEvent) {
    const r = this.el.getBoundingClientRect();
    const i = indexAt(e.clientX - r.left - pad, r.width - 2 * pad, this.shares.length);
    if (i !== this.current) this.onSelect(i);
  }

  private draw() {
    const w = this.box.clientWidth;
    const h = this.box.clientHeight;
    const svg = this.el;
    svg.replaceChildren();
    if (w === 0 || h === 0 || this.shares.length === 0) return;
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    svg.setAttribute('width', String(w));
    svg.setAttribute('height', String(h));
    svg.setAttribute('aria-valuemax', String(this.shares.length - 1));
    svg.setAttribute('aria-valuenow', String(Math.max(0, this.current)));
    svg.setAttribute('aria-valuetext', this.text(Math.max(0, this.current)));
    // The chart inside the padding; the white area reaches the bottom.
    const cw = w - 2 * pad;
    const ch = h - 2 * pad;
    const pts = points(this.shares, cw, ch).map((p) => ({ x: p.x + pad, y: p.y + pad }));
    const add = (tag: string, attrs: Record<string, string>, parent: Element = svg) => {
      const e = document.createElementNS(svgNS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      parent.append(e);
      return e;
    };
    add('rect', { class: 'sky', x: '0', y: '0', width: String(w), height: String(h) });
    // The curve runs on flat into the padding, edge to edge.
    const edge = [{ x: 0, y: pts[0].y }, ...pts, { x: w, y: pts[pts.length - 1].y }];
    add('path', { class: 'area', d: areaPath(edge, h) });
    add('line', { class: 'mid', x1: '0', y1: fmt(h / 2), x2: String(w), y2: fmt(h / 2) });
    add('path', { class: 'curve', d: linePath(edge) });
    if (this.current >= 0 && this.current < pts.length) {
      const x = fmt(pts[this.current].x);
      add('line', { class: 'now', x1: x, y1: '0', x2: x, y2: String(h) });
    }
    for (const m of this.marks) {
      const p = pts[m.index];
      if (!p || !m.judgement) continue;
      const c = add('circle', { class: 'mark ' + m.judgement, cx: fmt(p.x), cy: fmt(p.y), r: m.index === this.current ? '5.5' : '4' });
      c.dataset.index = String(m.index);
      add('title', {}, c).textContent = m.label;
    }
  }
}
