// board.ts wraps chessground: it shows a position with the legal
// destinations the server sent, reports the user's moves (with a promotion
// picker for all four pieces), and keeps one premove while the AI thinks.

import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Config } from '@lichess-org/chessground/config';
import type { DrawShape } from '@lichess-org/chessground/draw';
import type { Color, Dests, Key, Role } from '@lichess-org/chessground/types';
import { t } from './i18n';
import { pieceName } from './words';

export interface BoardView {
  fen: string;
  turn: Color;
  orientation: Color;
  lastMove?: [string, string];
  check: Color | false;
  // movable is the colour the user may move (or premove) now, if any.
  movable?: Color | 'both';
  dests: Record<string, string[]>;
  premove: boolean;
  shapes: DrawShape[];
}

const promotionRoles: Array<{ role: Role; letter: string }> = [
  { role: 'queen', letter: 'q' },
  { role: 'rook', letter: 'r' },
  { role: 'bishop', letter: 'b' },
  { role: 'knight', letter: 'n' },
];

export class Board {
  readonly cg: Api;
  private view: BoardView | null = null;
  private picking = false;

  constructor(
    el: HTMLElement,
    private promo: HTMLElement,
    // onMove gets a move in UCI (e2e4, e7e8q); onCancel when the user backs
    // out of a promotion.
    private onMove: (uci: string) => void,
    private onCancel: () => void,
  ) {
    this.cg = Chessground(el, {
      coordinates: true,
      animation: { enabled: true, duration: 200 },
      movable: {
        free: false,
        showDests: true,
        color: undefined,
        events: { after: (o, d) => this.after(o, d) },
        rookCastle: true,
      },
      premovable: { enabled: true, showDests: true, castle: true },
      draggable: { enabled: true, showGhost: true },
      highlight: { lastMove: true, check: true },
      drawable: { enabled: true, visible: true },
      disableContextMenu: true,
    });
    // chessground remembers where the board is and forgets only when it is
    // resized; the page can move the board without resizing it (a panel
    // appears above, the window scrolls), so forget before every press.
    const forget = () => this.cg.state.dom.bounds.clear();
    for (const ev of ['mousedown', 'touchstart', 'pointerdown']) {
      el.addEventListener(ev, forget, { capture: true, passive: true });
    }
    window.addEventListener('scroll', forget, { passive: true });
  }

  // show makes the board match view; pieces that moved are animated.
  show(v: BoardView) {
    this.view = v;
    const dests: Dests = new Map();
    for (const [from, tos] of Object.entries(v.dests || {})) {
      dests.set(from as Key, [...new Set(tos)] as Key[]);
    }
    const cfg: Config = {
      fen: v.fen,
      turnColor: v.turn,
      orientation: v.orientation,
      lastMove: v.lastMove ? (v.lastMove as Key[]) : undefined,
      check: v.check,
      movable: { color: v.movable, dests },
      premovable: { enabled: v.premove },
      drawable: { autoShapes: v.shapes },
    };
    if (!v.premove) this.cg.cancelPremove();
    this.cg.set(cfg);
    if (!v.movable) this.cg.selectSquare(null);
  }

  setShapes(shapes: DrawShape[]) {
    this.cg.setAutoShapes(shapes);
  }

  // playPremove plays the stored premove if it is legal now; true if it did.
  playPremove(): boolean {
    if (!this.cg.state.premovable.current) return false;
    return this.cg.playPremove();
  }

  hasPremove(): boolean {
    return !!this.cg.state.premovable.current;
  }

  cancelPremove() {
    this.cg.cancelPremove();
  }

  flip() {
    this.cg.toggleOrientation();
  }

  get choosingPromotion(): boolean {
    return this.picking;
  }

  private after(orig: Key, dest: Key) {
    const piece = this.cg.state.pieces.get(dest);
    let to: string = dest;
    // A king dropped on its own rook castles (chessground's rookCastle): the
    // server speaks of castling as the king's two-square move.
    if (piece?.role === 'king' && orig[0] === 'e' && (dest[0] === 'a' || dest[0] === 'h')) {
      to = (dest[0] === 'h' ? 'g' : 'c') + dest[1];
    }
    const promotes =
      piece?.role === 'pawn' && ((dest[1] === '8' && piece.color === 'white') || (dest[1] === '1' && piece.color === 'black'));
    if (promotes && piece) {
      this.pick(orig, dest, piece.color);
      return;
    }
    this.onMove(orig + to);
  }

  // pick shows the promotion picker on the promotion square's file.
  private pick(orig: Key, dest: Key, color: Color) {
    this.picking = true;
    const orientation = this.cg.state.orientation;
    const file = dest.charCodeAt(0) - 97;
    const col = orientation === 'white' ? file : 7 - file;
    const fromTop = (orientation === 'white') === (color === 'white');
    const p = this.promo;
    p.replaceChildren();
    p.className = 'promotion cg-wrap ' + (fromTop ? 'from-top' : 'from-bottom');
    p.style.setProperty('--col', String(col));
    const list = document.createElement('div');
    list.className = 'promotion-choices';
    list.setAttribute('role', 'group');
    for (const { role, letter } of promotionRoles) {
      const name = pieceName(letter.toUpperCase());
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'promotion-choice';
      b.dataset.role = role;
      b.setAttribute('aria-label', t('board.promoteAria', { piece: name }));
      b.title = name;
      const pc = document.createElement('piece');
      pc.className = role + ' ' + color;
      b.append(pc);
      b.addEventListener('click', (e) => {
        e.stopPropagation();
        this.closePicker();
        this.onMove(orig + dest + letter);
      });
      list.append(b);
    }
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'promotion-cancel';
    cancel.textContent = '✕';
    cancel.setAttribute('aria-label', t('board.promoteCancel'));
    cancel.addEventListener('click', (e) => {
      e.stopPropagation();
      this.closePicker();
      this.onCancel();
    });
    list.append(cancel);
    p.append(list);
    p.hidden = false;
    (list.firstElementChild as HTMLElement | null)?.focus();
  }

  closePicker() {
    if (!this.picking) return;
    this.picking = false;
    this.promo.hidden = true;
    this.promo.replaceChildren();
  }

  // redraw re-applies the last view, undoing a move the server refused.
  redraw() {
    if (this.view) this.show(this.view);
  }
}
