// puzzles.ts is the Puzzles page (#/puzzles, #/puzzles/ID), as lichess's:
// a puzzle near the player's rating, the board from the solver's side,
// the opponent's last move played first, then "your turn"; each move
// judged by the server (right: the reply is played; wrong: try again), a
// hint (the piece to move), the solution played on the board, the next
// puzzle, and the position opened in the analysis board. The side panel
// shows the player's rating and its change, the streak, the last puzzles
// and a theme filter. The server judges everything and keeps the ratings
// (puzzlesapi.ts); a first try counts once, ended by a mistake, a hint or
// the solution shown.

import { Board } from './board';
import { byId, el, toast } from './dom';
import { errText } from './errors';
import { icon } from './icons';
import { onLangChange, t } from './i18n';
import type { MessageKey } from './i18n';
import { getHint, getPlayer, getPuzzle, getSolution, getThemes, nextPuzzle, playMove } from './puzzlesapi';
import { unplay } from './unplay';
import type { PuzzlePlayer, PuzzleResult, PuzzleThemes, PuzzleView } from './wire';
import type { Color } from '@lichess-org/chessground/types';
import type { DrawShape } from '@lichess-org/chessground/draw';
import './puzzles.css';

// PuzzleRoute is what the address asks for: a puzzle, or the next one.
export interface PuzzleRoute {
  id?: string;
}

// puzzleRoute reads the address: #/puzzles, #/puzzles/ID.
export function puzzleRoute(hash: string): PuzzleRoute | null {
  if (/^#\/?puzzles\/?$/.test(hash)) return {};
  const m = hash.match(/^#\/?puzzles\/([A-Za-z0-9_-]+)$/);
  return m ? { id: m[1] } : null;
}

const themeKey = 'outpost.puzzleTheme';
const replyDelay = 400; // ms between the solver's move and the reply
const lastMoveDelay = 500; // ms the position before the opponent's last move is shown
const solutionStep = 700; // ms between the moves of a solution shown

// Feedback is what the status says of the puzzle.
type Feedback = 'loading' | 'turn' | 'best' | 'wrong' | 'hint' | 'solved' | 'solvedLate' | 'shown';

// themeName is a theme's name in the page's language (lichess's name when
// the catalogue does not know it).
export function themeName(name: string): string {
  const key = ('puzzle.theme.' + name) as MessageKey;
  const text = t(key);
  return text === key ? name : text;
}

// signed writes a rating change with its sign.
function signed(n: number): string {
  return n > 0 ? '+' + n : String(n);
}

const squares = (uci: string): [string, string] => [uci.slice(0, 2), uci.slice(2, 4)];

export class PuzzlesView {
  private main: HTMLElement;
  private board: Board | null = null;
  private boardEl = el('div', { id: 'pz-board', className: 'board cg-wrap' });
  private promoEl = el('div', { id: 'pz-promotion', className: 'promotion', hidden: true });
  private statusEl = el('div', { id: 'pz-status', className: 'pz-status', role: 'status' });
  private resultEl = el('p', { id: 'pz-result', className: 'pz-result', hidden: true });
  private infoEl = el('section', { id: 'pz-info', className: 'pz-info' });
  private playerEl = el('section', { id: 'pz-player', className: 'pz-player' });
  private historyEl = el('section', { id: 'pz-history', className: 'pz-history' });
  private themeLabel = el('span');
  private themeSel = el('select', { id: 'pz-theme' });
  private buttons: Record<'hint' | 'solution' | 'next' | 'analyse' | 'flip', HTMLButtonElement>;

  private puzzle: PuzzleView | null = null;
  private line: string[] = []; // the solution's moves played
  private fen = '';
  private legal: string[] = [];
  private lastMove: [string, string] | undefined;
  private check = false; // the side to move is in check
  private movable = false;
  private feedback: Feedback = 'loading';
  private failed = false; // a mistake, a hint or the solution: not solved at the first try
  private done = false;
  private result: PuzzleResult | null = null; // the counted try's, once ended
  private solution: string[] | null = null;
  private hintSquare = '';
  private flipped = false;
  private player: PuzzlePlayer | null = null;
  private themes: PuzzleThemes | null = null;
  private theme = '';
  private seq = 0; // counts puzzles started, to drop the answers about an older one

  constructor() {
    const button = (id: string, iconName: string, label: MessageKey, title: MessageKey | '', f: () => void) => {
      const b = el('button', { type: 'button', id }, icon(iconName), el('span', { className: 'label' }));
      b.dataset.label = label;
      b.dataset.title = title;
      b.addEventListener('click', f);
      return b;
    };
    this.buttons = {
      hint: button('pz-hint', 'hint', 'puzzle.hint', 'puzzle.hintTitle', () => void this.hint()),
      solution: button('pz-solution', 'explain', 'puzzle.solution', 'puzzle.solutionTitle', () => void this.showSolution()),
      next: button('pz-next', 'next', 'puzzle.next', '', () => void this.load()),
      analyse: button('pz-analyse', 'analysis', 'puzzle.analyse', 'puzzle.analyseTitle', () => this.analyse()),
      flip: button('pz-flip', 'flip', 'puzzle.flip', '', () => {
        this.flipped = !this.flipped;
        this.renderBoard();
      }),
    };
    try {
      this.theme = localStorage.getItem(themeKey) ?? '';
    } catch {
      this.theme = '';
    }
    this.themeSel.addEventListener('change', () => {
      this.theme = this.themeSel.value;
      try {
        localStorage.setItem(themeKey, this.theme);
      } catch {
        /* for this page only */
      }
      void this.load();
    });
    this.main = el(
      'main',
      { id: 'puzzles', className: 'puzzles', hidden: true },
      el(
        'section',
        { className: 'play pz-play' },
        el('div', { className: 'board-row' }, el('div', { className: 'board-box' }, this.boardEl, this.promoEl)),
      ),
      el(
        'aside',
        { className: 'side pz-side' },
        el('section', { className: 'pz-turn' }, this.statusEl, this.resultEl),
        el('div', { className: 'pz-actions', role: 'toolbar' }, ...Object.values(this.buttons)),
        this.playerEl,
        this.infoEl,
        el('label', { className: 'pz-filter' }, this.themeLabel, this.themeSel),
        this.historyEl,
      ),
    );
    byId('app').after(this.main);
    byId('btn-puzzles').addEventListener('click', () => {
      location.hash = '#/puzzles';
    });
    onLangChange(() => {
      if (!this.main.hidden) this.render();
    });
  }

  // open shows the page for route (the caller hides the other views): the
  // puzzle it names, the one on the board, or the next.
  open(route: PuzzleRoute) {
    this.main.hidden = false;
    if (!this.board) {
      this.board = new Board(
        this.boardEl,
        this.promoEl,
        (uci) => void this.move(uci),
        () => this.renderBoard(),
      );
    }
    this.board.cg.redrawAll();
    if (!this.themes) void this.loadThemes();
    void this.loadPlayer();
    if (route.id && route.id !== this.puzzle?.id) void this.load(route.id);
    else if (!this.puzzle) void this.load();
    else this.render();
  }

  close() {
    this.main.hidden = true;
  }

  // ---- loading -----------------------------------------------------------

  private async load(id?: string) {
    const seq = ++this.seq;
    this.feedback = 'loading';
    this.movable = false;
    this.renderSide();
    try {
      const v = id ? await getPuzzle(id) : await nextPuzzle(this.theme);
      if (seq === this.seq) this.start(v, seq);
    } catch (e) {
      if (seq !== this.seq) return;
      this.statusEl.textContent = errText(e);
      toast(errText(e));
    }
  }

  // start shows puzzle v: the position before the opponent's last move,
  // then the move, then the solver's turn.
  private start(v: PuzzleView, seq: number) {
    this.puzzle = v;
    this.line = [];
    this.legal = v.legal;
    this.failed = false;
    this.done = false;
    this.result = null;
    this.solution = null;
    this.hintSquare = '';
    this.flipped = false;
    this.feedback = 'turn';
    if (location.hash !== '#/puzzles/' + v.id) history.replaceState(null, '', '#/puzzles/' + v.id);
    this.check = false;
    if (!v.lastMove) {
      this.fen = v.fen;
      this.check = v.check;
      this.lastMove = undefined;
      this.movable = true;
      this.render();
      return;
    }
    this.fen = unplay(v.fen, v.lastMove) + (v.color === 'white' ? ' b' : ' w');
    this.lastMove = undefined;
    this.movable = false;
    this.render();
    setTimeout(() => {
      if (seq !== this.seq) return;
      this.fen = v.fen;
      this.check = v.check;
      this.lastMove = squares(v.lastMove);
      this.movable = true;
      this.render();
    }, lastMoveDelay);
  }

  private async loadThemes() {
    try {
      this.themes = await getThemes();
      this.renderFilter();
    } catch {
      /* the filter waits for the next visit */
    }
  }

  private async loadPlayer() {
    try {
      this.player = await getPlayer();
      this.renderPlayer();
    } catch (e) {
      toast(errText(e));
    }
  }

  // ---- solving -------------------------------------------------------------

  private async move(uci: string) {
    const p = this.puzzle;
    if (!p || !this.movable) return;
    const seq = this.seq;
    this.movable = false;
    this.hintSquare = '';
    let a;
    try {
      a = await playMove(p.id, this.line, uci);
    } catch (e) {
      if (seq !== this.seq) return;
      toast(errText(e));
      this.movable = true;
      this.renderBoard();
      return;
    }
    if (seq !== this.seq) return;
    if (a.result) this.takeResult(a.result);
    if (!a.correct) {
      this.failed = true;
      this.feedback = 'wrong';
      this.movable = true;
      this.render();
      return;
    }
    this.line = a.line;
    if (a.solved) {
      this.fen = a.fen;
      this.check = a.check;
      this.lastMove = squares(a.uci);
      this.finish(this.failed ? 'solvedLate' : 'solved');
      return;
    }
    this.feedback = 'best';
    this.renderSide();
    setTimeout(() => {
      if (seq !== this.seq) return;
      this.fen = a.fen;
      this.check = a.check;
      this.legal = a.legal;
      this.lastMove = squares(a.reply ?? '');
      this.movable = true;
      this.render();
    }, replyDelay);
  }

  // takeResult keeps the result of the try and the player's rating after
  // it.
  private takeResult(r: PuzzleResult) {
    if (!r.rated) return;
    this.result = r;
    if (this.player) {
      this.player.rating = r.after;
      this.player.streak = r.streak;
    }
    void this.loadPlayer();
  }

  private finish(f: Feedback) {
    this.done = true;
    this.movable = false;
    this.feedback = f;
    this.render();
  }

  private async hint() {
    const p = this.puzzle;
    if (!p || !this.movable) return;
    const seq = this.seq;
    try {
      const h = await getHint(p.id, this.line);
      if (seq !== this.seq) return;
      if (h.result) this.takeResult(h.result);
      this.failed = true;
      this.hintSquare = h.from;
      this.feedback = 'hint';
      this.render();
    } catch (e) {
      toast(errText(e));
    }
  }

  // showSolution plays the rest of the solution on the board.
  private async showSolution() {
    const p = this.puzzle;
    if (!p || this.done) return;
    const seq = this.seq;
    let s;
    try {
      s = await getSolution(p.id);
    } catch (e) {
      toast(errText(e));
      return;
    }
    if (seq !== this.seq) return;
    if (s.result) this.takeResult(s.result);
    this.failed = true;
    this.hintSquare = '';
    this.solution = s.moves.map((m) => m.uci);
    this.finish('shown');
    const step = (i: number) => {
      if (seq !== this.seq || i >= s.moves.length) return;
      this.line = this.solution!.slice(0, i + 1);
      this.fen = s.moves[i].fen;
      this.check = s.moves[i].san.endsWith('+') || s.moves[i].san.endsWith('#');
      this.lastMove = squares(s.moves[i].uci);
      this.renderBoard();
      setTimeout(() => step(i + 1), solutionStep);
    };
    step(this.line.length);
  }

  // analyse opens the puzzle's position and the moves played (the whole
  // solution once shown) in the analysis board.
  private analyse() {
    const p = this.puzzle;
    if (!p) return;
    const moves = this.solution ?? this.line;
    location.hash = '#/analysis?fen=' + encodeURIComponent(p.fen) + (moves.length ? '&moves=' + moves.join(',') : '');
  }

  // ---- drawing -------------------------------------------------------------

  private render() {
    this.renderBoard();
    this.renderSide();
    this.renderFilter();
    this.renderPlayer();
  }

  private renderBoard() {
    const p = this.puzzle;
    if (!this.board || !p) return;
    const solver: Color = p.color === 'black' ? 'black' : 'white';
    const other: Color = solver === 'white' ? 'black' : 'white';
    const shapes: DrawShape[] = this.hintSquare ? [{ orig: this.hintSquare as DrawShape['orig'], brush: 'green' }] : [];
    const dests: Record<string, string[]> = {};
    if (this.movable) {
      for (const u of this.legal) (dests[u.slice(0, 2)] ??= []).push(u.slice(2, 4));
    }
    const turn: Color = this.fen.split(' ')[1] === 'b' ? 'black' : 'white';
    this.board.show({
      fen: this.fen,
      turn,
      orientation: this.flipped ? other : solver,
      lastMove: this.lastMove,
      check: this.check ? turn : false,
      movable: this.movable ? solver : undefined,
      dests,
      premove: false,
      shapes,
    });
    this.main.dataset.feedback = this.feedback;
    this.main.dataset.puzzle = p.id;
    this.main.dataset.line = String(this.line.length);
    this.main.dataset.movable = String(this.movable);
  }

  private renderSide() {
    const p = this.puzzle;
    for (const b of Object.values(this.buttons)) {
      b.querySelector('.label')!.textContent = t(b.dataset.label as MessageKey);
      b.title = b.dataset.title ? t(b.dataset.title as MessageKey) : '';
    }
    this.buttons.hint.hidden = this.done || !p;
    this.buttons.solution.hidden = this.done || !p;
    this.buttons.hint.disabled = !this.movable || !!this.hintSquare;
    this.buttons.analyse.hidden = !this.done;
    this.buttons.next.classList.toggle('primary', this.done);
    this.main.dataset.feedback = this.feedback;
    this.statusEl.dataset.feedback = this.feedback;
    this.statusEl.replaceChildren(...this.statusText(p));
    const r = this.result;
    this.resultEl.hidden = !r && !(p && !p.rated && (this.done || this.failed));
    if (r) {
      const change = el('span', { className: 'pz-change ' + (r.after >= r.before ? 'up' : 'down') }, signed(r.after - r.before));
      this.resultEl.replaceChildren(t('puzzle.ratingChange', { before: r.before, after: r.after }), ' ', change);
    } else {
      this.resultEl.textContent = t('puzzle.notRated');
    }
    this.renderInfo();
  }

  private statusText(p: PuzzleView | null): Array<Node | string> {
    const f = this.feedback;
    if (f === 'loading' || !p) return [t('puzzle.loading')];
    const keys: Record<Exclude<Feedback, 'loading' | 'turn'>, MessageKey> = {
      best: 'puzzle.best',
      wrong: 'puzzle.wrong',
      hint: 'puzzle.hintShown',
      solved: 'puzzle.solved',
      solvedLate: 'puzzle.solvedLate',
      shown: 'puzzle.solutionShown',
    };
    const find = t(p.color === 'black' ? 'puzzle.find.black' : 'puzzle.find.white');
    if (f === 'turn') return [el('strong', {}, t('puzzle.yourTurn')), el('span', {}, find)];
    const head = el('strong', {}, t(keys[f]));
    return this.done ? [head] : [head, el('span', {}, find)];
  }

  private renderInfo() {
    const p = this.puzzle;
    if (!p) {
      this.infoEl.replaceChildren();
      return;
    }
    const rating = this.done ? t('puzzle.rating', { rating: this.result?.puzzleRating ?? p.rating }) : t('puzzle.ratingHidden');
    const parts: Node[] = [el('h2', {}, t('puzzle.info', { id: p.id })), el('p', {}, rating)];
    if (this.done && p.themes.length > 0) {
      parts.push(
        el(
          'p',
          { className: 'pz-themes' },
          t('puzzle.themesLabel'),
          ...p.themes.map((name) => el('span', { className: 'pz-theme-tag' }, themeName(name))),
        ),
      );
    }
    this.infoEl.replaceChildren(...parts);
  }

  private renderPlayer() {
    const pl = this.player;
    if (!pl) return;
    const rating = el('strong', { className: 'pz-rating', id: 'pz-rating' }, String(pl.rating) + (pl.provisional ? '?' : ''));
    if (pl.provisional) rating.title = t('puzzle.provisional');
    const stats = el(
      'dl',
      { className: 'pz-stats' },
      el('div', {}, el('dt', {}, t('puzzle.yourRating')), el('dd', {}, rating)),
      el('div', {}, el('dt', {}, t('puzzle.streak')), el('dd', { id: 'pz-streak' }, String(pl.streak))),
      el('div', {}, el('dt', {}, t('puzzle.tried')), el('dd', {}, String(pl.attempts))),
    );
    this.playerEl.replaceChildren(stats);
    const list = el('ol', { className: 'pz-tries' });
    for (const h of pl.history) {
      const text = t(h.solved ? 'puzzle.historySolved' : 'puzzle.historyFailed', { change: signed(h.change) });
      const a = el('a', { href: '#/puzzles/' + h.id, className: 'pz-try ' + (h.solved ? 'solved' : 'failed'), title: text }, signed(h.change));
      a.setAttribute('aria-label', text);
      list.append(el('li', {}, a));
    }
    this.historyEl.replaceChildren(
      el('h2', {}, t('puzzle.history')),
      pl.history.length ? list : el('p', { className: 'pz-empty' }, t('puzzle.historyEmpty')),
    );
  }

  private renderFilter() {
    this.themeLabel.textContent = t('puzzle.theme');
    const th = this.themes;
    if (!th) return;
    const options = [el('option', { value: '' }, t('puzzle.themeAll', { n: th.count }))];
    for (const x of th.themes) {
      options.push(el('option', { value: x.name }, t('puzzle.themeOption', { name: themeName(x.name), n: x.count })));
    }
    this.themeSel.replaceChildren(...options);
    this.themeSel.value = th.themes.some((x) => x.name === this.theme) ? this.theme : '';
  }
}
