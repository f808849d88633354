// explain.ts is the search explorer ("See the AI think"): for a position
// (the one shown on the board, or a FEN pasted in) it asks the server to
// run the tutorials' searches (POST /api/explain) and shows the tree one
// of them searched three ways, kept in step:
//
//   - a playback (playback.ts) of the search, visit by visit: the board
//     shows the position the search is in, the path from the root with α
//     and β at each ply, the counters of positions visited and evaluated,
//     and each cut in words when it fires, its skipped moves fading;
//   - a picture of the tree (treesvg.ts), which the search sweeps from
//     left to right, zoomable to the last leaf;
//   - the tree as a list, loaded a node at a time (GET /api/explain/{id}/node),
//     so a tree of a million nodes never reaches the page at once.
//
// Beside them: the comparison of methods, the evaluation term by term and
// the engine's candidate moves. A second tab plays four move orderings
// side by side (compare.ts); the guided lesson (lesson.ts) drives both.
//
// The list is a WAI-ARIA tree view: one tab stop (a roving tabindex), ↑/↓
// between the visible moves, → opens a move (loading its children) or goes
// to its first child, ← closes it or goes to its parent, Home/End, and
// Enter/Space select the move (the playback goes there). Elsewhere in the
// dialog Space plays or pauses the playback and ←/→ step it.

import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { DrawShape } from '@lichess-org/chessground/draw';
import type { Key } from '@lichess-org/chessground/types';
import { request } from './api';
import { errText } from './errors';
import { el } from './dom';
import { onLangChange, t, tn } from './i18n';
import type { MessageKey } from './i18n';
import { ComparePanel } from './compare';
import { LessonPanel } from './lesson';
import { Playback, PlaybackBar } from './playback';
import { TreeSVG } from './treesvg';
import { counters, TreeTrack, VisitStore } from './visits';
import { cutWords, fewerText, fmt, lineText, methodName, methods, moveLabel, sideName } from './explainwords';
import type { CutWords } from './explainwords';
import type { Moment } from './visits';
import type {
  ExplainCutView as Cut,
  ExplainLessonView,
  ExplainNodeView as NodeView,
  ExplainReport as Report,
  ExplainRequest,
  ExplainSize,
  ExplainVisitView as Visit,
} from './wire';
import './explain.css';

export const startFEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const cp = (n: number) => (n > 0 ? '+' : '') + (n / 100).toFixed(2);
// widths are the moves kept at every node that the form offers (0: all).
const widths = [0, 2, 3, 5];
// Playing faster than fastPlay visits a second, the path, the board and the
// words are shown every slowEvery ms.
const fastPlay = 60;
const slowEvery = 100;

// ExplainPanel is the dialog; one per page (see openExplain).
export class ExplainPanel {
  private dlg: HTMLDialogElement;
  private board: Api | null = null;
  private id = '';
  private report: Report | null = null;
  private fenInput: HTMLInputElement;
  private depth: HTMLSelectElement;
  private method: HTMLSelectElement;
  private quiescence: HTMLInputElement;
  private width: HTMLSelectElement;
  private sizeEl: HTMLElement;
  // size is the server's node budget and minimax's tree size for the
  // form's request (key), once asked (GET /api/explain/size).
  private size: { key: string; answer: Promise<ExplainSize | null> } | null = null;
  private status: HTMLElement;
  private tabs: HTMLElement;
  private treeTab: HTMLButtonElement;
  private compareTab: HTMLButtonElement;
  private treeView: HTMLElement;
  private compareView: HTMLElement;
  private body: HTMLElement;
  private boardEl: HTMLElement;
  private caption: HTMLElement;
  private playHost: HTMLElement;
  private countersEl: HTMLElement;
  private pathTable: HTMLElement;
  private announce: HTMLElement;
  private svgHost: HTMLElement;
  private rootFEN = startFEN;
  private compare: ComparePanel;
  private lesson: LessonPanel;
  private texts: Array<() => void> = [];
  // The playback of the tree shown, with its data and its picture.
  private store: VisitStore | null = null;
  private pb: Playback<Moment> | null = null;
  private bar: PlaybackBar<Moment> | null = null;
  private svg: TreeSVG | null = null;
  private runs = 0; // counts explanations, to drop a stale one
  private slowShown = 0; // when a fast play last showed the path, the board and the words
  private treeTexts: () => void = () => undefined; // the picture's texts, in the page's language
  // tree is the rendered list; current is its one tabbable item (the roving
  // tabindex), selected the item chosen with a click, Enter or Space.
  private tree: HTMLElement | null = null;
  private current: HTMLElement | null = null;
  private selected: HTMLElement | null = null;
  private rows = 0;
  // toggles opens or closes an item that has children (what its ▸ does).
  private toggles = new WeakMap<HTMLElement, (limit?: number) => Promise<void>>();

  constructor() {
    const text = <T extends HTMLElement>(e: T, f: (e: T) => void): T => {
      this.texts.push(() => f(e));
      return e;
    };
    this.fenInput = el('input', { id: 'explain-fen', type: 'text', spellcheck: false, placeholder: startFEN });
    text(this.fenInput, (e) => e.setAttribute('aria-label', t('explain.positionLabel')));
    this.depth = el('select', { id: 'explain-depth' }, ...[1, 2, 3, 4].map((d) => el('option', { value: String(d), selected: d === 3 })));
    text(this.depth, (e) => [...e.options].forEach((o, i) => (o.textContent = tn('explain.plies', i + 1))));
    this.method = el('select', { id: 'explain-method' }, ...methods.map((m) => el('option', { value: m })));
    text(this.method, (e) => [...e.options].forEach((o) => (o.textContent = methodName(o.value))));
    this.quiescence = el('input', { id: 'explain-quiescence', type: 'checkbox' });
    const qLabel = el('label', { className: 'explain-q' }, this.quiescence, el('span'));
    text(qLabel, (e) => {
      e.lastElementChild!.textContent = ' ' + t('explain.quiescence');
      e.title = t('explain.quiescenceTitle');
    });
    const syncQ = () => {
      // Minimax with quiescence would never end: the server refuses it.
      const mm = this.method.value === 'minimax';
      this.quiescence.disabled = mm;
      if (mm) this.quiescence.checked = false;
    };
    this.method.addEventListener('change', syncQ);
    this.width = el('select', { id: 'explain-width' }, ...widths.map((w) => el('option', { value: String(w), selected: w === 0 })));
    text(this.width, (e) => {
      [...e.options].forEach((o) => (o.textContent = o.value === '0' ? t('explain.widthAll') : t('explain.widthN', { n: o.value })));
      e.title = t('explain.widthTitle');
    });
    this.sizeEl = el('p', { id: 'explain-size', className: 'explain-size' });
    for (const c of [this.fenInput, this.depth, this.method, this.width]) c.addEventListener('change', () => void this.showSize());
    const go = text(el('button', { type: 'submit', id: 'explain-go', className: 'primary' }), (e) => (e.textContent = t('explain.go')));
    const close = text(el('button', { type: 'button', id: 'explain-close' }), (e) => (e.textContent = t('explain.close')));
    const lessonBtn = text(el('button', { type: 'button', id: 'explain-lesson' }), (e) => (e.textContent = t('lesson.button')));
    const label = (key: MessageKey, control: HTMLElement) => text(el('label', {}, el('span'), control), (e) => (e.firstElementChild!.textContent = t(key) + ' '));
    const form = el(
      'form',
      { id: 'explain-form', className: 'explain-form' },
      label('explain.position', this.fenInput),
      label('explain.depth', this.depth),
      label('explain.treeOf', this.method),
      label('explain.width', this.width),
      qLabel,
      go,
    );
    this.status = el('p', { id: 'explain-status', className: 'explain-status' });
    this.status.setAttribute('aria-live', 'polite');

    // The tabs: one tree, or the orderings side by side.
    this.treeTab = text(el('button', { type: 'button', id: 'explain-tab-tree', role: 'tab' }), (e) => (e.textContent = t('explain.modeTree')));
    this.compareTab = text(el('button', { type: 'button', id: 'explain-tab-compare', role: 'tab' }), (e) => (e.textContent = t('explain.modeCompare')));
    this.tabs = el('div', { className: 'explain-tabs', role: 'tablist' }, this.treeTab, this.compareTab);
    this.treeTab.addEventListener('click', () => this.setMode('tree', true));
    this.compareTab.addEventListener('click', () => this.setMode('compare', true));

    this.boardEl = el('div', { id: 'explain-board', className: 'explain-board cg-wrap' });
    this.caption = el('p', { id: 'explain-caption', className: 'explain-caption' });
    this.playHost = el('div', { id: 'explain-playback', className: 'explain-playback' });
    this.countersEl = el('p', { id: 'explain-counters', className: 'explain-counters' });
    this.announce = el('div', { id: 'explain-announce', className: 'explain-announce', role: 'status' });
    this.pathTable = el('div', { id: 'explain-path', className: 'explain-path' });
    this.svgHost = el('div', { id: 'explain-svg', className: 'explain-svg' });
    this.body = el('div', { id: 'explain-body', className: 'explain-main' });
    const side = el('div', { className: 'explain-side' }, this.boardEl, this.caption, this.playHost, this.countersEl, this.announce, this.pathTable);
    this.treeView = el('div', { id: 'explain-treeview', className: 'explain-cols', role: 'tabpanel' }, side, el('div', { className: 'explain-main' }, this.svgHost, this.body));
    this.compareView = el('div', { id: 'explain-compareview', className: 'explain-compare', role: 'tabpanel', hidden: true });
    this.compare = new ComparePanel(this.compareView);
    const lessonBox = el('section', { id: 'explain-lessonbox', className: 'explain-lesson', hidden: true });
    this.lesson = new LessonPanel(
      lessonBox,
      (v) => this.applyView(v),
      (section) => this.showSection(section),
    );
    const title = text(el('h2', {}), (e) => (e.textContent = t('explain.title')));
    this.dlg = el(
      'dialog',
      { id: 'dlg-explain', className: 'explain' },
      el('div', { className: 'explain-head' }, title, lessonBtn, close),
      lessonBox,
      form,
      this.sizeEl,
      this.tabs,
      this.status,
      this.treeView,
      this.compareView,
    );
    text(this.dlg, (e) => e.setAttribute('aria-label', t('explain.label')));
    document.body.append(this.dlg);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.run();
    });
    close.addEventListener('click', () => this.dlg.close());
    lessonBtn.addEventListener('click', () => void this.lesson.start());
    this.dlg.addEventListener('close', () => {
      this.pb?.pause();
      this.compare.pause();
    });
    this.dlg.addEventListener('keydown', (e) => {
      if (!this.compareView.hidden) this.compare.key(e);
      else this.bar?.key(e);
    });
    onLangChange(() => this.translate());
    this.translate();
    this.setMode('tree', false);
  }

  private translate() {
    for (const f of this.texts) f();
    this.bar?.translate();
    this.treeTexts();
    this.compare.translate();
    if (this.report) this.render(this.report);
    void this.showSize();
    // The list was made again: it opens down to the playback's node again.
    if (this.pb) this.showMoment(this.pb.moment, true);
  }

  // open shows the panel for fen and explains it.
  open(fen: string) {
    this.fenInput.value = fen || startFEN;
    this.ensureOpen();
    this.show(this.fenInput.value, t('explain.thePosition'));
    void this.run();
  }

  // openLesson shows the panel with the guided lesson's first step;
  // onClose is called when the dialog closes.
  openLesson(onClose?: () => void) {
    this.ensureOpen();
    if (onClose) this.dlg.addEventListener('close', onClose, { once: true });
    void this.lesson.start();
  }

  private ensureOpen() {
    if (!this.dlg.open) this.dlg.showModal();
    if (!this.board) {
      this.board = Chessground(this.boardEl, {
        viewOnly: true,
        coordinates: false,
        fen: this.fenInput.value || startFEN,
        animation: { enabled: false },
        drawable: { enabled: false, visible: true },
      });
    }
  }

  private setMode(mode: 'tree' | 'compare', run: boolean) {
    const tree = mode === 'tree';
    this.treeTab.setAttribute('aria-selected', String(tree));
    this.compareTab.setAttribute('aria-selected', String(!tree));
    this.treeView.hidden = !tree;
    this.compareView.hidden = tree;
    this.dlg.dataset.mode = mode;
    if (tree) this.compare.pause();
    else this.pb?.pause();
    if (run && !tree) void this.runCompare();
  }

  private request() {
    return {
      fen: this.fenInput.value.trim() || startFEN,
      depth: Number(this.depth.value),
      method: this.method.value,
      quiescence: this.quiescence.checked && this.method.value !== 'minimax',
      width: Number(this.width.value),
    } satisfies ExplainRequest;
  }

  // sizeOf returns the server's node budget and minimax's tree size for
  // request r (asked once per position, depth and width), or null if the
  // server cannot say.
  private sizeOf(r: ExplainRequest): Promise<ExplainSize | null> {
    const key = new URLSearchParams({ fen: r.fen ?? startFEN, depth: String(r.depth), width: String(r.width ?? 0) }).toString();
    if (this.size?.key !== key) {
      this.size = { key, answer: request<ExplainSize>('GET', '/api/explain/size?' + key).catch(() => null) };
    }
    return this.size.answer;
  }

  // sizeWords says how many positions minimax would visit for r against
  // the server's budget, a warning when it passes it; over reports
  // whether the server would certainly refuse the request.
  private async sizeWords(r: ExplainRequest): Promise<{ text: string; warn: boolean; over: boolean }> {
    const s = await this.sizeOf(r);
    if (!s) return { text: '', warn: false, over: false };
    const p = { n: fmt(s.minimax), limit: fmt(s.limit) };
    if (s.minimax <= s.limit) return { text: t('explain.size', p), warn: false, over: false };
    const minimax = r.method === 'minimax';
    return { text: t(minimax ? 'explain.sizeOver' : 'explain.sizeOverAB', p), warn: true, over: minimax };
  }

  // showSize shows, under the form, what the search asked for would cost
  // against the server's limit, before it is asked.
  private async showSize() {
    const r = this.request();
    const w = await this.sizeWords(r);
    if (JSON.stringify(this.request()) !== JSON.stringify(r)) return; // the form changed meanwhile
    this.sizeEl.textContent = w.text;
    this.sizeEl.classList.toggle('warn', w.warn);
  }

  // applyView puts the explorer in a lesson step's mode.
  private async applyView(v: ExplainLessonView) {
    this.ensureOpen();
    this.fenInput.value = v.fen;
    this.depth.value = String(v.depth);
    this.method.value = v.method;
    this.quiescence.disabled = v.method === 'minimax';
    this.quiescence.checked = !!v.quiescence;
    this.width.value = String(v.width ?? 0);
    this.setMode(v.compare ? 'compare' : 'tree', false);
    if (v.compare) {
      await this.runCompare(v.play);
      return;
    }
    await this.run();
    if (v.path) await this.selectPath(v.path);
    if (v.play && this.pb) {
      this.pb.speed = v.play === 'start' ? 10 : 5;
      this.bar?.translate();
      await this.pb.toStart();
      void this.pb.play(v.play === 'cut');
    }
  }

  // measureTree renders the picture of the tree at zoom (1: the whole
  // tree) panned to visit at, and returns how long the render and the
  // layout took, in ms, and how many shapes it drew: the benchmark of
  // internal/server/browsertest calls it.
  measureTree(zoom: number, at: number): { ms: number; shapes: number } {
    const svg = this.svg;
    if (!svg) return { ms: -1, shapes: 0 };
    svg.fit();
    svg.zoomTo(zoom, at);
    const start = performance.now();
    svg.render();
    svg.svg.getBoundingClientRect();
    svg.svg.getBBox();
    return { ms: performance.now() - start, shapes: svg.lastRender.shapes };
  }

  // measurePlayback plays the tree shown at 1000 visits a second, without
  // pausing at cuts, for ms milliseconds (from the start again whenever it
  // ends), and returns the visits played a second, the frames drawn a
  // second and the longest frame (ms): the benchmark of
  // internal/server/browsertest calls it. It also returns how long the
  // playback's work took in a frame (stepping and showing), on average and
  // at most: what a frame costs, whatever else the machine runs.
  async measurePlayback(ms: number): Promise<{ visitsPerSecond: number; fps: number; worstFrameMs: number; workMs: number; worstWorkMs: number }> {
    const pb = this.pb;
    if (!pb) return { visitsPerSecond: 0, fps: 0, worstFrameMs: 0, workMs: 0, worstWorkMs: 0 };
    let work = 0;
    let worstWork = 0;
    let worked = 0;
    pb.onFrame = (w) => {
      work += w;
      worked++;
      worstWork = Math.max(worstWork, w);
    };
    pb.speed = 1000;
    pb.pauseAtCuts = false;
    await pb.toStart();
    let frames = 0;
    let worst = 0;
    let visits = 0;
    let at = 0;
    const start = performance.now();
    let prev = start;
    const tick = (now: number) => {
      frames++;
      worst = Math.max(worst, now - prev);
      prev = now;
      const v = pb.track.visit(pb.moment);
      visits += v >= at ? v - at : v;
      at = v;
      if (!pb.playing) void pb.play(); // at the end: from the start again
      if (now - start < ms) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    await new Promise((r) => setTimeout(r, ms + 50));
    pb.pause();
    pb.onFrame = null;
    const seconds = (prev - start) / 1000;
    return { visitsPerSecond: visits / seconds, fps: frames / seconds, worstFrameMs: worst, workMs: work / Math.max(1, worked), worstWorkMs: worstWork };
  }

  // showSection scrolls to a part of the explorer a lesson step is about.
  private showSection(section: string) {
    const sel = section === 'evaluation' ? '#explain-classic' : section === 'comparison' ? '#explain-compare' : '#explain-svg';
    this.dlg.querySelector(sel)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }

  private async runCompare(play?: string) {
    if (this.method.value === 'minimax') this.method.value = 'engine-order';
    const r = this.request();
    this.status.textContent = t('explain.searching');
    this.dlg.dataset.state = 'busy';
    try {
      await this.compare.run(r.fen, r.depth, r.quiescence, r.width);
      this.status.textContent = t('compare.status', { depth: r.depth });
      this.dlg.dataset.state = 'ready';
      if (play) void this.compare.play();
    } catch (e) {
      this.status.textContent = t('explain.cannot', { error: errText(e) });
      this.dlg.dataset.state = 'error';
    }
  }

  // show puts fen on the small board, with a caption and, if given, the
  // last move and arrows.
  private show(fen: string, what: string, lastMove?: string, shapes: DrawShape[] = []) {
    this.boardEl.dataset.fen = fen;
    this.caption.textContent = what;
    const lm = lastMove ? ([lastMove.slice(0, 2), lastMove.slice(2, 4)] as Key[]) : undefined;
    this.board?.set({ fen, lastMove: lm, orientation: this.rootFEN.split(' ')[1] === 'b' ? 'black' : 'white' });
    this.board?.setAutoShapes(shapes);
  }

  private async run() {
    if (!this.compareView.hidden) {
      await this.runCompare();
      return;
    }
    const req = this.request();
    const run = ++this.runs;
    this.status.textContent = t('explain.searching');
    this.dlg.dataset.state = 'busy';
    this.pb?.pause();
    void this.showSize();
    const size = await this.sizeWords(req);
    if (run !== this.runs) return;
    if (size.over) {
      // Minimax's tree is known to pass the server's limit: the page says
      // so rather than asking for a refusal.
      this.status.textContent = size.text;
      this.dlg.dataset.state = 'error';
      return;
    }
    try {
      const r = await request<Report>('POST', '/api/explain', req);
      const store = new VisitStore(r.id ?? '', r.treeNodes);
      await store.start();
      if (run !== this.runs) return;
      this.id = r.id ?? '';
      this.dlg.dataset.tree = r.id;
      this.rootFEN = r.fen;
      this.report = r;
      this.store = store;
      this.render(r);
      this.startPlayback(store);
      this.status.textContent = this.statusText(r);
      this.dlg.dataset.state = 'ready';
    } catch (e) {
      if (run !== this.runs) return;
      this.status.textContent = t('explain.cannot', { error: errText(e) });
      this.dlg.dataset.state = 'error';
    }
  }

  private statusText(r: Report): string {
    const warmup = r.warmup ?? 0;
    let s = t('explain.status', { side: sideName(r.turn), method: methodName(r.method), n: fmt(r.treeNodes + warmup) });
    if (warmup) s += ' ' + t('explain.statusWarmup', { n: fmt(warmup), tree: fmt(r.treeNodes) });
    return s;
  }

  // startPlayback makes the playback of store, its toolbar and its
  // picture, and shows the end of the search (the whole tree).
  private startPlayback(store: VisitStore) {
    const track = new TreeTrack(store);
    this.pb = new Playback(
      track,
      (m) => this.showMoment(m, true),
      () => {
        this.bar?.update();
        this.dlg.dataset.playing = String(!!this.pb?.playing);
        if (this.pb && !this.pb.playing) this.showMoment(this.pb.moment, true);
      },
    );
    this.bar = new PlaybackBar(this.pb, { cuts: this.report?.method !== 'minimax' });
    this.playHost.replaceChildren(this.bar.el);
    this.svg?.destroy();
    this.svgHost.replaceChildren();
    const tools = el('div', { className: 'xsvg-tools' });
    this.svgHost.append(tools);
    this.svg = new TreeSVG(this.svgHost, store, {
      height: window.matchMedia('(max-width: 720px)').matches ? 170 : 230,
      onPick: (v) => void this.pb?.jump(v),
    });
    const texts: Array<() => void> = [];
    const tool = (txt: string, key: MessageKey, f: () => void, cls = '') => {
      const b = el('button', { type: 'button', className: 'xsvg-tool ' + cls, textContent: txt });
      texts.push(() => {
        b.title = t(key);
        b.setAttribute('aria-label', t(key));
      });
      b.addEventListener('click', f);
      return b;
    };
    const follow = el('input', { type: 'checkbox', checked: true, className: 'xsvg-follow' });
    follow.addEventListener('change', () => this.svg && (this.svg.follow = follow.checked));
    const legend = el('span', { className: 'xsvg-legend' });
    const followLabel = el('label', { className: 'xsvg-followlabel' }, follow, el('span'));
    texts.push(() => {
      legend.textContent = t('tree.legend') + (store.total <= 60 ? ' · ' + t('tree.legendScores') : '');
      followLabel.lastElementChild!.textContent = ' ' + t('tree.follow');
      this.svg?.translate();
    });
    tools.append(
      legend,
      tool('−', 'tree.zoomOut', () => this.svg?.zoom(1 / 2), 'xsvg-out'),
      tool('+', 'tree.zoomIn', () => this.svg?.zoom(2), 'xsvg-in'),
      tool('⤢', 'tree.fit', () => this.svg?.fit(), 'xsvg-fit'),
      followLabel,
    );
    this.treeTexts = () => texts.forEach((f) => f());
    this.treeTexts();
    const first = this.pb.moment;
    void track.end().then((m) => {
      // Shown at the end unless the playback has gone somewhere meanwhile.
      if (this.pb?.track !== track || this.pb.moment !== first) return;
      this.pb.moment = m;
      this.showMoment(m, false);
    });
  }

  // showMoment shows the playback at m: the board, the picture, the
  // counters, the path with its windows and the cut that fired. When the
  // playback moved there (moved) and is not running, the list opens down to
  // the node and the screen reader hears the words.
  private showMoment(m: Moment, moved: boolean) {
    const store = this.store;
    if (!store || !this.pb) return;
    const v = store.get(m.visit);
    if (!v) return;
    const cuts = store.cutsAfter(v);
    const done = m.visit === store.total - 1 && m.cut === cuts.length;
    // Once the search is over, it is back at the root with its best move.
    const path = done ? [store.get(0)!, ...store.children(0).filter((c) => c.pv)] : [...store.ancestors(v), v];
    const cutNode = m.cut > 0 && !done ? cuts[m.cut - 1] : undefined;
    const shown = cutNode ? path.slice(0, path.indexOf(cutNode) + 1) : path;
    this.svg?.setCursor(done ? -1 : m.visit, shown);
    const c = counters(v);
    // The counter is 1-based: visit 0, the root, is the first of store.total positions.
    this.countersEl.textContent = t('playback.counters', { visit: fmt(m.visit + 1), total: fmt(store.total), visited: fmt(c.visited), evaluated: fmt(c.evaluated) });
    this.dlg.dataset.visit = String(m.visit);
    this.dlg.dataset.cut = String(m.cut);
    // At a fast play the path, the board and the words (which nobody reads
    // at 1000 visits a second) follow a few times a second, the picture and
    // the counters at every frame.
    const now = performance.now();
    if (this.pb.playing && this.pb.speed > fastPlay && now - this.slowShown < slowEvery) {
      this.bar?.update();
      return;
    }
    this.slowShown = now;
    this.renderPath(shown, cutNode, cutNode ? path[shown.length] : undefined, done);
    const line = lineText(path.slice(0, cutNode ? shown.length : path.length), this.rootFEN);
    let words: string | CutWords;
    if (cutNode) {
      const refuter = path[shown.length]; // the move that cut: the child of cutNode on the path
      const fen = boardFEN(cutNode);
      const shapes: DrawShape[] = cutNode.cut!.pruned.map((p) => ({ orig: p.uci.slice(0, 2) as Key, dest: p.uci.slice(2, 4) as Key, brush: 'paleGrey', modifiers: { lineWidth: 5 } }));
      if (refuter?.uci) shapes.push({ orig: refuter.uci.slice(0, 2) as Key, dest: refuter.uci.slice(2, 4) as Key, brush: 'green' });
      this.show(fen, line, cutNode.uci, shapes);
      words = cutWords(cutNode, refuter);
      this.renderCut(cutNode, words);
      this.markBound(cutNode.cut!.boundBy);
    } else if (done) {
      this.show(this.rootFEN, t('explain.thePosition'));
      words = doneWords(store);
      this.renderCut(undefined, words);
      this.markBound(-1);
    } else {
      this.show(boardFEN(v), m.visit === 0 ? t('explain.thePosition') : line, v.uci);
      words = visitWords(v, line);
      this.renderCut(undefined, words);
      this.markBound(-1);
    }
    this.bar?.update();
    this.announce.setAttribute('aria-live', moved && !this.pb.playing ? 'polite' : 'off');
    if (moved && !this.pb.playing && !done) void this.reveal(cutNode ?? v, store);
  }

  // renderPath lists the path from the root with each ply's α, β and best
  // score so far, as they stand at this moment (White's point of view);
  // once the search is over (done), the root and its best move with their
  // final scores.
  private renderPath(path: Visit[], cutNode: Visit | undefined, refuter: Visit | undefined, done: boolean) {
    const minimax = this.report?.method === 'minimax';
    const head = el('tr', {}, ...['path.move', 'path.toMove', ...(minimax ? [] : ['path.alpha', 'path.beta']), 'path.best'].map((k) => el('th', { textContent: t(k as MessageKey) })));
    const rows = path.map((n, i) => {
      const next = path[i + 1];
      let alpha = n.whiteAlpha ?? '';
      let beta = n.whiteBeta ?? '';
      let best = '–';
      if (next) {
        // Below a node the window passed down is its own as it stands now.
        alpha = next.whiteAlpha ?? alpha;
        beta = next.whiteBeta ?? beta;
        best = next.whiteBefore ?? '–';
        if (/∞/.test(best)) best = '–';
      }
      if (n === cutNode && n.cut) {
        alpha = n.cut.whiteAlpha;
        beta = n.cut.whiteBeta;
        if (refuter) best = refuter.white;
      }
      if (!next && n.kind !== 'inner') best = n.white;
      if (done) [alpha, beta, best] = ['–', '–', n.white];
      const tr = el(
        'tr',
        { className: n === cutNode ? 'cutrow' : '' },
        el('td', { textContent: n.ply === 0 ? t('explain.rootLabel') : moveLabel(n, this.rootFEN) }),
        el('td', { textContent: sideName(n.turn) }),
        ...(minimax ? [] : [el('td', { className: 'num', textContent: alpha }), el('td', { className: 'num', textContent: beta })]),
        el('td', { className: 'num', textContent: best }),
      );
      return tr;
    });
    this.pathTable.replaceChildren(
      el('table', { className: 'xtable xpath' }, el('caption', { textContent: t('path.caption') }), el('thead', {}, head), el('tbody', {}, ...rows)),
    );
  }

  // renderCut shows the words of the moment and, for a cut, its skipped
  // moves, which fade, and the words naming its bound, highlighted.
  private renderCut(cut: Visit | undefined, words: string | CutWords) {
    const text = el('p', { className: 'xann-text' });
    if (typeof words === 'string') text.textContent = words;
    else {
      const at = words.bound ? words.text.indexOf(words.bound) : -1;
      if (at < 0) text.textContent = words.text;
      else text.append(words.text.slice(0, at), el('mark', { className: 'xbound', textContent: words.bound }), words.text.slice(at + words.bound.length));
    }
    const parts: Array<Node | string> = [text];
    if (cut?.cut && cut.cut.pruned.length > 0) {
      parts.push(el('p', { className: 'xann-pruned' }, ...cut.cut.pruned.map((p) => el('span', { className: 'xpruned-move', textContent: p.san }))));
    }
    this.announce.replaceChildren(...parts);
    this.announce.classList.toggle('cut', !!cut);
  }

  // markBound highlights, in the picture and the list, the visit whose
  // score set the bound of the cut shown (-1: none).
  private markBound(visit: number) {
    this.svg?.setBound(visit);
    for (const li of this.tree?.querySelectorAll('li.xbound') ?? []) li.classList.remove('xbound');
    if (visit >= 0) this.tree?.querySelector(`li[data-visit="${visit}"]`)?.classList.add('xbound');
    this.dlg.dataset.bound = String(visit);
  }

  // selectPath selects the list's node at path (UCI moves) and takes the
  // playback there.
  private async selectPath(path: string) {
    if (!this.report) return;
    const li = await this.revealPath(path);
    if (li) (li.querySelector<HTMLElement>(':scope > .xrow') ?? li).click();
  }

  // reveal opens the list down to node n (of store) and marks it, without
  // moving the focus.
  private async reveal(n: Visit, store: VisitStore) {
    if (store !== this.store) return;
    const path = [...store.ancestors(n), n]
      .slice(1)
      .map((p) => p.uci)
      .join(',');
    const li = await this.revealPath(path);
    if (!li || store !== this.store) return;
    if (this.selected && this.selected !== li) this.selected.setAttribute('aria-selected', 'false');
    this.selected = li;
    li.setAttribute('aria-selected', 'true');
    this.setCurrent(li, false);
    const row = li.querySelector<HTMLElement>(':scope > .xrow');
    if (row && this.tree) {
      const tr = this.tree.getBoundingClientRect();
      const rr = row.getBoundingClientRect();
      if (rr.top < tr.top || rr.bottom > tr.bottom) this.tree.scrollTop += rr.top - tr.top - tr.height / 3;
    }
  }

  // revealPath opens the list's items down to path and returns the item.
  private async revealPath(path: string): Promise<HTMLElement | null> {
    if (!this.tree) return null;
    const moves = path ? path.split(',') : [];
    let li = this.tree.querySelector<HTMLElement>(':scope > li');
    for (let i = 1; i <= moves.length && li; i++) {
      const prefix = moves.slice(0, i).join(',');
      const find = () => li!.querySelector<HTMLElement>(`:scope > ul > li[data-path="${prefix}"]`);
      let next = find();
      if (!next || li.getAttribute('aria-expanded') !== 'true') {
        const toggle = this.toggles.get(li);
        if (!toggle) return li;
        if (li.getAttribute('aria-expanded') !== 'true') await toggle(256);
        next = find();
        if (!next && li.querySelector(':scope > ul > li > .xmore')) {
          await this.load(li.querySelector<HTMLElement>(':scope > ul')!, li.dataset.path ?? '', 256, i + 1);
          next = find();
        }
      }
      if (!next) return li;
      li = next;
    }
    return li;
  }

  private render(r: Report) {
    const tree = el('ul', { id: 'explain-tree', className: 'xtree' });
    tree.setAttribute('role', 'tree');
    tree.setAttribute('aria-label', t('explain.treeLabel'));
    this.tree = tree;
    this.current = null;
    this.selected = null;
    const root = this.item(r.root, 1, true);
    tree.append(root);
    this.setCurrent(root, false);
    tree.addEventListener('keydown', (e) => this.key(e));
    // When the pointer leaves the tree, the board goes back to the playback.
    tree.addEventListener('mouseleave', () => this.pb && this.showMoment(this.pb.moment, false));
    const parts: HTMLElement[] = [
      el('h3', { textContent: t('explain.treeHeading') }),
      el('p', { className: 'explain-help', textContent: t(r.method === 'minimax' ? 'explain.treeHelpMinimax' : 'explain.treeHelp') }),
      tree,
    ];
    if (r.comparison.length > 0) {
      parts.push(
        el('h3', { textContent: t('explain.compareHeading') }),
        el('div', { className: 'xscroll' }, this.compareTable(r)),
        el('h3', { textContent: t(r.turn === 'black' ? 'explain.evalBlack' : 'explain.evalWhite') }),
        this.evaluation(r),
        el('h3', { textContent: t('explain.candHeading') }),
        el(
          'ol',
          { id: 'explain-candidates', className: 'explain-cands' },
          ...r.candidates.map((c) => el('li', {}, el('b', { textContent: c.san }), ` ${c.white.text}  `, el('span', { className: 'line', textContent: c.line.join(' ') }))),
        ),
      );
    }
    this.body.replaceChildren(...parts);
  }

  // item returns the tree item of node n at level (the root is 1), its
  // children listed if given.
  private item(n: NodeView, level: number, isRoot = false): HTMLLIElement {
    const li = el('li', { className: 'xnode' + (n.pv ? ' pv' : '') + (n.cut ? ' cut' : '') + (n.quiescence ? ' q' : ''), tabIndex: -1 });
    li.dataset.path = n.path;
    li.dataset.visit = String(n.visit);
    li.setAttribute('role', 'treeitem');
    li.setAttribute('aria-level', String(level));
    li.setAttribute('aria-selected', 'false');
    const canOpen = n.kind === 'inner' && n.searched > 0;
    // The toggle is for the pointer: the keyboard opens with → and
    // aria-expanded tells assistive technology, so it is neither a tab stop
    // nor read out.
    const toggle = el('button', { type: 'button', className: 'xtoggle', textContent: canOpen ? '▸' : '·', disabled: !canOpen, tabIndex: -1 });
    toggle.setAttribute('aria-hidden', 'true');
    const label = isRoot ? t('explain.rootLabel') : (n.turn === 'black' ? '' : '…') + n.san;
    const row = el(
      'div',
      { className: 'xrow', id: `xrow-${++this.rows}` },
      toggle,
      el('span', { className: 'xsan', textContent: label }),
      el('span', { className: 'xscore', textContent: n.white.text }),
      el('span', { className: 'xmeta', textContent: this.meta(n) }),
    );
    if (n.cut) {
      const c = n.cut;
      // The pruned moves are also in the selected move's details (select),
      // so the summary is for the pointer only.
      const summary = el('summary', { textContent: cutText(c), tabIndex: -1 });
      const cut = el('details', { className: 'xcut' }, summary);
      cut.append(el('span', { className: 'xpruned', textContent: prunedText(c) }));
      row.append(cut);
    }
    li.setAttribute('aria-labelledby', row.id);
    const what = isRoot ? t('explain.thePosition') : t('explain.after', { n: n.path.split(',').length, san: n.san ?? '', score: n.white.text });
    row.addEventListener('mouseenter', () => this.show(n.fen, what, n.uci));
    // A click on the row selects the move, as Enter does; one on ▸ only
    // opens it. Either makes it the tree's tab stop.
    row.addEventListener('click', (e) => {
      this.setCurrent(li, true);
      if (!(e.target as HTMLElement).closest('.xtoggle, summary')) this.select(li, n);
    });
    li.append(row);
    if (canOpen) {
      const kids = el('ul', { className: 'xkids' });
      kids.setAttribute('role', 'group');
      li.append(kids);
      li.setAttribute('aria-expanded', 'false');
      this.toggles.set(li, (limit?: number) => this.toggle(li, toggle, kids, level, limit));
      toggle.addEventListener('click', () => void this.toggle(li, toggle, kids, level));
      if (n.children) {
        this.fill(kids, n, level + 1);
        li.setAttribute('aria-expanded', 'true');
        toggle.textContent = '▾';
      }
    }
    return li;
  }

  // select makes li (node n) the selected item and takes the playback to
  // its visit: the board, the picture and the path follow.
  private select(li: HTMLElement, n: NodeView) {
    if (this.selected && this.selected !== li) this.selected.setAttribute('aria-selected', 'false');
    this.selected = li;
    li.setAttribute('aria-selected', 'true');
    void this.pb?.jump(n.visit);
  }

  // setCurrent makes li the tree's one tabbable item (the roving tabindex)
  // and, if focus, focuses it.
  private setCurrent(li: HTMLElement, focus: boolean) {
    if (this.current && this.current !== li) this.current.tabIndex = -1;
    this.current = li;
    li.tabIndex = 0;
    if (focus) {
      li.focus({ preventScroll: true });
      (li.querySelector(':scope > .xrow, :scope > .xmore') ?? li).scrollIntoView({ block: 'nearest' });
    }
  }

  // visible lists the tree items not inside a closed item, in order.
  private visible(): HTMLElement[] {
    if (!this.tree) return [];
    const items = [...this.tree.querySelectorAll<HTMLElement>('li[role="treeitem"]')];
    return items.filter((li) => !li.parentElement?.closest('li[aria-expanded="false"]'));
  }

  // key is the tree's keyboard handler (the WAI-ARIA tree view pattern).
  // The keys it handles stop here, so the page's own shortcuts (← and → step
  // through the game's moves) and the playback's do not see them.
  private key(e: KeyboardEvent) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const li = (e.target as HTMLElement).closest<HTMLElement>('li[role="treeitem"]');
    if (!li || !this.tree?.contains(li)) return;
    const items = this.visible();
    const i = items.indexOf(li);
    const expanded = li.getAttribute('aria-expanded');
    const go = (to: HTMLElement | undefined) => to && this.setCurrent(to, true);
    switch (e.key) {
      case 'ArrowDown':
        go(items[i + 1]);
        break;
      case 'ArrowUp':
        go(items[i - 1]);
        break;
      case 'Home':
        go(items[0]);
        break;
      case 'End':
        go(items[items.length - 1]);
        break;
      case 'ArrowRight':
        if (expanded === 'false') void this.toggles.get(li)?.();
        else if (expanded === 'true') go(li.querySelector<HTMLElement>(':scope > ul > li[role="treeitem"]') ?? undefined);
        break;
      case 'ArrowLeft':
        if (expanded === 'true') void this.toggles.get(li)?.();
        else go(li.parentElement?.closest<HTMLElement>('li[role="treeitem"]') ?? undefined);
        break;
      case 'Enter':
      case ' ':
        (li.querySelector<HTMLElement>(':scope > .xrow, :scope > .xmore') ?? li).click();
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  private meta(n: NodeView): string {
    const parts: string[] = [];
    if (n.kind === 'mate') parts.push(t('explain.kind.mate'));
    else if (n.kind === 'stalemate') parts.push(t('explain.kind.stalemate'));
    else if (n.kind === 'draw') parts.push(t('explain.kind.draw'));
    else if (n.kind === 'leaf') parts.push(t('explain.kind.leaf'));
    else parts.push(t('explain.meta', { nodes: fmt(n.size), searched: n.searched, legal: n.legal }));
    if (n.quiescence) parts.push(t('explain.beyond'));
    if (n.whiteAlpha && n.whiteBeta) parts.push(`α=${n.whiteAlpha.text} β=${n.whiteBeta.text}`);
    parts.push(t('tree.visit', { n: fmt(n.visit + 1) }));
    return parts.join(' · ');
  }

  // fill lists n's children (at level) in kids, and an item that loads the
  // rest if the server sent only the first ones.
  private fill(kids: HTMLElement, n: NodeView, level: number) {
    kids.replaceChildren(...(n.children ?? []).map((c) => this.item(c, level)));
    if (n.more) {
      const more = el('button', { type: 'button', className: 'xmore', textContent: t('explain.moreMoves', { n: n.more }), tabIndex: -1 });
      const li = el('li', { className: 'xnode', tabIndex: -1 }, more);
      li.setAttribute('role', 'treeitem');
      li.setAttribute('aria-level', String(level));
      li.setAttribute('aria-selected', 'false');
      more.addEventListener('click', () => void this.load(kids, n.path, 256, level));
      kids.append(li);
    }
  }

  // load fetches the children of the node at path into kids. If the focus
  // or the roving tabindex was on an item being replaced (the "more…" item),
  // it goes to the item now in its place, else to the parent.
  private async load(kids: HTMLElement, path: string, limit: number, level: number) {
    const items = [...kids.children];
    const had = this.current && kids.contains(this.current) ? items.indexOf(this.current) : -1;
    const focused = !!document.activeElement && kids.contains(document.activeElement);
    kids.replaceChildren(el('li', { className: 'xnode', textContent: t('explain.loading') }));
    kids.setAttribute('aria-busy', 'true');
    try {
      const n = await request<NodeView>('GET', `/api/explain/${this.id}/node?path=${encodeURIComponent(path)}&limit=${limit}`);
      this.fill(kids, n, level);
    } catch (e) {
      kids.replaceChildren(el('li', { className: 'xnode', textContent: t('explain.cannotLoad', { error: errText(e) }) }));
    }
    kids.removeAttribute('aria-busy');
    if (had >= 0) {
      const now = kids.querySelectorAll<HTMLElement>(':scope > li[role="treeitem"]');
      const to = now[Math.min(had, now.length - 1)] ?? kids.parentElement?.closest<HTMLElement>('li[role="treeitem"]');
      if (to) this.setCurrent(to, focused);
    }
  }

  private async toggle(li: HTMLLIElement, toggle: HTMLButtonElement, kids: HTMLElement, level: number, limit = 30) {
    const open = li.getAttribute('aria-expanded') === 'true';
    li.setAttribute('aria-expanded', String(!open));
    toggle.textContent = open ? '▸' : '▾';
    // Closing the item that holds the focus or the tab stop moves it here.
    if (open && this.current && kids.contains(this.current)) this.setCurrent(li, !!document.activeElement && kids.contains(document.activeElement));
    if (!open && kids.childElementCount === 0) await this.load(kids, li.dataset.path ?? '', limit, level + 1);
  }

  private compareTable(r: Report): HTMLElement {
    const minimax = r.comparison.find((s) => s.method === 'minimax');
    return el(
      'table',
      { id: 'explain-compare', className: 'xtable' },
      el('thead', {}, el('tr', {}, ...['cmp.method', 'cmp.positions', 'cmp.time', 'cmp.score', 'cmp.best', 'cmp.vsMinimax'].map((h) => el('th', { textContent: t(h as MessageKey) })))),
      el(
        'tbody',
        {},
        ...r.comparison.map((s) => {
          const ratio = minimax && minimax.complete && s.nodes > 0 ? fewerText(minimax.nodes, s.nodes) : '';
          const tr = el(
            'tr',
            {},
            el('td', { textContent: methodName(s.method) }),
            el('td', { className: 'num', textContent: s.nodes === 0 ? '–' : fmt(s.nodes) + (s.warmup ? ' ' + t('cmp.warmup', { n: fmt(s.warmup) }) : '') }),
            el('td', { className: 'num', textContent: s.nodes === 0 ? '–' : `${s.timeMs.toFixed(1)} ms` }),
            el('td', { className: 'num', textContent: s.complete ? s.white.text : '–' }),
            el('td', { textContent: s.complete ? s.best : (s.note ?? '') }),
            el('td', { className: 'num', textContent: s.method === 'minimax' ? '' : ratio }),
          );
          tr.dataset.method = s.method;
          if (s.method === r.method) tr.className = 'shown';
          return tr;
        }),
      ),
    );
  }

  private evaluation(r: Report): HTMLElement {
    const c = r.classic;
    const classic = el(
      'table',
      { id: 'explain-classic', className: 'xtable' },
      el('caption', { textContent: t('eval.classic', { material: cp(c.material), pst: cp(c.pst), total: cp(c.total) }) }),
      el('thead', {}, el('tr', {}, ...['eval.piece', 'eval.square', 'eval.material', 'eval.bonus', 'eval.counts'].map((h) => el('th', { textContent: t(h as MessageKey) })))),
      el(
        'tbody',
        {},
        ...c.pieces.map((p) =>
          el(
            'tr',
            {},
            el('td', { textContent: p.piece }),
            el('td', { textContent: p.square }),
            el('td', { className: 'num', textContent: /[kK]/.test(p.piece) ? '–' : String(p.material) }),
            el('td', { className: 'num', textContent: String(p.pst) + (p.endgame ? ' ' + t('eval.endgameTable') : '') }),
            el('td', { className: 'num', textContent: (p.signed > 0 ? '+' : '') + p.signed }),
          ),
        ),
      ),
    );
    const m = r.main;
    const main = el(
      'table',
      { id: 'explain-mainterms', className: 'xtable' },
      el('caption', { textContent: t('eval.main', { phase: m.phase, max: m.maxPhase, scaled: m.scale !== 64 ? t('eval.scaled', { scale: m.scale }) : '', total: cp(m.total) }) }),
      el('thead', {}, el('tr', {}, ...['eval.term', 'eval.mover', 'eval.opponent', 'eval.net'].map((h) => el('th', { textContent: t(h as MessageKey) })))),
      el(
        'tbody',
        {},
        ...m.terms.map((tm) => el('tr', {}, el('td', { textContent: tm.name }), el('td', { className: 'num', textContent: String(tm.mover) }), el('td', { className: 'num', textContent: String(tm.opponent) }), el('td', { className: 'num', textContent: cp(tm.net) }))),
      ),
    );
    return el('div', { className: 'explain-evals' }, classic, main);
  }
}

// cutText sums a cut up in the list: its window, what it saved and the
// move whose score set its bound.
function cutText(c: Cut): string {
  const s = t(c.standPat ? 'explain.cutStandPat' : 'explain.cut', { alpha: c.whiteAlpha.text, beta: c.whiteBeta.text, saved: fmt(c.saved), n: c.skipped });
  if (!c.boundSan) return s;
  return s + ' · ' + t(c.boundStandPat ? 'explain.cutBoundStandPat' : 'explain.cutBound', { san: c.boundSan });
}

function prunedText(c: Cut): string {
  return c.pruned.map((p) => `${p.san} (${fmt(p.nodes)})`).join(', ');
}

// boardFEN is a FEN for a visit's board, enough for the small board.
function boardFEN(v: Visit): string {
  return `${v.board} ${v.turn === 'white' ? 'w' : 'b'} - - 0 1`;
}

// visitWords says where the search is at v.
function visitWords(v: Visit, line: string): string {
  if (v.ply === 0) return t('playback.atRoot', { side: sideName(v.turn) });
  let s = t('playback.at', { n: fmt(v.visit + 1), line });
  if (v.kind === 'mate') s += ' ' + t('playback.mate');
  else if (v.kind === 'stalemate' || v.kind === 'draw') s += ' ' + t('playback.draw');
  else if (v.kind === 'leaf') s += ' ' + t('playback.evaluated', { score: v.white });
  else if (v.quiescence) s += ' ' + t('playback.quiescence');
  return s;
}

// doneWords says how the search ended.
function doneWords(store: VisitStore): string {
  const root = store.get(0)!;
  const best = store.children(0).find((c) => c.pv);
  return best ? t('playback.done', { san: best.san ?? '', score: root.white, n: fmt(store.total) }) : t('playback.doneNoMove', { score: root.white });
}

let panel: ExplainPanel | null = null;

// explorer makes the panel, once, and gives it to the page's console and
// tests as window.outpostExplain (as main.ts gives the App).
function explorer(): ExplainPanel {
  if (!panel) {
    panel = new ExplainPanel();
    (window as unknown as { outpostExplain: ExplainPanel }).outpostExplain = panel;
  }
  return panel;
}

// openExplain opens the search explorer on fen (the start position if empty).
export function openExplain(fen: string) {
  explorer().open(fen);
}

// openLesson opens the search explorer with the guided lesson; onClose is
// called when it closes.
export function openLesson(onClose?: () => void) {
  explorer().openLesson(onClose);
}
