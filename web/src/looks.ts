// looks.ts: the board's colours and the pieces' drawing, chosen in the
// settings dialog and remembered in localStorage. The choice is a class on
// <body> ("board-blue", "pieces-merida"); style.css colours the board by
// its class and the piece sets' CSS (piecesets.mjs) draws the pieces by
// theirs, so every board on the page follows (the game's, the explorer's,
// the promotion picker and the material beside the players).

import type { MessageKey } from './i18n';

export const BOARDS = ['brown', 'blue', 'green', 'grey'] as const;
export const PIECE_SETS = ['cburnett', 'merida', 'staunty'] as const;
export type BoardTheme = (typeof BOARDS)[number];
export type PieceSet = (typeof PIECE_SETS)[number];

// boardName and pieceSetName are the catalogue keys of their names.
export const boardName = (b: BoardTheme) => `settings.board.${b}` as MessageKey;
export const pieceSetName = (p: PieceSet) => `settings.pieces.${p}` as MessageKey;

const boardKey = 'outpost.board';
const piecesKey = 'outpost.pieces';

function load<T extends string>(key: string, allowed: readonly T[], dflt: T): T {
  try {
    const v = localStorage.getItem(key);
    return allowed.includes(v as T) ? (v as T) : dflt;
  } catch {
    return dflt;
  }
}

function save(key: string, v: string) {
  try {
    localStorage.setItem(key, v);
  } catch {
    /* chosen for this page only */
  }
}

// board and pieces are the choices in force.
export function board(): BoardTheme {
  return load(boardKey, BOARDS, 'brown');
}

export function pieces(): PieceSet {
  return load(piecesKey, PIECE_SETS, 'cburnett');
}

// applyLooks puts the remembered choices on <body>.
export function applyLooks() {
  const b = document.body.classList;
  for (const t of BOARDS) b.toggle('board-' + t, t === board());
  for (const p of PIECE_SETS) b.toggle('pieces-' + p, p === pieces());
}

export function setBoard(t: BoardTheme) {
  save(boardKey, t);
  applyLooks();
}

export function setPieces(p: PieceSet) {
  save(piecesKey, p);
  applyLooks();
}
