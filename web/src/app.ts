// app.ts is the page's controller: it holds the game the server sent, renders
// the board, the move list, the thinking panel and the controls from it, and
// turns the user's actions into API calls. The server decides everything;
// the page shows what it says and never blocks on it.

import * as api from './api';
import type { DrawOfferAnswer, GameState, ImportLine, Thinking } from './wire';
import { lineParts, nagText } from './nags';
import { Board } from './board';
import { Sound, hasVoice, soundFor } from './sound';
import { byId, downloadText, el, setLabel, toast } from './dom';
import { fillLevels, levelInfo, levelName, loadLevels, selectLevel } from './levels';
import { barView, Evaluations } from './evaluation';
import type { KeyValueStore } from './evaluation';
import { NewGameDialog } from './newgame';
import { Clocks } from './clock';
import { GamesDialog } from './games';
import { openExplain, openLesson } from './explain';
import { AnalysisView, analysisRoute } from './analysis';
import { PuzzlesView, puzzleRoute } from './puzzles';
import { EditorView, editorRoute } from './editor';
import { chess960Label, openingLabel } from './openings';
import { LANGS, lang, onLangChange, setLang, t } from './i18n';
import type { Lang, MessageKey } from './i18n';
import { setIcon } from './icons';
import { errText } from './errors';
import { SettingsDialog } from './settings';
import { setZen, zen } from './display';
import { materialView } from './material';
import {
  colorName,
  count,
  describeFEN,
  endText,
  reasonPhrase,
  reasonText,
  resultText,
  sanToWords,
  scoreText,
  seconds,
  depthText,
} from './words';
import type { Color } from '@lichess-org/chessground/types';
import type { DrawShape } from '@lichess-org/chessground/draw';

const orientationKey = 'outpost.flipped.';
const lastGameKey = 'outpost.lastGame';
const evalsKey = 'outpost.evals.'; // + the game's id: its evaluations, for a reload

export class App {
  private game: GameState | null = null;
  private stateSeq = 0; // counts applied states, to drop stale answers
  private viewPly: number | null = null; // null: the live position
  private thinking: Thinking | null = null;
  private thinkingPly = -1; // the ply the thinking lines are about
  private hintShapes: DrawShape[] = [];
  private hintFor = -1;
  private flipped = false;
  private busy = false; // a move is on its way to the server
  private connected = true; // the game's event stream is up
  private evals = new Evaluations(); // full-strength evaluations, for the bar
  private bannerClosed = false;
  private events: api.Events | null = null;
  private board: Board;
  private sound = new Sound();
  private newGame: NewGameDialog;
  private games: GamesDialog;
  private settings = new SettingsDialog();
  private clocks: Clocks;
  private analysis: AnalysisView;
  private puzzles: PuzzlesView;
  private editor = new EditorView();
  private movesEl = byId('moves');

  constructor() {
    this.board = new Board(
      byId('board'),
      byId('promotion'),
      (uci) => void this.playMove(uci),
      () => this.renderBoard(),
    );
    this.clocks = new Clocks(
      (c) => byId(this.orientation() === c ? 'player-bottom' : 'player-top').querySelector<HTMLElement>('.clock')!,
      () => this.sound.play('tick'),
    );
    this.newGame = new NewGameDialog((c) => this.open(c.id, c.game));
    this.games = new GamesDialog(
      (id) => this.navigate(id),
      (c) => this.open(c.id, c.game),
    );
    this.analysis = new AnalysisView();
    this.puzzles = new PuzzlesView();
    void loadLevels();
    if ('speechSynthesis' in window) window.speechSynthesis.addEventListener?.('voiceschanged', () => this.renderSwitches());
    this.bind();
    this.renderSwitches();
    this.renderEmpty();
    onLangChange(() => {
      this.renderSwitches();
      if (this.game) this.render();
      else this.renderEmpty();
    });
    window.addEventListener('hashchange', () => this.route());
    this.route();
  }

  // ---- routing -------------------------------------------------------------

  private route() {
    // The Puzzles page, the board editor, the analysis board (and a game's
    // review) take the game's place.
    const puzzles = puzzleRoute(location.hash);
    if (puzzles) {
      byId('app').hidden = true;
      byId<HTMLDialogElement>('dlg-new').close();
      this.analysis.close();
      this.editor.close();
      this.puzzles.open(puzzles);
      return;
    }
    this.puzzles.close();
    const editing = editorRoute(location.hash);
    if (editing !== null) {
      byId('app').hidden = true;
      byId<HTMLDialogElement>('dlg-new').close();
      this.analysis.close();
      this.editor.open(editing);
      return;
    }
    this.editor.close();
    const analysis = analysisRoute(location.hash);
    if (analysis) {
      byId('app').hidden = true;
      byId<HTMLDialogElement>('dlg-new').close();
      this.analysis.open(analysis);
      return;
    }
    this.showGameView();
    if (/^#\/?lesson$/.test(location.hash)) {
      this.lesson();
      return;
    }
    const m = location.hash.match(/^#\/?game\/([A-Za-z0-9_-]+)/);
    let id = m ? m[1] : null;
    if (!id && !location.hash) {
      try {
        id = localStorage.getItem(lastGameKey);
      } catch {
        id = null;
      }
      if (id && !api.canPlay(id)) id = null;
    }
    if (id) {
      if (id !== this.game?.id) void this.load(id);
    } else {
      this.newGame.show();
    }
  }

  // showGameView puts the game's view in place of the analysis board (if
  // that was on screen).
  private showGameView() {
    const app = byId('app');
    const wasHidden = app.hidden;
    app.hidden = false;
    this.analysis.close();
    if (wasHidden) this.board.cg.redrawAll();
  }

  // lesson opens the guided lesson (#/lesson, the Learn button, the link in
  // the New game dialog); closing it goes back to the game, or to the New
  // game dialog when there is none.
  private lesson() {
    byId<HTMLDialogElement>('dlg-new').close();
    openLesson(() => {
      if (!/^#\/?lesson$/.test(location.hash)) return;
      history.replaceState(null, '', this.game ? '#/game/' + this.game.id : location.pathname + location.search);
      if (!this.game) this.newGame.show();
    });
  }

  private navigate(id: string) {
    const h = '#/game/' + id;
    if (location.hash === h) void this.load(id);
    else location.hash = h;
  }

  private async load(id: string) {
    try {
      const g = await api.getGame(id);
      this.open(id, g);
    } catch (e) {
      if (e instanceof api.ApiError && e.status === 404) {
        api.forgetToken(id);
        try {
          if (localStorage.getItem(lastGameKey) === id) localStorage.removeItem(lastGameKey);
        } catch {
          /* ignore */
        }
        toast(t('game.gone'));
        this.newGame.show();
      } else {
        toast(errText(e));
        setTimeout(() => {
          if (!this.game || this.game.id !== id) void this.load(id);
        }, 2000);
      }
    }
  }

  // open shows game g and follows its events.
  private open(id: string, g: GameState) {
    const h = '#/game/' + id;
    if (location.hash !== h) {
      // replaceState fires no hashchange: switch the view here (a game
      // started from the analysis board or a review).
      history.replaceState(null, '', h);
      this.showGameView();
    }
    try {
      localStorage.setItem(lastGameKey, id);
    } catch {
      /* ignore */
    }
    const fresh = this.game?.id !== id;
    if (fresh) {
      this.game = null;
      this.viewPly = null;
      this.thinking = null;
      this.thinkingPly = -1;
      this.hintShapes = [];
      this.evals = new Evaluations(sessionStore(), evalsKey + id);
      this.bannerClosed = false;
      this.board.closePicker();
      this.board.cancelPremove();
      this.flipped = loadFlag(orientationKey + id);
      this.events?.stop();
      this.events = new api.Events(
        id,
        (s) => this.applyState(s, 'event'),
        (t) => this.applyThinking(t),
        () => {
          toast(t('game.deleted'));
          this.newGame.show();
        },
        (up) => {
          if (up === this.connected) return;
          this.connected = up;
          byId('app').dataset.connected = String(up);
          if (this.game) this.renderStatus();
        },
      );
      this.events.start();
    }
    this.applyState(g, 'load');
  }

  // ---- state ---------------------------------------------------------------

  // applyState takes a state from the server. from says where it came from:
  // an answer to our request may be older than an event that overtook it.
  private applyState(s: GameState, from: 'event' | 'load' | 'answer', seqAtRequest = -1) {
    const prev = this.game;
    if (prev && prev.id !== s.id) return;
    if (from === 'answer' && prev && seqAtRequest >= 0 && this.stateSeq !== seqAtRequest) {
      // An event arrived while we waited: keep it if it is newer (it extends
      // the answer's moves).
      if (extendsMoves(prev, s)) return;
    }
    this.clocks.set(s.clock);
    if (prev && sameState(prev, s)) {
      this.game = s;
      return;
    }
    this.stateSeq++;
    this.game = s;
    const oldPlies = prev ? prev.moves.length : -1;
    const plies = s.moves.length;
    if (prev && plies !== oldPlies) {
      // A hint is about the position it was asked in; a typed move's error
      // about the move before.
      this.hintShapes = [];
      this.hintFor = -1;
      delete byId('status').dataset.note;
      byId('move-input').removeAttribute('aria-invalid');
      if (this.viewPly !== null && this.viewPly > plies) this.viewPly = null;
    }
    if (prev && (plies !== oldPlies || s.status !== prev.status)) this.bannerClosed = false;
    if ((this.thinkingPly !== plies && s.thinking) || s.status !== 'playing') {
      // A new search: the old lines are about another position. A game
      // over: no search is left to show.
      this.thinking = null;
    }
    this.render();

    // Sounds, words and the premove, for a move just played.
    if (prev && plies === oldPlies + 1 && extendsMoves(s, prev)) {
      const mv = s.moves[plies - 1];
      const moverIsAI = sideOf(plies - 1, s) === 'ai';
      this.sound.play(soundFor(mv.san));
      this.announce(mv.san, plies - 1, s);
      if (moverIsAI && /[+#]/.test(mv.san)) this.sound.say(mv.san.includes('#') ? 'voice.checkmate' : 'voice.check');
    } else if (prev && plies !== oldPlies) {
      this.announcePosition(s);
    }
    if (prev && prev.status === 'playing' && s.status !== 'playing') {
      this.sound.play('end');
      if (s.reason === 'aborted') this.say(t('end.aborted'));
      else this.say(t('live.over', { reason: reasonText(s.reason, s.status, s.result), result: resultText(s.result) }));
      const aiWon =
        (s.result === '1-0' && s.white === 'ai' && s.black === 'human') ||
        (s.result === '0-1' && s.black === 'ai' && s.white === 'human');
      if (aiWon) this.sound.say(s.reason === 'checkmate' ? 'voice.mateWin' : 'voice.win');
    }
    if (this.isLive() && this.myTurn() && this.board.hasPremove()) {
      if (!this.board.playPremove()) this.board.cancelPremove();
    }
  }

  private applyThinking(th: Thinking) {
    if (!this.game || this.game.status !== 'playing') return;
    this.thinking = th;
    // The event says which position it is about: it may come before the
    // state of the move that led there, or after the state of the AI's reply.
    this.thinkingPly = th.ply ?? this.game.moves.length;
    this.keepEvaluation(th);
    this.renderThinking();
    this.renderEval();
  }

  // keepEvaluation keeps a thinking event's score for the bar when the AI
  // searching plays at full strength: then its score is the engine's opinion.
  private keepEvaluation(th: Thinking) {
    const g = this.game!;
    if (th.ply === undefined || th.ply > g.moves.length || !th.score) return;
    const fen = th.ply === 0 ? g.startFen : g.moves[th.ply - 1].fen;
    const level = fen.split(' ')[1] === 'b' ? g.blackLevel : g.whiteLevel;
    if (!levelInfo(level)?.fullStrength) return;
    const pv = Array.isArray(th.pvUci) ? th.pvUci : String(th.pvUci ?? '').split(' ');
    this.evals.set(fen, { score: th.score, depth: th.depth, source: 'engine', best: pv[0] || undefined });
  }

  private isLive(): boolean {
    return this.viewPly === null || (this.game !== null && this.viewPly >= this.game.moves.length);
  }

  private playing(): boolean {
    return !!this.game && this.game.status === 'playing';
  }

  private canPlay(): boolean {
    return !!this.game && api.canPlay(this.game.id);
  }

  private humanColors(): Color[] {
    const g = this.game;
    if (!g || !this.canPlay()) return [];
    const out: Color[] = [];
    if (g.white === 'human') out.push('white');
    if (g.black === 'human') out.push('black');
    return out;
  }

  private myTurn(): boolean {
    const g = this.game;
    return !!g && this.playing() && this.humanColors().some((c) => c === g.turn);
  }

  // ---- actions -------------------------------------------------------------

  private async playMove(move: string) {
    const g = this.game;
    if (!g || !this.canPlay()) {
      toast(t('game.watchOnlyElsewhere'));
      this.renderBoard();
      return;
    }
    if (!this.isLive()) {
      this.viewPly = null;
      this.render();
      return;
    }
    if (this.busy) return;
    this.busy = true;
    this.sound.unlock();
    const seq = this.stateSeq;
    try {
      const s = await api.sendMove(g.id, move, g.moves.length);
      if (s) this.applyState(s, 'answer', seq);
    } catch (e) {
      toast(errText(e));
      this.renderBoard();
    } finally {
      this.busy = false;
      this.renderControls();
    }
  }

  // act sends a change of the game (f) and shows the answer; an error is
  // shown after what was tried (what).
  private async act(what: MessageKey, f: (id: string) => Promise<GameState | null>) {
    const g = this.game;
    if (!g) return;
    this.sound.unlock();
    const seq = this.stateSeq;
    try {
      const s = await f(g.id);
      if (s) this.applyState(s, 'answer', seq);
    } catch (e) {
      toast(t('error.during', { what: t(what), error: errText(e) }));
    }
  }

  // offerDraw offers a draw: the AI answers at once (its answer is shown);
  // a person answers with Accept or Decline.
  private async offerDraw() {
    const g = this.game;
    if (!g) return;
    const btn = byId<HTMLButtonElement>('btn-offer-draw');
    btn.disabled = true;
    const seq = this.stateSeq;
    try {
      const a = await api.offerDraw(g.id);
      const text = drawAnswerText(a);
      toast(text);
      this.say(text);
      this.applyState(a.game, 'answer', seq);
    } catch (e) {
      toast(t('error.during', { what: t('game.offerDraw'), error: errText(e) }));
    } finally {
      this.renderControls();
    }
  }

  private async hint() {
    const g = this.game;
    if (!g) return;
    const ply = g.moves.length;
    const btn = byId<HTMLButtonElement>('btn-hint');
    btn.disabled = true;
    setLabel(btn, t('game.hintThinking'));
    try {
      const h = await api.hint(g.id);
      if (this.game?.moves.length !== ply || this.game.id !== g.id) return;
      const from = h.move.slice(0, 2);
      const to = h.move.slice(2, 4);
      this.hintShapes = [{ orig: from, dest: to, brush: 'green' } as DrawShape];
      this.hintFor = ply;
      if (h.score) this.evals.set(g.fen, { score: h.score, depth: h.depth ?? 0, source: 'hint', best: h.move });
      this.renderEval();
      this.renderBoard();
      setStatusNote(h.score ? t('hint.withScore', { san: h.san, score: scoreText(h.score) }) : t('hint.move', { san: h.san }));
      this.say(t('hint.move', { san: sanToWords(h.san) }));
    } catch (e) {
      toast(t('error.during', { what: t('game.hint'), error: errText(e) }));
    } finally {
      setLabel(btn, t('game.hint'));
      this.renderControls();
    }
  }

  private async download() {
    const g = this.game;
    if (!g) return;
    try {
      downloadText('outpost-' + g.id + '.pgn', await api.getPGN(g.id), 'application/x-chess-pgn');
      toast(t('export.downloaded'));
    } catch (e) {
      toast(errText(e));
    }
  }

  private async copyFEN() {
    const fen = this.shownFEN();
    const input = byId<HTMLInputElement>('fen-out');
    input.value = fen;
    try {
      await navigator.clipboard.writeText(fen);
      toast(t('export.copied'));
    } catch {
      input.focus();
      input.select();
      const ok = document.execCommand && document.execCommand('copy');
      toast(t(ok ? 'export.copied' : 'export.selectToCopy'));
    }
  }

  private goTo(ply: number | null) {
    const g = this.game;
    if (!g) return;
    if (ply !== null) {
      ply = Math.max(0, Math.min(ply, g.moves.length));
      if (ply === g.moves.length) ply = null;
    }
    this.viewPly = ply;
    this.board.closePicker();
    this.render();
    const p = ply ?? g.moves.length;
    if (p > 0) this.say(t('live.moveAt', { num: moveNumber(p - 1, g), move: sanToWords(g.moves[p - 1].san) }));
    else this.say(t('live.start'));
  }

  private bind() {
    byId('btn-new').addEventListener('click', () => this.newGame.show());
    byId('btn-import').addEventListener('click', () => this.newGame.show(true));
    byId('btn-games').addEventListener('click', () => this.games.show(this.game?.id));
    byId('btn-settings').addEventListener('click', () => this.settings.show());
    byId('banner-new').addEventListener('click', () => this.newGame.show());
    byId('banner-rematch').addEventListener('click', () => void this.rematch());
    byId('banner-review').addEventListener('click', () => this.reviewGame());
    byId('btn-review').addEventListener('click', () => this.reviewGame());
    byId('banner-close').addEventListener('click', () => {
      this.bannerClosed = true;
      this.renderBanner();
    });
    byId('btn-takeback').addEventListener('click', () => {
      this.board.cancelPremove();
      void this.act('game.takeback', api.takeback);
    });
    byId('btn-redo').addEventListener('click', () => void this.act('game.redo', api.redo));
    // Resigning takes two clicks: the first asks, the second resigns.
    const resign = byId<HTMLButtonElement>('btn-resign');
    let resignTimer = 0;
    resign.addEventListener('click', () => {
      if (resign.dataset.confirm !== '1') {
        resign.dataset.confirm = '1';
        setLabel(resign, t('game.resignConfirm'));
        resign.classList.add('confirm');
        this.say(t('live.resignAgain'));
        clearTimeout(resignTimer);
        resignTimer = window.setTimeout(() => resetResign(), 4000);
        return;
      }
      clearTimeout(resignTimer);
      resetResign();
      void this.act('game.resign', api.resign);
    });
    const resetResign = () => {
      delete resign.dataset.confirm;
      setLabel(resign, t('game.resign'));
      resign.classList.remove('confirm');
    };
    byId('btn-draw').addEventListener('click', () => void this.act('game.claimDraw', api.claimDraw));
    byId('btn-offer-draw').addEventListener('click', () => void this.offerDraw());
    byId('btn-accept-draw').addEventListener('click', () => void this.act('draw.accept', api.acceptDraw));
    // Any change lets the AI try again to save its move; this one changes
    // nothing else.
    byId('btn-ai-retry').addEventListener('click', () =>
      void this.act('aiError.retry', (id) => api.patchGame(id, { paused: false })),
    );
    byId('btn-decline-draw').addEventListener('click', () => void this.act('draw.decline', api.declineDraw));
    byId('btn-hint').addEventListener('click', () => void this.hint());
    byId('btn-flip').addEventListener('click', () => {
      this.flipped = !this.flipped;
      if (this.game) saveFlag(orientationKey + this.game.id, this.flipped);
      this.render();
    });
    byId('btn-pgn').addEventListener('click', () => void this.download());
    byId('btn-fen').addEventListener('click', () => void this.copyFEN());
    byId('btn-explain').addEventListener('click', () => openExplain(this.shownFEN()));
    byId('btn-lesson').addEventListener('click', () => this.lesson());
    byId('btn-editor').addEventListener('click', () => (location.hash = '#/editor'));
    byId('btn-mute').addEventListener('click', () => {
      this.sound.setMuted(!this.sound.muted);
      this.sound.unlock();
      this.renderSwitches();
    });
    const langSel = byId<HTMLSelectElement>('lang');
    langSel.replaceChildren(...LANGS.map((l) => el('option', { value: l.lang, textContent: t(l.name), selected: l.lang === lang() })));
    langSel.addEventListener('change', () => setLang(langSel.value as Lang));
    onLangChange(() => (langSel.value = lang()));
    byId('btn-voice').addEventListener('click', () => {
      this.sound.setVoice(!this.sound.voice);
      this.renderSwitches();
      if (this.sound.voice) {
        this.sound.say('voice.on');
        if (!hasVoice(lang())) toast(t('voice.noVoice'));
      }
    });
    byId('nav-first').addEventListener('click', () => this.goTo(0));
    byId('nav-prev').addEventListener('click', () => this.step(-1));
    byId('nav-next').addEventListener('click', () => this.step(1));
    byId('nav-last').addEventListener('click', () => this.goTo(null));
    this.movesEl.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('[data-ply]');
      if (b) this.goTo(Number(b.dataset.ply));
    });
    byId('move-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const input = byId<HTMLInputElement>('move-input');
      const text = input.value.trim();
      if (!text) return;
      void this.typedMove(text, input);
    });
    byId('move-input').addEventListener('input', (e) => (e.target as HTMLElement).removeAttribute('aria-invalid'));
    for (const c of ['white', 'black'] as const) {
      const sel = byId<HTMLSelectElement>('lvl-' + c);
      fillLevels(sel);
      sel.addEventListener('change', () => {
        const v = sel.value;
        void this.act(c === 'white' ? 'level.white' : 'level.black', (id) => api.patchGame(id, c === 'white' ? { whiteLevel: v } : { blackLevel: v }));
      });
    }
    const speed = byId<HTMLInputElement>('speed');
    speed.addEventListener('input', () => (byId('speed-out').textContent = seconds(Number(speed.value))));
    speed.addEventListener('change', () => {
      const v = Number(speed.value);
      void this.act('aivai.speed', (id) => api.patchGame(id, { speedMs: v }));
    });
    byId('btn-pause').addEventListener('click', () => {
      const p = !this.game?.paused;
      void this.act(p ? 'aivai.pause' : 'aivai.resume', (id) => api.patchGame(id, { paused: p }));
    });
    document.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
      // A tree view (the search explorer's) uses the arrows, Home and End itself.
      if (t instanceof Element && t.closest('[role="tree"]')) return;
      if (document.querySelector('dialog[open]') || byId('app').hidden) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      switch (e.key) {
        case 'ArrowLeft':
          this.step(-1);
          break;
        case 'ArrowRight':
          this.step(1);
          break;
        case 'Home':
        case 'ArrowUp':
          this.goTo(0);
          break;
        case 'End':
        case 'ArrowDown':
          this.goTo(null);
          break;
        case 'f':
          byId('btn-flip').click();
          break;
        case 'z':
          setZen(!zen());
          break;
        default:
          // A letter or digit starts typing a move.
          if (e.key.length === 1 && /[a-hNBRQKO0-9x]/.test(e.key)) {
            byId<HTMLInputElement>('move-input').focus();
          }
          return;
      }
      e.preventDefault();
    });
    document.addEventListener('pointerdown', () => this.sound.unlock(), { once: true });
  }

  // reviewGame opens the game's review in the analysis board.
  private reviewGame() {
    if (this.game) location.hash = '#/review/' + this.game.id;
  }

  private step(d: number) {
    const g = this.game;
    if (!g) return;
    const cur = this.viewPly ?? g.moves.length;
    this.goTo(cur + d);
  }

  private async typedMove(text: string, input: HTMLInputElement) {
    const g = this.game;
    if (!g) return;
    if (!this.canPlay()) {
      toast(t('game.watchOnly'));
      return;
    }
    if (!this.myTurn()) {
      toast(t(this.playing() ? 'game.notYourTurn' : 'game.over'));
      return;
    }
    if (this.busy) return;
    this.busy = true;
    this.sound.unlock();
    this.viewPly = null;
    const seq = this.stateSeq;
    try {
      const s = await api.sendMove(g.id, text, g.moves.length);
      input.value = '';
      input.removeAttribute('aria-invalid');
      if (s) this.applyState(s, 'answer', seq);
    } catch (e) {
      input.setAttribute('aria-invalid', 'true');
      toast(errText(e));
      this.say(errText(e));
    } finally {
      this.busy = false;
      this.renderControls();
    }
  }

  // ---- rendering -----------------------------------------------------------

  private renderEmpty() {
    this.board.show({
      fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      turn: 'white',
      orientation: 'white',
      check: false,
      dests: {},
      premove: false,
      shapes: [],
    });
    byId('status').textContent = t('status.start');
    document.title = 'Outpost';
    for (const id of ['player-top', 'player-bottom']) {
      byId(id).classList.add('empty');
      byId(id).querySelector('.material')!.replaceChildren();
    }
    for (const id of ['lvl-white-box', 'lvl-black-box', 'thinking']) byId(id).hidden = true;
    byId('evalbar').classList.add('off');
    byId('eval-note').textContent = '';
    this.clocks.set(null);
    for (const id of ['btn-takeback', 'btn-redo', 'btn-hint', 'btn-resign', 'btn-offer-draw', 'btn-pgn', 'btn-fen']) {
      byId<HTMLButtonElement>(id).disabled = true;
    }
  }

  private render() {
    const g = this.game;
    if (!g) return;
    const app = byId('app');
    app.dataset.gameId = g.id;
    app.dataset.ply = String(g.moves.length);
    app.dataset.status = g.status;
    app.dataset.turn = g.turn;
    app.dataset.fen = g.fen;
    app.dataset.thinking = String(!!g.thinking);
    app.dataset.viewPly = this.viewPly === null ? '' : String(this.viewPly);
    this.renderBoard();
    for (const id of ['player-top', 'player-bottom']) byId(id).classList.remove('empty');
    this.renderPlayers();
    this.renderMoves();
    this.renderStatus();
    this.renderControls();
    this.renderThinking();
    this.renderEval();
    this.renderBanner();
    this.renderSettings();
    this.renderWords();
    this.renderImport();
    this.renderOpening();
  }

  // renderOpening names the game's opening: the last named position it
  // reached, and the move that left the book; in Chess960, where opening
  // names do not apply, the start position's number.
  private renderOpening() {
    const o = this.game?.opening;
    const box = byId('opening');
    if (this.game?.variant === 'chess960') {
      box.hidden = false;
      box.textContent = chess960Label(this.game.number);
      box.title = '';
      return;
    }
    box.hidden = !o?.name;
    if (!o?.name) return;
    box.replaceChildren(openingLabel(o));
    const left = o.leftBook > 0 ? this.game!.moves[o.leftBook - 1] : undefined;
    box.title = left ? t('game.leftBook', { move: moveNumber(o.leftBook - 1, this.game!) + ' ' + left.san }) : o.pgn;
  }

  // renderImport shows what an imported game's PGN held: its players,
  // event, date and opening above the moves, and the comment of the move
  // shown below them.
  private renderImport() {
    const g = this.game!;
    const info = byId('game-info');
    const comment = byId('move-comment');
    const imp = g.import;
    info.hidden = !imp;
    comment.hidden = true;
    if (!imp) return;
    const tags = imp.tags;
    const parts: string[] = [];
    if (tags.White || tags.Black) parts.push(t('import.players', { white: tags.White || '?', black: tags.Black || '?' }));
    // A PGN writes an unknown value as "?" (a date as "????.??.??").
    for (const v of [tags.Event, tags.Site, tags.Date]) if (v && !/^[?.]+$/.test(v)) parts.push(v);
    if (tags.ECO || tags.Opening) parts.push([tags.ECO, tags.Opening, tags.Variation].filter(Boolean).join(' '));
    if (tags.TimeControl && tags.TimeControl !== '-') parts.push(t('import.timeControl', { tc: tags.TimeControl }));
    info.textContent = parts.join(' · ');
    info.hidden = parts.length === 0;
    const text = imp.comments[String(this.shownPly())];
    if (text) {
      comment.textContent = text;
      comment.hidden = false;
    }
  }

  private orientation(): Color {
    const g = this.game;
    let base: Color = 'white';
    if (g && g.white !== 'human' && g.black === 'human') base = 'black';
    return this.flipped ? (base === 'white' ? 'black' : 'white') : base;
  }

  private shownPly(): number {
    const g = this.game!;
    return this.viewPly === null ? g.moves.length : Math.min(this.viewPly, g.moves.length);
  }

  private shownFEN(): string {
    const g = this.game;
    if (!g) return '';
    const p = this.shownPly();
    return p === 0 ? g.startFen : g.moves[p - 1].fen;
  }

  private renderBoard() {
    const g = this.game;
    if (!g) return;
    const live = this.isLive();
    const ply = this.shownPly();
    const fen = this.shownFEN();
    const turn: Color = fen.split(' ')[1] === 'b' ? 'black' : 'white';
    let lastMove: [string, string] | undefined;
    if (ply > 0) {
      const u = g.moves[ply - 1].uci;
      lastMove = [u.slice(0, 2), u.slice(2, 4)];
    }
    let check: Color | false = false;
    if (live) check = g.check ? turn : false;
    else if (ply > 0 && /[+#]/.test(g.moves[ply - 1].san)) check = turn;
    const humans = this.humanColors();
    let movable: Color | 'both' | undefined;
    let dests: Record<string, string[]> = {};
    let premove = false;
    if (live && this.playing() && humans.length > 0) {
      if (humans.length === 2) {
        movable = turn;
        dests = g.dests;
      } else {
        // Against the AI: our pieces move on our turn and premove on its.
        movable = humans[0];
        premove = true;
        if (turn === humans[0]) dests = g.dests;
      }
    }
    this.board.show({
      fen,
      turn,
      orientation: this.orientation(),
      lastMove,
      check,
      movable,
      dests,
      premove,
      shapes: live && this.hintFor === g.moves.length ? this.hintShapes : [],
    });
    byId('board').classList.toggle('history', !live);
    byId<HTMLInputElement>('fen-out').value = fen;
  }

  private renderPlayers() {
    const g = this.game!;
    const bottom = this.orientation();
    const top: Color = bottom === 'white' ? 'black' : 'white';
    const mine = this.humanColors();
    const label = (c: Color) => {
      const side = c === 'white' ? g.white : g.black;
      const lvl = c === 'white' ? g.whiteLevel : g.blackLevel;
      const who =
        side === 'ai'
          ? t('player.ai', { level: levelName(lvl) })
          : mine.includes(c) && mine.length === 1
            ? t('player.you')
            : t('player.human');
      return t('player.label', { color: colorName(c), who });
    };
    for (const [id, c] of [
      ['player-top', top],
      ['player-bottom', bottom],
    ] as const) {
      const p = byId(id);
      p.querySelector('.name')!.textContent = label(c);
      p.querySelector('.dot')!.className = 'dot ' + c;
      const toMove = this.playing() && g.turn === c;
      p.classList.toggle('to-move', toMove);
      const side = c === 'white' ? g.white : g.black;
      p.querySelector('.clock-note')!.textContent =
        toMove && side === 'ai' ? (g.paused ? t('player.paused') : g.thinking ? t('player.thinking') : '') : '';
      this.renderMaterial(p.querySelector<HTMLElement>('.material')!, c);
    }
    this.clocks.draw(); // the bars may have swapped
  }

  // renderMaterial shows beside c's name the pieces c is up in the position
  // shown (in the other side's colour, as taken) and by how many pawns.
  private renderMaterial(box: HTMLElement, c: Color) {
    const m = materialView(this.shownFEN())[c];
    const other = c === 'white' ? 'black' : 'white';
    const pieces = m.up.map((role) => el('piece' as 'span', { className: `${role} ${other}` }));
    box.replaceChildren(...pieces);
    if (m.diff > 0) box.append(el('span', { className: 'material-diff', textContent: '+' + m.diff }));
    box.setAttribute('aria-label', m.diff > 0 ? t('material.up', { n: m.diff }) : '');
  }

  private renderMoves() {
    const g = this.game!;
    const ply = this.shownPly();
    const startBlack = g.startFen.split(' ')[1] === 'b';
    const firstNumber = Number(g.startFen.split(' ')[5]) || 1;
    const rows: HTMLElement[] = [];
    let row: HTMLElement | null = null;
    g.moves.forEach((m, i) => {
      const black = startBlack ? i % 2 === 0 : i % 2 === 1;
      const num = firstNumber + Math.floor((i + (startBlack ? 1 : 0)) / 2);
      if (!row || !black) {
        row = el('li', { className: 'move-row' });
        row.append(el('span', { className: 'num', textContent: num + '.' }));
        if (black) row.append(el('span', { className: 'move empty', textContent: '…' }));
        rows.push(row);
      }
      const b = el('button', {
        type: 'button',
        className: 'move' + (i + 1 === ply ? ' current' : ''),
        textContent: m.san,
      });
      const glyph = nagText(g.import?.nags?.[String(i + 1)]);
      if (glyph) b.append(el('span', { className: 'nag', textContent: glyph }));
      b.dataset.ply = String(i + 1);
      b.setAttribute('aria-label', t('moves.aria', { num: num + (black ? '…' : '.'), color: colorName(black ? 'black' : 'white'), move: sanToWords(m.san) + glyph }));
      if (i + 1 === ply) b.setAttribute('aria-current', 'step');
      row.append(b);
      const lines = g.import?.lines?.[String(i + 1)];
      if (lines) {
        // The side lines go below the move they could replace; the
        // game goes on in a row of its own ("3… Nf6").
        rows.push(sideLines(lines, i + 1, firstNumber, startBlack));
        row = null;
      }
    });
    if (g.status !== 'playing' && g.result && g.result !== '*') {
      rows.push(el('li', { className: 'move-result', textContent: g.result }));
    }
    this.movesEl.replaceChildren(...rows);
    const cur = this.movesEl.querySelector('.current') as HTMLElement | null;
    const box = this.movesEl;
    if (cur) {
      // Scroll the current move into the middle of the list when it is out
      // of view (the list's own scroll only, never the page's).
      const b = box.getBoundingClientRect();
      const c = cur.getBoundingClientRect();
      if (c.top < b.top || c.bottom > b.bottom) box.scrollTop += c.top - b.top - (box.clientHeight - c.height) / 2;
    } else if (this.viewPly === null) box.scrollTop = box.scrollHeight;
  }

  private renderStatus() {
    const g = this.game!;
    const s = byId('status');
    let text: string;
    if (g.reason === 'aborted') {
      text = t('end.aborted');
    } else if (g.status !== 'playing') {
      text = t('status.over', { reason: reasonText(g.reason, g.status, g.result), result: resultText(g.result), score: g.result });
    } else {
      const who = colorName(g.turn);
      const side = g.turn === 'white' ? g.white : g.black;
      if (side === 'ai' && g.aiError) text = t('aiError.status', { color: who });
      else if (side === 'ai') text = g.paused ? t('status.aiPaused', { color: who }) : t('status.aiThinking', { color: who });
      else if (this.myTurn() && this.humanColors().length === 1) text = t('status.yourMove') + (g.check ? ' ' + t('status.check') : '');
      else text = t('status.toMove', { color: who }) + (g.check ? ' ' + t('status.check') : '');
    }
    document.title = t('title.game', { status: text });
    if (!this.isLive()) text = t('status.looking', { n: this.shownPly(), of: g.moves.length }) + ' ' + text;
    if (!this.canPlay()) text += ' ' + t('status.watching');
    // While the event stream is down, what the page would say may be stale
    // (the AI may have moved): say that instead.
    if (!this.connected) text = t('status.reconnecting');
    s.textContent = text;
    s.classList.toggle('reconnecting', !this.connected);
    s.classList.toggle('thinking', this.connected && g.status === 'playing' && !!g.thinking);
    const note = s.dataset.note;
    if (note && this.hintFor === g.moves.length && this.isLive()) {
      s.append(el('span', { className: 'note', textContent: ' ' + note }));
    }
  }

  private renderControls() {
    const g = this.game;
    if (!g) return;
    const mine = this.canPlay();
    const playing = this.playing();
    const humans = this.humanColors();
    const set = (id: string, enabled: boolean) => (byId<HTMLButtonElement>(id).disabled = !enabled);
    // Take back and redo stay usable while a move is on its way: the
    // server applies requests in order.
    set('btn-takeback', mine && (g.canTakeback ?? g.moves.length > 0));
    set('btn-redo', mine && !!g.canRedo);
    set('btn-hint', mine && playing && this.myTurn() && !this.busy);
    set('btn-resign', mine && playing && (humans.length > 0 || (g.white === 'ai' && g.black === 'ai')));
    const draw = byId<HTMLButtonElement>('btn-draw');
    draw.hidden = !(mine && playing && !!g.claimableDraw);
    if (g.claimableDraw) draw.title = t('game.claimDrawBy', { reason: reasonPhrase(String(g.claimableDraw)) });
    const offer = byId<HTMLButtonElement>('btn-offer-draw');
    offer.hidden = humans.length === 0;
    offer.disabled = !(mine && playing && !g.drawOffer);
    offer.title = t(humans.length === 1 ? 'game.offerDrawTitle' : 'game.offerDrawPeople');
    // Between two people, a standing offer waits for Accept or Decline.
    const standing = mine && playing && !!g.drawOffer;
    byId('draw-offer').hidden = !standing;
    if (standing) {
      const by = colorName(g.drawOffer === 'white' ? 'white' : 'black');
      const to = colorName(g.drawOffer === 'white' ? 'black' : 'white');
      byId('draw-offer-text').textContent = t('draw.offered', { by, to });
    }
    const aiError = playing && !!g.aiError;
    byId('ai-error').hidden = !aiError;
    // The server's reason (a storage failure) is for whoever runs it: the
    // player reads what happened, the reason is in the title.
    byId('ai-error-text').textContent = aiError ? t('aiError.text') : '';
    byId('ai-error-text').title = aiError ? g.aiError! : '';
    byId<HTMLButtonElement>('btn-ai-retry').hidden = !mine;
    set('btn-pgn', true);
    set('btn-fen', true);
    // A game is reviewed once it is over, or when this page does not play
    // in it (it watches): not while a player here can still use it.
    const review = byId<HTMLButtonElement>('btn-review');
    review.hidden = g.moves.length === 0;
    review.disabled = playing && humans.length > 0;
    const n = g.moves.length;
    const p = this.shownPly();
    set('nav-first', p > 0);
    set('nav-prev', p > 0);
    set('nav-next', p < n);
    set('nav-last', p < n);
    const input = byId<HTMLInputElement>('move-input');
    input.disabled = !(mine && playing && humans.length > 0);
    byId('move-form').hidden = humans.length === 0 || !playing;
  }

  private renderThinking() {
    const th = this.thinking;
    const box = byId('thinking');
    const g = this.game;
    const hasAI = !!g && (g.white === 'ai' || g.black === 'ai');
    box.hidden = !hasAI;
    const stale = !th || !g || this.thinkingPly !== g.moves.length;
    box.classList.toggle('stale', stale && !!th);
    box.classList.toggle('active', !!g && g.thinking && g.status === 'playing');
    const set = (id: string, v: string) => (byId(id).textContent = v || '–');
    if (!th) {
      for (const id of ['th-depth', 'th-score', 'th-nodes', 'th-time', 'th-nps', 'th-pv']) set(id, '');
      return;
    }
    set('th-depth', depthText(th.depth, th.seldepth));
    set('th-score', scoreText(th.score));
    set('th-nodes', count(th.nodes));
    set('th-time', seconds(th.timeMs));
    set('th-nps', count(th.nps));
    const pv = Array.isArray(th.pv) ? th.pv.join(' ') : String(th.pv || '');
    set('th-pv', pv);
  }

  // renderEval shows the bar of the position shown: its result at the end
  // of a finished game, else the full-strength evaluation seen for it (the
  // AI's own search at full strength, or a hint's), else none; and says which.
  private renderEval() {
    const g = this.game;
    if (!g) return;
    const final = g.status !== 'playing' && this.shownPly() === g.moves.length;
    const ply = this.shownPly();
    const before = ply === 0 ? undefined : ply === 1 ? g.startFen : g.moves[ply - 2].fen;
    const v = barView(final ? g.result : '', this.evals.get(this.shownFEN(), before, g.moves[ply - 1]?.uci));
    const bar = byId('evalbar');
    bar.classList.remove('off');
    bar.dataset.kind = v.kind;
    // The bar fills from the bottom player's side; the number is written at
    // the end of the side ahead.
    const bottomWhite = this.orientation() === 'white';
    byId('evalbar-white').style.height = (v.fraction * 100).toFixed(1) + '%';
    bar.classList.toggle('flipped', !bottomWhite);
    bar.classList.toggle('text-bottom', (v.fraction >= 0.5) === bottomWhite);
    bar.setAttribute('aria-valuenow', (v.fraction * 100).toFixed(0));
    let note: string;
    if (v.kind === 'result') note = t('eval.result', { result: v.text });
    else if (v.kind === 'engine') note = t('eval.engine', { score: v.text, depth: v.depth ?? 0 });
    else if (v.kind === 'hint') note = t('eval.hint', { score: v.text, depth: v.depth ?? 0 });
    else note = t('eval.none');
    bar.setAttribute('aria-valuetext', note);
    bar.title = note;
    byId('evalbar-text').textContent = v.text;
    byId('eval-note').textContent = note;
  }

  // rematch starts the same game again with the colours swapped, as
  // lichess's rematch does, and opens it.
  private async rematch() {
    const g = this.game;
    if (!g) return;
    try {
      const c = await api.rematch(g.id);
      this.open(c.id, c.game);
    } catch (e) {
      toast(errText(e));
    }
  }

  private renderBanner() {
    const g = this.game!;
    const b = byId('banner');
    const over = g.status !== 'playing';
    // The banner is about the end: it steps aside while the player looks at
    // the game's earlier positions.
    b.hidden = !over || this.bannerClosed || !this.isLive();
    if (!over) return;
    byId('banner-rematch').hidden = !this.canPlay(); // a spectator has no game to play again
    const title = g.reason === 'aborted' ? reasonText(g.reason, g.status) : g.result; // an aborted game has no result
    byId('banner-title').textContent = resultText(g.result) ? `${resultText(g.result)} · ${g.result}` : title;
    byId('banner-reason').textContent = endText(g.result, g.reason, g.status);
  }

  private renderSettings() {
    const g = this.game!;
    const mine = this.canPlay();
    for (const c of ['white', 'black'] as const) {
      const sel = byId<HTMLSelectElement>('lvl-' + c);
      const side = c === 'white' ? g.white : g.black;
      const lvl = c === 'white' ? g.whiteLevel : g.blackLevel;
      byId('lvl-' + c + '-box').hidden = side !== 'ai';
      if (document.activeElement !== sel) selectLevel(sel, String(lvl));
      sel.disabled = !mine || g.status !== 'playing';
    }
    const aivai = g.white === 'ai' && g.black === 'ai';
    byId('aivai').hidden = !aivai;
    const speed = byId<HTMLInputElement>('speed');
    if (document.activeElement !== speed) speed.value = String(g.speedMs ?? 0);
    byId('speed-out').textContent = seconds(Number(speed.value));
    speed.disabled = !mine;
    const pause = byId<HTMLButtonElement>('btn-pause');
    setLabel(pause, t(g.paused ? 'aivai.resume' : 'aivai.pause'));
    setIcon(pause, g.paused ? 'resume' : 'pause');
    pause.setAttribute('aria-pressed', String(!!g.paused));
    pause.disabled = !mine || g.status !== 'playing';
  }

  private renderWords() {
    byId('position-text').textContent = describeFEN(this.shownFEN());
  }

  private renderSwitches() {
    const m = byId('btn-mute');
    setLabel(m, t(this.sound.muted ? 'sound.off' : 'sound.on'));
    setIcon(m, this.sound.muted ? 'soundOff' : 'soundOn');
    m.setAttribute('aria-pressed', String(this.sound.muted));
    m.setAttribute('aria-label', t(this.sound.muted ? 'sound.unmuteLabel' : 'sound.muteLabel'));
    const v = byId('btn-voice');
    setLabel(v, t(this.sound.voice ? 'voice.on' : 'voice.off'));
    v.title = t('voice.title') + (hasVoice(lang()) ? '' : ' — ' + t('voice.noVoice'));
    v.setAttribute('aria-pressed', String(this.sound.voice));
    v.hidden = !('speechSynthesis' in window);
  }

  // ---- words for screen readers ---------------------------------------------

  private announce(san: string, ply: number, s: GameState) {
    let text = t('live.played', { color: colorName(sideColor(ply, s)), move: sanToWords(san) });
    if (s.status === 'playing') text += ' ' + t('status.toMove', { color: colorName(s.turn) });
    this.say(text);
  }

  private announcePosition(s: GameState) {
    const n = s.moves.length;
    const last = n > 0 ? t('live.lastMove', { move: sanToWords(s.moves[n - 1].san) }) : t('live.start');
    this.say(last + ' ' + t('status.toMove', { color: colorName(s.turn) }));
  }

  private say(text: string) {
    const live = byId('live');
    live.textContent = text;
  }
}

// sideLines is the move list's item of the side lines (variations) of an
// imported game's ply-th move: one line each, as lichess writes them.
function sideLines(lines: ImportLine[], ply: number, first: number, blackFirst: boolean): HTMLElement {
  const li = el('li', { className: 'move-lines' });
  li.setAttribute('aria-label', t('moves.sideLines'));
  for (const line of lines) {
    const p = el('p', { className: 'move-line' });
    let prev = 'open';
    for (const part of lineParts(line, ply, first, blackFirst)) {
      // A space between two parts, none inside the brackets.
      if (prev !== 'open' && part.kind !== 'close') p.append(' ');
      p.append(el('span', { className: 'line-' + part.kind, textContent: part.text }));
      prev = part.kind;
    }
    li.append(p);
  }
  return li;
}

// drawAnswerText says the answer to a draw offer by its code (the AI's
// judgement with its score, or the offer standing for the other player).
function drawAnswerText(a: DrawOfferAnswer): string {
  const p = { ...a.params } as Record<string, string | number>;
  if (typeof p.by === 'string') p.by = colorName(p.by === 'white' ? 'white' : 'black');
  if (typeof p.to === 'string') p.to = colorName(p.to === 'white' ? 'white' : 'black');
  const key = ('draw.' + a.code) as MessageKey;
  return a.code && t(key) !== key ? t(key, p) : a.message;
}

function setStatusNote(note: string) {
  const s = byId('status');
  s.dataset.note = note;
  s.append(el('span', { className: 'note', textContent: ' ' + note }));
}

// sideColor is the colour that played the move at index ply.
function sideColor(ply: number, s: GameState): Color {
  const startBlack = s.startFen.split(' ')[1] === 'b';
  return (ply % 2 === 0) !== startBlack ? 'white' : 'black';
}

function sideOf(ply: number, s: GameState) {
  return sideColor(ply, s) === 'white' ? s.white : s.black;
}

function moveNumber(ply: number, s: GameState): string {
  const startBlack = s.startFen.split(' ')[1] === 'b';
  const first = Number(s.startFen.split(' ')[5]) || 1;
  const n = first + Math.floor((ply + (startBlack ? 1 : 0)) / 2);
  return sideColor(ply, s) === 'white' ? n + '.' : n + '…';
}

// extendsMoves says whether a's moves start with all of b's moves.
function extendsMoves(a: GameState, b: GameState): boolean {
  if (a.moves.length < b.moves.length) return false;
  for (let i = 0; i < b.moves.length; i++) if (a.moves[i].uci !== b.moves[i].uci) return false;
  return a.moves.length > b.moves.length || a.status === b.status;
}

function sameState(a: GameState, b: GameState): boolean {
  return (
    a.fen === b.fen &&
    a.moves.length === b.moves.length &&
    a.status === b.status &&
    a.thinking === b.thinking &&
    a.paused === b.paused &&
    a.speedMs === b.speedMs &&
    a.whiteLevel === b.whiteLevel &&
    a.blackLevel === b.blackLevel &&
    a.canRedo === b.canRedo &&
    a.canTakeback === b.canTakeback &&
    a.drawOffer === b.drawOffer &&
    a.claimableDraw === b.claimableDraw &&
    extendsMoves(a, b)
  );
}

// sessionStore is the tab's sessionStorage, if the browser lets the page
// have it.
function sessionStore(): KeyValueStore | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function loadFlag(k: string): boolean {
  try {
    return localStorage.getItem(k) === '1';
  } catch {
    return false;
  }
}

function saveFlag(k: string, v: boolean) {
  try {
    if (v) localStorage.setItem(k, '1');
    else localStorage.removeItem(k);
  } catch {
    /* ignore */
  }
}
