// editor.ts is the board editor (#/editor, as lichess's /editor): pieces
// placed from a palette (dragged, or picked and then clicked onto squares),
// moved or dragged off the board, a trash tool, the side to move, the
// castling rights and the en-passant square, and the FEN both ways. The
// rules are the server's: every change asks POST /api/analyse whether the
// position is legal and shows its answer (the reason in the page's
// language when it is not). From a legal position the player starts a game
// against Outpost with either colour, or opens the analysis board on it.

import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Color, MouchEvent, Piece, Role } from '@lichess-org/chessground/types';
import * as api from './api';
import { position } from './analysisapi';
import { byId, el, toast } from './dom';
import { errText, fenReason } from './errors';
import { onLangChange, t } from './i18n';
import type { MessageKey } from './i18n';
import { fillLevels } from './levels';
import { colorName, pieceName, reasonPhrase } from './words';
import './editor.css';

export const startFEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const emptyBoard = '8/8/8/8/8/8/8/8';
const roles: Array<{ role: Role; letter: string }> = [
  { role: 'king', letter: 'K' },
  { role: 'queen', letter: 'Q' },
  { role: 'rook', letter: 'R' },
  { role: 'bishop', letter: 'B' },
  { role: 'knight', letter: 'N' },
  { role: 'pawn', letter: 'P' },
];
const castles = ['K', 'Q', 'k', 'q'] as const;

// Tool is what a click on the board does: move pieces ("pointer"), remove
// them ("trash"), or put a piece.
type Tool = 'pointer' | 'trash' | Piece;

// editorRoute reads the address: #/editor (the position last edited, or the
// start position) and #/editor/FEN with "_" for the spaces. It returns the
// FEN asked for ("" for none), or null when the address is not the editor's.
export function editorRoute(hash: string): string | null {
  const m = hash.match(/^#\/?editor(?:\/(.*))?$/);
  if (!m) return null;
  return m[1] ? pathFEN(m[1]) : '';
}

// fenPath is a FEN as the editor's and the analysis board's addresses
// write it: "_" for the spaces; pathFEN reads it back.
export function fenPath(fen: string): string {
  return encodeURIComponent(fen.trim().replace(/ /g, '_')).replace(/%2F/g, '/');
}

export function pathFEN(path: string): string {
  try {
    return decodeURIComponent(path).replace(/_/g, ' ');
  } catch {
    return path.replace(/_/g, ' ');
  }
}

export class EditorView {
  private main: HTMLElement;
  private boardEl = el('div', { id: 'ed-board', className: 'board cg-wrap' });
  private cg: Api | null = null;
  private tool: Tool = 'pointer';
  private orientation: Color = 'white';
  private turn = el('select', { id: 'ed-turn' });
  private castle: Record<(typeof castles)[number], HTMLInputElement>;
  private ep = el('select', { id: 'ed-ep' });
  private fenIn = el('input', { type: 'text', id: 'ed-fen', spellcheck: false, autocomplete: 'off' });
  private playColor = el('select', { id: 'ed-color' });
  private level = el('select', { id: 'ed-level' });
  private status = el('p', { id: 'ed-status', className: 'ed-status', role: 'status' });
  private counters = '0 1'; // the halfmove clock and move number of a FEN typed in
  private board = startFEN.split(' ')[0];
  private legalFEN = ''; // the last position the server found legal ('' while unknown)
  private over = ''; // why no game can start from it (checkmate, stalemate…), or ''
  private seq = 0; // counts checks, to drop the answers of an older one
  private timer = 0;
  private labels: Array<() => void> = [];

  constructor() {
    this.castle = Object.fromEntries(castles.map((c) => [c, el('input', { type: 'checkbox', id: 'ed-castle-' + c })])) as EditorView['castle'];
    this.main = el(
      'main',
      { id: 'editor', className: 'editor', hidden: true },
      el('section', { className: 'ed-play' }, this.palette('black'), el('div', { className: 'board-box' }, this.boardEl), this.palette('white')),
      el('aside', { className: 'ed-side' }, this.status, this.tools(), this.fields(), this.actions()),
    );
    byId('app').after(this.main);
    this.fenIn.addEventListener('change', () => this.typed());
    for (const input of [this.turn, this.ep, ...Object.values(this.castle)]) input.addEventListener('change', () => this.changed());
    this.turn.addEventListener('change', () => this.fillEnPassant());
    onLangChange(() => this.render());
    this.render();
    this.pick('pointer');
  }

  // open shows the editor (the caller hides the other views) on fen, or on
  // the position last edited when fen is "".
  open(fen: string) {
    this.main.hidden = false;
    const first = !this.cg;
    if (!this.cg) this.cg = this.makeBoard();
    if (fen || first) this.load(fen || startFEN);
    else this.changed();
    this.cg.redrawAll();
  }

  close() {
    this.main.hidden = true;
  }

  private makeBoard(): Api {
    const cg = Chessground(this.boardEl, {
      fen: this.board,
      orientation: this.orientation,
      coordinates: true,
      autoCastle: false,
      animation: { enabled: false },
      movable: { free: true, color: 'both', showDests: false },
      premovable: { enabled: false },
      draggable: { enabled: true, showGhost: true, deleteOnDropOff: true },
      highlight: { lastMove: false, check: false },
      drawable: { enabled: false },
      events: { change: () => this.changed() },
    });
    // A click with a piece or the trash picked puts or removes a piece,
    // before chessground would start moving one.
    const press = (e: MouchEvent) => {
      if (this.tool === 'pointer') return;
      const pos = 'touches' in e && e.touches?.length ? e.touches[0] : (e as MouseEvent);
      cg.state.dom.bounds.clear();
      const key = cg.getKeyAtDomPos([pos.clientX, pos.clientY]);
      if (!key) return;
      e.preventDefault();
      e.stopPropagation();
      cg.setPieces(new Map([[key, this.tool === 'trash' ? undefined : { ...this.tool }]]));
      this.changed();
    };
    for (const ev of ['mousedown', 'touchstart'] as const) this.boardEl.addEventListener(ev, press, { capture: true, passive: false });
    return cg;
  }

  // palette is the row of one colour's pieces: a press picks the piece as
  // the tool and starts dragging it onto the board.
  private palette(color: Color): HTMLElement {
    const row = el('div', { className: 'ed-palette cg-wrap', role: 'toolbar' });
    row.dataset.color = color;
    for (const { role, letter } of roles) {
      const b = el('button', { type: 'button', className: 'ed-spare' }, el('piece' as 'span', { className: `${role} ${color}` }));
      b.dataset.piece = color.charAt(0) + letter;
      this.labels.push(() => (b.title = b.ariaLabel = t('editor.piece', { color: colorName(color), piece: pieceName(letter) })));
      const press = (e: MouchEvent) => {
        e.preventDefault();
        this.pick({ role, color });
        this.cg?.dragNewPiece({ role, color }, e);
      };
      b.addEventListener('mousedown', press);
      b.addEventListener('touchstart', press, { passive: false });
      b.addEventListener('click', () => this.pick({ role, color }));
      row.append(b);
    }
    return row;
  }

  // pick makes tool the tool, and shows which one it is.
  private pick(tool: Tool) {
    this.tool = tool;
    const name = typeof tool === 'string' ? tool : tool.color.charAt(0) + roles.find((r) => r.role === tool.role)!.letter;
    for (const b of this.main.querySelectorAll<HTMLElement>('[data-piece], [data-tool]')) {
      b.setAttribute('aria-pressed', String((b.dataset.piece ?? b.dataset.tool) === name));
    }
    this.main.dataset.tool = name;
  }

  private button(id: string, key: MessageKey, f: () => void): HTMLButtonElement {
    const b = el('button', { type: 'button', id });
    this.labels.push(() => (b.textContent = t(key)));
    b.addEventListener('click', f);
    return b;
  }

  private tools(): HTMLElement {
    const tool = (name: 'pointer' | 'trash', key: MessageKey) => {
      const b = this.button('ed-' + name, key, () => this.pick(name));
      b.dataset.tool = name;
      return b;
    };
    return el(
      'div',
      { className: 'ed-tools', role: 'toolbar' },
      tool('pointer', 'editor.pointer'),
      tool('trash', 'editor.trash'),
      this.button('ed-start', 'editor.start', () => this.load(startFEN)),
      this.button('ed-clear', 'editor.clear', () => this.load(emptyBoard + ' w - - 0 1')),
      this.button('ed-flip', 'editor.flip', () => {
        this.orientation = this.orientation === 'white' ? 'black' : 'white';
        this.cg?.set({ orientation: this.orientation });
      }),
    );
  }

  private label(key: MessageKey, ...children: HTMLElement[]): HTMLLabelElement {
    const span = el('span');
    this.labels.push(() => (span.textContent = t(key)));
    return el('label', {}, span, ...children);
  }

  private fields(): HTMLElement {
    const castling = el('fieldset', { className: 'ed-castling' });
    const legend = el('legend');
    this.labels.push(() => (legend.textContent = t('editor.castling')));
    castling.append(legend);
    for (const c of castles) {
      const text = el('span');
      const color = c === c.toUpperCase() ? 'white' : 'black';
      this.labels.push(() => (text.textContent = t('editor.castle', { color: colorName(color), side: t(c.toLowerCase() === 'k' ? 'editor.short' : 'editor.long') })));
      castling.append(el('label', { className: 'ed-check' }, this.castle[c], text));
    }
    return el(
      'div',
      { className: 'ed-fields' },
      this.label('editor.turn', this.turn),
      castling,
      this.label('editor.enPassant', this.ep),
      this.label('editor.fen', this.fenIn),
    );
  }

  private actions(): HTMLElement {
    fillLevels(this.level);
    const play = this.button('ed-play', 'editor.play', () => void this.play());
    play.className = 'primary';
    return el(
      'div',
      { className: 'ed-actions' },
      el('div', { className: 'ed-row' }, this.label('editor.playAs', this.playColor), this.label('editor.level', this.level)),
      el('div', { className: 'ed-row' }, play, this.button('ed-analyse', 'editor.analyse', () => void this.analyse())),
    );
  }

  // render writes the texts in the page's language.
  private render() {
    for (const f of this.labels) f();
    const turn = this.turn.value || 'w';
    this.turn.replaceChildren(el('option', { value: 'w', textContent: t('editor.whiteToPlay') }), el('option', { value: 'b', textContent: t('editor.blackToPlay') }));
    this.turn.value = turn;
    const color = this.playColor.value || 'white';
    this.playColor.replaceChildren(el('option', { value: 'white', textContent: colorName('white') }), el('option', { value: 'black', textContent: colorName('black') }));
    this.playColor.value = color;
    this.fillEnPassant();
    if (!this.main.hidden) void this.check();
  }

  // fillEnPassant offers the squares a pawn of the side not to move could
  // have skipped: the 6th rank when White is to move, the 3rd when Black is.
  private fillEnPassant() {
    const was = this.ep.value;
    const rank = this.turn.value === 'b' ? '3' : '6';
    this.ep.replaceChildren(el('option', { value: '-', textContent: t('editor.epNone') }), ...'abcdefgh'.split('').map((f) => el('option', { value: f + rank, textContent: f + rank })));
    this.ep.value = was.charAt(1) === rank ? was : '-';
  }

  // fen is the position the editor shows.
  private fen(): string {
    const rights = castles.filter((c) => this.castle[c].checked).join('') || '-';
    return `${this.board} ${this.turn.value || 'w'} ${rights} ${this.ep.value || '-'} ${this.counters}`;
  }

  // load shows fen, as it is written: the server says whether it is legal.
  private load(fen: string) {
    const f = fen.trim().split(/\s+/);
    this.board = f[0] || emptyBoard;
    this.turn.value = f[1] === 'b' ? 'b' : 'w';
    this.fillEnPassant();
    for (const c of castles) this.castle[c].checked = (f[2] ?? '').includes(c);
    this.ep.value = f[3] && f[3] !== '-' ? f[3] : '-';
    this.counters = /^\d+$/.test(f[4] ?? '') && /^\d+$/.test(f[5] ?? '') ? `${f[4]} ${f[5]}` : '0 1';
    this.cg?.set({ fen: this.board });
    this.update();
  }

  // typed loads the FEN typed into the field.
  private typed() {
    if (this.fenIn.value.trim()) this.load(this.fenIn.value);
  }

  // changed reads the board after a change of the pieces or the fields.
  private changed() {
    if (this.cg) this.board = this.cg.getFen();
    this.update();
  }

  // update writes the FEN in its field and the address, and asks the
  // server about it (once the changes pause).
  private update() {
    const fen = this.fen();
    this.fenIn.value = fen;
    this.fenIn.removeAttribute('aria-invalid');
    this.legalFEN = '';
    this.main.dataset.valid = '';
    if (!this.main.hidden) history.replaceState(null, '', '#/editor/' + fenPath(fen));
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.check(), 150);
  }

  // check asks the server whether the position is legal, and says so.
  private async check(): Promise<boolean> {
    clearTimeout(this.timer);
    const fen = this.fen();
    const seq = ++this.seq;
    this.main.dataset.valid = '';
    try {
      const a = await position(fen, []);
      if (seq !== this.seq) return false;
      this.legalFEN = a.fen;
      this.over = a.status === 'over' ? a.reason : '';
      this.status.textContent = this.over
        ? t('editor.over', { reason: reasonPhrase(this.over) })
        : t('editor.legal', { color: colorName(a.turn) });
      this.main.dataset.valid = 'yes';
      return true;
    } catch (e) {
      if (seq !== this.seq) return false;
      this.legalFEN = '';
      const why = fenReason(e);
      this.status.textContent = why ? t('editor.illegal', { why }) : errText(e);
      this.fenIn.setAttribute('aria-invalid', 'true');
      this.main.dataset.valid = 'no';
      return false;
    }
  }

  // play starts a game against Outpost from the position, the player with
  // the colour chosen.
  private async play() {
    if (!(await this.check())) return toast(this.status.textContent ?? '');
    if (this.over) return toast(t('editor.noGame', { reason: reasonPhrase(this.over) }));
    const human = this.playColor.value === 'black' ? 'black' : 'white';
    try {
      const c = await api.createGame({
        fen: this.legalFEN,
        white: human === 'white' ? 'human' : 'ai',
        black: human === 'black' ? 'human' : 'ai',
        level: this.level.value,
      });
      location.hash = '#/game/' + c.id;
    } catch (e) {
      toast(errText(e));
    }
  }

  // analyse opens the analysis board on the position.
  private async analyse() {
    if (!(await this.check())) return toast(this.status.textContent ?? '');
    location.hash = '#/analysis/fen/' + fenPath(this.legalFEN);
  }
}
