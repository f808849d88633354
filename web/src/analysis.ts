// analysis.ts is the analysis board, and the review of a game in it, as
// lichess's analysis page: a board on which any move may be played, the
// moves kept as a tree of variations (movetree.ts, drawn by treeview.ts),
// the engine's lines of the position shown as the user moves
// (liveeval.ts), the opening's name, and the search explorer on the
// position. Opened on a game (#/analysis/ID, or #/review/ID, which asks
// for the review), it also shows the game's review (review.ts): the
// evaluation graph, the judgements in the move list, the accuracy, the
// better move of the move shown as a green arrow with its line, and learn
// from your mistakes (learn.ts). A position or a game may be loaded from a
// FEN or a PGN, and the tree exported as PGN with its variations.
//
// Every rule stays on the server: each position's legal moves, each move's
// SAN and the position after it come from POST /api/analyse, the PGN is
// read and written by POST /api/pgn/read and /api/pgn/write.

import * as api from './api';
import type { GameState } from './wire';
import { listOpenings, position, readPGN, requestReview, getReview, ReviewEvents, writePGN } from './analysisapi';
import type { ReviewAnswer } from './analysisapi';
import type { Analysis, Review, ReviewProgress } from './wire';
import { Board } from './board';
import { byId, downloadText, el, setLabel, toast } from './dom';
import { errText } from './errors';
import { icon } from './icons';
import { levelName } from './levels';
import { openExplain } from './explain';
import { whiteShare } from './graph';
import { onLangChange, t } from './i18n';
import type { MessageKey } from './i18n';
import { Learn } from './learn';
import { LiveEval } from './liveeval';
import { MoveTree, moveNumber } from './movetree';
import type { TreeNode } from './movetree';
import { OpeningBook, openingLabel } from './openings';
import { judgementGlyph, moveLabel, ReviewPanel } from './review';
import { nagDecoration, renderTree } from './treeview';
import { colorName, sanToWords, scoreText } from './words';
import type { Color } from '@lichess-org/chessground/types';
import type { DrawShape } from '@lichess-org/chessground/draw';
import { fenPath, pathFEN } from './editor';
import './analysis.css';

const startFEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// AnalysisRoute is what the address asks the analysis board for: a game
// (and its review), a position and moves from it (a puzzle's), a position
// (from the board editor), or the free board.
export interface AnalysisRoute {
  game?: string;
  review?: boolean;
  fen?: string;
  moves?: string[];
}

// analysisRoute reads the address: #/analysis, #/analysis/ID, #/review/ID,
// #/analysis?fen=FEN&moves=UCI,UCI, #/analysis/fen/FEN (written as fenPath
// writes it).
export function analysisRoute(hash: string): AnalysisRoute | null {
  if (/^#\/?analysis\/?$/.test(hash)) return {};
  const q = hash.match(/^#\/?analysis\?(.*)$/);
  if (q) {
    const params = new URLSearchParams(q[1]);
    const moves = (params.get('moves') ?? '').split(',').filter((m) => m);
    return { fen: params.get('fen') ?? undefined, moves };
  }
  let m = hash.match(/^#\/?analysis\/fen\/(.+)$/);
  if (m) return { fen: pathFEN(m[1]) };
  m = hash.match(/^#\/?analysis\/([A-Za-z0-9_-]+)$/);
  if (m) return { game: m[1] };
  m = hash.match(/^#\/?review\/([A-Za-z0-9_-]+)$/);
  if (m) return { game: m[1], review: true };
  return null;
}

// destsOf turns legal moves (UCI) into the board's destinations.
function destsOf(legal: string[]): Record<string, string[]> {
  const d: Record<string, string[]> = {};
  for (const u of legal) {
    const from = u.slice(0, 2);
    const to = u.slice(2, 4);
    if (!(d[from] ??= []).includes(to)) d[from].push(to);
  }
  return d;
}

export class AnalysisView {
  private main: HTMLElement;
  private board: Board | null = null;
  private boardEl = el('div', { id: 'an-board', className: 'board cg-wrap' });
  private promoEl = el('div', { id: 'an-promotion', className: 'promotion', hidden: true });
  private evalbar = el('div', { className: 'evalbar', id: 'an-evalbar', role: 'meter' });
  private evalWhite = el('div', { className: 'evalbar-white' });
  private evalText = el('span', { className: 'evalbar-text' });
  private openingEl = el('div', { className: 'an-opening', id: 'an-opening' });
  private treeBox = el('div', { className: 'an-moves', id: 'an-moves' });
  private noteBox = el('section', { className: 'an-note', id: 'an-note' });
  private tools = el('section', { className: 'an-tools' });
  private nav: Record<'first' | 'prev' | 'next' | 'last' | 'flip', HTMLButtonElement>;
  private fenOut = el('input', { type: 'text', readOnly: true, id: 'an-fen' });
  private backLink = el('a', { id: 'an-back', className: 'an-back' });
  private live: LiveEval;
  private reviewPanel: ReviewPanel;
  private learn: Learn | null = null;
  private learnArrow = '';
  private learnMovable = false;

  private tree = new MoveTree(startFEN);
  private node: TreeNode = this.tree.root;
  private info = new Map<string, Analysis>(); // by node id
  private gameLine: TreeNode[] = []; // the game's moves, when a game is loaded
  private game: GameState | null = null;
  private tags: Array<{ name: string; value: string }> = [];
  private result = '';
  private review: Review | null = null;
  private progress: ReviewProgress | null = null;
  private missing = '';
  private events: ReviewEvents | null = null;
  private book: OpeningBook | null = null;
  private flipped = false;
  private busy = false;
  private seq = 0; // counts loads, to drop the answers of an older one
  private route: AnalysisRoute | null = null;

  constructor() {
    this.live = new LiveEval(
      () => this.renderLines(),
      (moves) => void this.playFrom(this.node, moves),
    );
    this.reviewPanel = new ReviewPanel({
      go: (ply) => this.goTo(ply === 0 ? this.tree.root : this.gameLine[ply - 1]),
      request: (force) => void this.askReview(force),
      learn: () => this.startLearn(),
      sideName: (c) => this.sideName(c),
      moveOf: (ply) => (this.gameLine[ply - 1] ? moveNumber(this.gameLine[ply - 1]) + ' ' + this.gameLine[ply - 1].san : ''),
    });
    const navButton = (id: string, iconName: string, label: MessageKey, f: () => void) => {
      const b = el('button', { type: 'button', id }, icon(iconName));
      b.dataset.label = label;
      b.addEventListener('click', f);
      return b;
    };
    this.nav = {
      first: navButton('an-first', 'first', 'analysis.first', () => this.goTo(this.tree.root)),
      prev: navButton('an-prev', 'prev', 'analysis.prev', () => this.node.parent && this.goTo(this.node.parent)),
      next: navButton('an-next', 'next', 'analysis.next', () => this.node.children[0] && this.goTo(this.node.children[0])),
      last: navButton('an-last', 'last', 'analysis.last', () => this.goTo(this.tree.mainline(this.node).pop() ?? this.node)),
      flip: navButton('an-flip', 'flip', 'analysis.flip', () => {
        this.flipped = !this.flipped;
        this.render();
      }),
    };
    this.evalbar.append(this.evalWhite, this.evalText);
    this.main = el(
      'main',
      { id: 'analysis', className: 'analysis', hidden: true },
      el(
        'section',
        { className: 'play an-play' },
        this.openingEl,
        el('div', { className: 'board-row' }, this.evalbar, el('div', { className: 'board-box' }, this.boardEl, this.promoEl)),
        el('div', { className: 'nav an-nav', role: 'toolbar' }, ...Object.values(this.nav)),
      ),
      el(
        'aside',
        { className: 'side an-side' },
        this.reviewPanel.box,
        this.live.box,
        el('section', { className: 'an-tree' }, this.treeBox),
        this.noteBox,
        this.tools,
      ),
    );
    byId('app').after(this.main);
    this.buildTools();
    this.treeBox.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('[data-id]');
      const n = b && this.tree.get(b.dataset.id!);
      // While learning, the board stays on the mistake being worked on.
      if (n && !this.learn?.active) this.goTo(n);
    });
    document.addEventListener('keydown', (e) => this.key(e));
    onLangChange(() => {
      if (!this.main.hidden) this.render();
    });
  }

  // ---- opening and closing ----------------------------------------------

  // open shows the analysis board for route (the caller hides the game
  // view): the game it names, loaded unless it is shown already, or the
  // free board as it was left.
  open(route: AnalysisRoute) {
    this.main.hidden = false;
    this.route = route;
    if (!this.board) {
      this.board = new Board(
        this.boardEl,
        this.promoEl,
        (uci) => void this.userMove(uci),
        () => this.renderBoard(),
      );
    }
    this.board.cg.redrawAll();
    void this.loadBook();
    if (route.fen && route.moves) {
      void this.loadPosition(route.fen, route.moves);
      return;
    }
    if (route.fen) {
      if (this.game || this.tree.root.fen !== route.fen) this.reset(route.fen);
      else this.goTo(this.node);
      return;
    }
    if (route.game && this.game?.id !== route.game) {
      void this.loadGame(route.game, !!route.review);
      return;
    }
    if (!route.game && this.game) {
      this.reset(startFEN);
      return;
    }
    if (this.game && !this.events) this.events = new ReviewEvents(this.game.id, (p) => this.onProgress(p));
    this.goTo(this.node);
    if (route.review && !this.review && this.progress?.status !== 'running') void this.askReview(false);
  }

  // close hides the board and stops the engine and the review's events.
  close() {
    if (this.main.hidden) return;
    this.main.hidden = true;
    this.live.stop();
    this.learn?.stop();
    this.events?.stop();
    this.events = null;
  }

  private async loadBook() {
    if (this.book) return;
    try {
      this.book = new OpeningBook(await listOpenings());
      if (!this.main.hidden) this.renderOpening();
    } catch {
      /* no names: the board works without them */
    }
  }

  // reset starts a new tree from fen, with no game.
  private reset(fen: string) {
    this.endLearn();
    this.events?.stop();
    this.events = null;
    this.game = null;
    this.review = null;
    this.progress = null;
    this.missing = '';
    this.tags = [];
    this.result = '';
    this.gameLine = [];
    this.tree = new MoveTree(fen);
    this.node = this.tree.root;
    this.info.clear();
    this.flipped = false;
    this.goTo(this.tree.root);
  }

  private async loadGame(id: string, wantReview: boolean) {
    const seq = ++this.seq;
    let g: GameState;
    try {
      g = await api.getGame(id);
    } catch (e) {
      toast(errText(e));
      this.reset(startFEN);
      return;
    }
    if (seq !== this.seq) return;
    this.reset(g.startFen);
    this.game = g;
    this.result = g.status === 'over' ? g.result : '';
    this.tree.addLine(this.tree.root, g.moves);
    this.gameLine = this.tree.mainline();
    this.events = new ReviewEvents(id, (p) => this.onProgress(p));
    this.goTo(this.gameLine[this.gameLine.length - 1] ?? this.tree.root);
    void this.loadTags(id, seq);
    try {
      const a = await getReview(id);
      if (seq === this.seq) this.setReview(a);
    } catch (e) {
      if (seq !== this.seq) return;
      this.missing = e instanceof api.ApiError && e.code ? e.code : 'no_review';
      if (this.gameLine.length === 0) this.missing = 'no_moves';
      this.renderReview();
      if (wantReview && this.missing !== 'no_moves') await this.askReview(false);
    }
  }

  // loadPosition starts the board from fen with moves as its main line,
  // on the position fen.
  private async loadPosition(fen: string, moves: string[]) {
    const seq = ++this.seq;
    try {
      const p = await position(fen, moves);
      if (seq !== this.seq) return;
      this.reset(fen);
      this.tree.addLine(this.tree.root, p.moves ?? []);
      this.goTo(this.tree.root);
    } catch (e) {
      toast(errText(e));
    }
  }

  // loadTags reads the game's PGN tags, for the export.
  private async loadTags(id: string, seq: number) {
    try {
      const tree = await readPGN(await api.getPGN(id));
      if (seq === this.seq) this.tags = tree.tags.filter((tag) => tag.name !== 'Annotator');
    } catch {
      /* exported without them */
    }
  }

  private setReview(a: ReviewAnswer) {
    if ('review' in a) {
      this.review = a.review;
      this.progress = null;
    } else {
      this.progress = a.progress;
      if (a.progress.review) this.review = a.progress.review;
    }
    this.missing = '';
    this.render();
  }

  private onProgress(p: ReviewProgress) {
    this.progress = p;
    if (p.status === 'done' && p.review) {
      this.review = p.review;
      this.missing = '';
      this.say(t('review.ready'));
    }
    this.render();
  }

  private async askReview(force: boolean) {
    const g = this.game;
    if (!g) return;
    try {
      this.setReview(await requestReview(g.id, force));
    } catch (e) {
      toast(errText(e));
    }
  }

  // ---- moving about ------------------------------------------------------

  // goTo shows node: the board, the tree, the engine on it.
  private goTo(n: TreeNode) {
    this.node = n;
    this.board?.closePicker();
    this.render();
    if (!this.info.has(n.id)) void this.fetchInfo(n);
    this.live.follow({ key: n.id, fen: this.tree.root.fen, moves: this.tree.moves(n), ply: n.ply });
    this.say(n.parent ? moveNumber(n) + ' ' + sanToWords(n.san) + this.judgementWords(n) : t('analysis.startPosition'));
  }

  // fetchInfo asks the server for node's legal moves.
  private async fetchInfo(n: TreeNode) {
    const tree = this.tree;
    try {
      const p = await position(tree.root.fen, tree.moves(n));
      if (tree !== this.tree) return;
      this.info.set(n.id, p);
      if (n === this.node) this.renderBoard();
    } catch (e) {
      if (tree === this.tree && n === this.node) toast(errText(e));
    }
  }

  // addMoves plays moves (UCI) from node and returns the node of the last,
  // or null when the server refused them.
  private async addMoves(from: TreeNode, moves: string[]): Promise<TreeNode | null> {
    const tree = this.tree;
    try {
      const p = await position(tree.root.fen, [...tree.moves(from), ...moves]);
      if (tree !== this.tree || !p.moves) return null;
      const n = this.tree.addLine(from, p.moves.slice(p.moves.length - moves.length));
      this.info.set(n.id, p);
      return n;
    } catch (e) {
      toast(errText(e));
      return null;
    }
  }

  // userMove plays a move made on the board.
  private async userMove(uci: string) {
    if (this.busy) return;
    const from = this.node;
    const had = from.children.find((c) => c.uci === uci);
    this.busy = true;
    this.renderBoard();
    const n = had ?? (await this.addMoves(from, [uci]));
    this.busy = false;
    if (!n) {
      this.renderBoard();
      return;
    }
    this.goTo(n);
    if (this.learn?.active) void this.learn.tried(n.uci, !had);
  }

  // playFrom plays moves (a line of the engine or of the review) from
  // node and shows the last.
  private async playFrom(from: TreeNode, moves: string[]) {
    if (this.busy || moves.length === 0) return;
    this.busy = true;
    const n = await this.addMoves(from, moves);
    this.busy = false;
    if (n) this.goTo(n);
    else this.renderBoard();
  }

  private key(e: KeyboardEvent) {
    if (this.main.hidden) return;
    const target = e.target as HTMLElement;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable)) return;
    if (target instanceof Element && target.closest('[role="tree"], [role="slider"]')) return;
    if (document.querySelector('dialog[open]') || e.altKey || e.ctrlKey || e.metaKey) return;
    const n = this.node;
    const to: Record<string, TreeNode | undefined> = {
      ArrowLeft: n.parent ?? undefined,
      ArrowRight: n.children[0],
      Home: this.tree.root,
      End: this.tree.mainline(n).pop(),
      ArrowUp: this.tree.root,
      ArrowDown: this.tree.mainline(n).pop(),
    };
    if (e.key === 'f') {
      e.preventDefault();
      this.nav.flip.click();
      return;
    }
    if (!(e.key in to)) return;
    e.preventDefault();
    const dest = to[e.key];
    if (dest && !this.learn?.active) this.goTo(dest);
  }

  // ---- the game and its review -------------------------------------------

  // gamePly is the ply of node in the game (0 for the start), or -1 when
  // it is off the game's moves.
  private gamePly(n: TreeNode): number {
    if (n === this.tree.root) return 0;
    const i = this.gameLine.indexOf(n);
    return i < 0 ? -1 : i + 1;
  }

  private sideName(c: 'white' | 'black'): string {
    const g = this.game;
    const color = colorName(c);
    if (!g) return color;
    const side = c === 'white' ? g.white : g.black;
    const level = c === 'white' ? g.whiteLevel : g.blackLevel;
    if (side === 'ai') return t('analysis.sideAI', { color, level: levelName(level) });
    const mine = api.canPlay(g.id) && (g.white === 'human') !== (g.black === 'human');
    return mine ? t('analysis.sideYou', { color }) : color;
  }

  // orientation is the side at the bottom: the player's in a game against
  // Outpost, else White; flipped by the user.
  private orientation(): Color {
    const g = this.game;
    const base: Color = g && g.white !== 'human' && g.black === 'human' ? 'black' : 'white';
    return this.flipped ? (base === 'white' ? 'black' : 'white') : base;
  }

  // learnColors are the sides whose mistakes learn from your mistakes
  // goes through: the player's in a game against Outpost, else the side at
  // the bottom.
  private learnColors(): Array<'white' | 'black'> {
    const g = this.game;
    if (g && api.canPlay(g.id) && (g.white === 'human') !== (g.black === 'human')) return [g.white === 'human' ? 'white' : 'black'];
    return [this.orientation()];
  }

  private judgementWords(n: TreeNode): string {
    const m = this.review?.moves[this.gamePly(n) - 1];
    return m?.judgement ? ', ' + t(('review.judgement.' + m.judgement) as MessageKey) : '';
  }

  private startLearn() {
    const g = this.game;
    const r = this.review;
    if (!g || !r) return;
    this.endLearn();
    const colors = this.learnColors();
    const learn = new Learn(g.id, r, colors, {
      goToPly: (ply, color, movable) => {
        this.flipped = false;
        if (this.orientation() !== color) this.flipped = true;
        this.learnMovable = movable;
        this.goTo(ply === 0 ? this.tree.root : this.gameLine[ply - 1]);
      },
      play: (moves) => this.playFrom(this.node, moves),
      back: (forget) => {
        const n = this.node;
        if (!n.parent) return;
        this.goTo(n.parent);
        if (forget) this.tree.remove(n);
        this.renderTree();
      },
      lock: (locked) => {
        this.learnMovable = !locked;
        this.renderBoard();
      },
      arrow: (uci) => {
        this.learnArrow = uci;
        this.renderBoard();
      },
      end: () => this.endLearn(),
      say: (text) => this.say(text),
    });
    this.learn = learn;
    this.live.pause(true);
    this.main.classList.add('learning');
    this.reviewPanel.box.after(learn.box);
    learn.start();
  }

  private endLearn() {
    if (!this.learn) return;
    this.learn.stop();
    this.learn.box.remove();
    this.learn = null;
    this.learnArrow = '';
    this.learnMovable = false;
    this.main.classList.remove('learning');
    this.live.pause(false);
    this.render();
  }

  // ---- loading and exporting --------------------------------------------

  private buildTools() {
    const fen = el('input', { type: 'text', id: 'an-load-fen', spellcheck: false });
    const pgn = el('textarea', { id: 'an-load-pgn', rows: 4, spellcheck: false });
    const file = el('input', { type: 'file', id: 'an-load-file', accept: '.pgn,application/x-chess-pgn,text/plain' });
    const err = el('p', { className: 'form-error', id: 'an-load-error', role: 'alert' });
    const load = el('button', { type: 'button', id: 'an-load-go', className: 'primary' });
    const summary = el('summary');
    const labels = { fen: el('span'), pgn: el('span'), file: el('span') };
    const details = el(
      'details',
      { className: 'an-load', id: 'an-load' },
      summary,
      el('label', {}, labels.fen, fen),
      el('label', {}, labels.pgn, pgn),
      el('label', {}, labels.file, file),
      err,
      load,
    );
    file.addEventListener('change', () => {
      const f = file.files?.[0];
      if (!f) return;
      if (f.size > 60000) {
        err.textContent = t('analysis.fileTooLarge');
        return;
      }
      void f.text().then(
        (text) => {
          pgn.value = text;
          fen.value = '';
          err.textContent = '';
        },
        () => (err.textContent = t('analysis.fileUnreadable')),
      );
    });
    load.addEventListener('click', () => void this.load(fen, pgn, err, details));
    const exportBtn = el('button', { type: 'button', id: 'an-export' }, icon('download'), el('span', { className: 'label' }));
    exportBtn.addEventListener('click', () => void this.exportPGN());
    const explain = el('button', { type: 'button', id: 'an-explain' }, icon('explain'), el('span', { className: 'label' }));
    explain.addEventListener('click', () => openExplain(this.node.fen));
    const edit = el('button', { type: 'button', id: 'an-edit' }, icon('editor'), el('span', { className: 'label' }));
    edit.addEventListener('click', () => (location.hash = '#/editor/' + fenPath(this.node.fen)));
    this.fenOut.addEventListener('focus', () => this.fenOut.select());
    const fenLabel = el('span');
    this.tools.append(
      el('div', { className: 'an-tool-row' }, exportBtn, explain, edit, this.backLink),
      el('label', { className: 'an-fen-label export' }, fenLabel, this.fenOut),
      details,
    );
    this.renderTools = () => {
      summary.textContent = t('analysis.load');
      labels.fen.textContent = t('analysis.loadFEN');
      labels.pgn.textContent = t('analysis.loadPGN');
      labels.file.textContent = t('analysis.loadFile');
      fen.placeholder = startFEN;
      pgn.placeholder = '1. e4 e5 2. Nf3 Nc6 …';
      load.textContent = t('analysis.loadGo');
      setLabel(exportBtn, t('analysis.export'));
      exportBtn.title = t('analysis.exportTitle');
      setLabel(explain, t('analysis.explain'));
      explain.title = t('analysis.explainTitle');
      setLabel(edit, t('analysis.edit'));
      edit.title = t('analysis.editTitle');
      fenLabel.textContent = t('analysis.fen');
      this.backLink.textContent = t('analysis.back');
      this.backLink.hidden = !this.game;
      if (this.game) this.backLink.href = '#/game/' + this.game.id;
    };
    byId('btn-analysis').addEventListener('click', () => {
      location.hash = '#/analysis';
    });
  }

  private renderTools = () => {};

  // load starts the board from the FEN or the PGN the user gave.
  private async load(fenIn: HTMLInputElement, pgnIn: HTMLTextAreaElement, err: HTMLElement, details: HTMLDetailsElement) {
    const fen = fenIn.value.trim();
    const pgn = pgnIn.value.trim();
    err.textContent = '';
    if (fen && pgn) {
      err.textContent = t('analysis.fenOrPGN');
      return;
    }
    this.seq++;
    try {
      if (pgn) {
        const tree = await readPGN(pgn);
        this.leaveGame();
        this.reset(tree.fen);
        this.tree.root.comment = tree.comment ?? '';
        this.tree.load(tree.moves);
        this.tags = tree.tags;
        this.result = tree.result === '*' ? '' : tree.result;
        this.goTo(this.tree.root);
      } else {
        const p = await position(fen || startFEN, []);
        this.leaveGame();
        this.reset(p.fen);
        this.info.set('', p);
        this.renderBoard();
      }
      details.open = false;
      fenIn.value = '';
      pgnIn.value = '';
    } catch (e) {
      err.textContent = errText(e);
    }
  }

  // leaveGame puts the free board's address up when a game (or a given
  // position) was shown.
  private leaveGame() {
    if (this.route?.game || this.route?.fen) {
      this.route = {};
      history.replaceState(null, '', '#/analysis');
    }
  }

  private async exportPGN() {
    try {
      const pgn = await writePGN({
        tags: this.tags,
        fen: this.tree.root.fen,
        comment: this.tree.root.comment,
        moves: this.tree.data(),
        result: this.result || '*',
      });
      downloadText('outpost-analysis' + (this.game ? '-' + this.game.id : '') + '.pgn', pgn, 'application/x-chess-pgn');
      toast(t('analysis.exported'));
    } catch (e) {
      toast(errText(e));
    }
  }

  // ---- rendering ---------------------------------------------------------

  private render() {
    if (this.main.hidden) return;
    const n = this.node;
    const d = this.main.dataset;
    d.node = n.id;
    d.ply = String(n.ply - this.tree.root.ply);
    d.game = this.game?.id ?? '';
    d.gamePly = String(this.gamePly(n));
    this.renderBoard();
    this.renderTree();
    this.renderOpening();
    this.renderReview();
    this.renderNote();
    this.renderLines();
    this.learn?.render();
    this.renderTools();
    const learning = !!this.learn?.active;
    for (const [k, b] of Object.entries(this.nav)) {
      b.setAttribute('aria-label', t(b.dataset.label as MessageKey));
      b.title = t(b.dataset.label as MessageKey);
      if (k === 'first' || k === 'prev') b.disabled = learning || !n.parent;
      if (k === 'next' || k === 'last') b.disabled = learning || n.children.length === 0;
    }
    this.main.setAttribute('aria-label', t('analysis.title'));
    this.evalbar.setAttribute('aria-label', t('analysis.evaluation'));
    this.fenOut.value = n.fen;
    this.fenOut.setAttribute('aria-label', t('analysis.fenLabel'));
  }

  private renderBoard() {
    if (!this.board || this.main.hidden) return;
    const n = this.node;
    const info = this.info.get(n.id);
    const turn: Color = n.fen.split(' ')[1] === 'b' ? 'black' : 'white';
    const checked = info ? info.check : /[+#]$/.test(n.san);
    const learning = !!this.learn?.active;
    const movable = !!info && info.status === 'playing' && !this.busy && (!learning || this.learnMovable);
    this.board.show({
      fen: n.fen,
      turn,
      orientation: this.orientation(),
      lastMove: n.uci ? [n.uci.slice(0, 2), n.uci.slice(2, 4)] : undefined,
      check: checked ? turn : false,
      movable: movable ? turn : undefined,
      dests: movable ? destsOf(info!.legal) : {},
      premove: false,
      shapes: this.shapes(),
    });
    this.main.dataset.movable = String(movable);
  }

  // shapes are the arrows on the board: the answer in learn from your
  // mistakes; else the review's better move (green) instead of the move
  // shown, and the engine's lines from the position (blue, the best the
  // widest).
  private shapes(): DrawShape[] {
    const arrow = (uci: string, brush: string, lineWidth?: number): DrawShape =>
      ({ orig: uci.slice(0, 2), dest: uci.slice(2, 4), brush, modifiers: lineWidth ? { lineWidth } : undefined }) as DrawShape;
    if (this.learn?.active) return this.learnArrow ? [arrow(this.learnArrow, 'green')] : [];
    const out: DrawShape[] = [];
    const better = this.review?.moves[this.gamePly(this.node) - 1];
    if (better?.judgement && better.best) out.push(arrow(better.best, 'green'));
    const st = this.live.state();
    st?.lines.forEach((l, i) => {
      if (l?.pvUci[0]) out.push(arrow(l.pvUci[0], i === 0 ? 'paleBlue' : 'paleGrey', i === 0 ? 10 : 6));
    });
    return out;
  }

  // renderLines redraws what depends on the engine: the panel, the arrows
  // and the evaluation bar.
  private renderLines() {
    this.live.render();
    if (this.board && !this.main.hidden) this.board.setShapes(this.shapes());
    const st = this.live.state();
    let score = st?.lines[0]?.score;
    const ply = this.gamePly(this.node);
    let share: number | null = score ? whiteShare(score, false) : null;
    if (!score && this.review && ply >= 0 && !this.learn?.active) {
      const m = ply === 0 ? null : this.review.moves[ply - 1];
      score = m ? m.eval : this.review.start;
      share = whiteShare(score, m ? m.color === 'white' : false);
    }
    if (st?.final === 'checkmate') share = this.node.ply % 2 === 1 ? 1 : 0;
    this.evalbar.classList.toggle('off', share === null);
    this.evalbar.classList.toggle('flipped', this.orientation() === 'black');
    this.evalWhite.style.height = ((share ?? 0.5) * 100).toFixed(1) + '%';
    const text = st?.final === 'checkmate' ? '#' : score ? (score.mate === 0 ? '#' : scoreText(score)) : '';
    this.evalText.textContent = text;
    this.evalbar.setAttribute('aria-valuenow', ((share ?? 0.5) * 100).toFixed(0));
    this.evalbar.setAttribute('aria-valuetext', text);
  }

  private renderTree() {
    const glyphs = this.review;
    renderTree(this.treeBox, this.tree, {
      current: this.node,
      decorate: (n) => {
        const ply = glyphs ? this.gamePly(n) : -1;
        const m = ply > 0 ? glyphs!.moves[ply - 1] : null;
        if (m?.judgement) return { glyph: judgementGlyph[m.judgement], cls: 'j-' + m.judgement };
        return nagDecoration(n);
      },
      label: (n) => moveNumber(n) + ' ' + sanToWords(n.san),
      result: this.result,
    });
    this.treeBox.setAttribute('aria-label', t('analysis.moves'));
  }

  // renderOpening names the opening of the position shown: the last named
  // position on the way to it.
  private renderOpening() {
    const path = [this.tree.root, ...this.tree.path(this.node)];
    const found = this.book?.last(path.map((n) => n.fen));
    this.openingEl.replaceChildren(...(found ? [openingLabel(found.opening)] : []));
    this.openingEl.title = found ? found.opening.pgn : '';
  }

  private renderReview() {
    const box = this.reviewPanel.box;
    box.hidden = !this.game;
    if (!this.game) return;
    this.reviewPanel.learnColors = this.learnColors();
    this.reviewPanel.learning = !!this.learn;
    this.reviewPanel.set(this.review, this.progress, this.missing);
    this.reviewPanel.show(this.gamePly(this.node));
  }

  // renderNote says what the review found of the move shown: its
  // judgement and the better move with its line (each move of which plays
  // the line up to it); and offers to promote or delete a variation.
  private renderNote() {
    const box = this.noteBox;
    const parts: HTMLElement[] = [];
    const n = this.node;
    const ply = this.gamePly(n);
    const m = this.review && ply > 0 ? this.review.moves[ply - 1] : null;
    if (m?.judgement && !this.learn?.active) {
      const what = t(('review.judgement.' + m.judgement) as MessageKey);
      const head = el('p', { className: 'an-verdict j-' + m.judgement }, el('strong', { textContent: moveLabel(m) }), ' ' + t('review.verdict', { what }));
      if (m.mate) head.append(' ' + t(m.mate === 'allowed' ? 'review.mateAllowed' : 'review.mateMissed'));
      parts.push(head);
      if (m.best && n.parent) {
        const line = el('p', { className: 'an-better' }, t('review.better', { san: m.bestSan }) + ' ');
        const moves = m.line ?? [m.bestSan];
        const parent = n.parent;
        moves.forEach((san, k) => {
          const p = parent.ply + k + 1;
          if (k === 0 || p % 2 === 1) line.append(el('span', { className: 'an-num', textContent: Math.ceil(p / 2) + (p % 2 === 1 ? '.' : '…') }));
          const b = el('button', { type: 'button', className: 'an-pv-move', textContent: san });
          b.addEventListener('click', () => void this.playFrom(parent, moves.slice(0, k + 1)));
          line.append(b);
        });
        parts.push(line);
      }
    }
    if (n.parent && !this.learn?.active) {
      const acts = el('div', { className: 'an-node-actions' });
      if (!this.tree.onMainline(n)) {
        const promote = el('button', { type: 'button', id: 'an-promote', textContent: t('analysis.promote') });
        promote.addEventListener('click', () => {
          this.tree.promote(n);
          this.render();
        });
        acts.append(promote);
      }
      if (!this.gameLine.includes(n)) {
        const del = el('button', { type: 'button', id: 'an-delete', textContent: t('analysis.delete') });
        del.addEventListener('click', () => {
          const parent = n.parent!;
          this.tree.remove(n);
          this.goTo(parent);
        });
        acts.append(del);
      }
      if (acts.childElementCount) parts.push(acts);
    }
    box.replaceChildren(...parts);
    box.hidden = parts.length === 0;
  }

  private say(text: string) {
    if (!this.main.hidden) byId('live').textContent = text;
  }
}
