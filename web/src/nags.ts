// nags.ts: an imported game's annotations in its move list, as lichess
// shows them: the glyphs of PGN's NAGs after the moves ($1 "!", $2 "?",
// ...) and the side lines (variations) below the move they could replace,
// with their move numbers, glyphs, comments and nested lines.

import type { ImportLine } from './wire';

// glyphs are the symbols of the NAGs a move list shows (PGN's standard
// numbering); other NAGs are left out.
const glyphs: Record<number, string> = {
  1: '!',
  2: '?',
  3: '!!',
  4: '??',
  5: '!?',
  6: '?!',
  7: '□',
  10: '=',
  13: '∞',
  14: '⩲',
  15: '⩱',
  16: '±',
  17: '∓',
  18: '+−',
  19: '−+',
  22: '⨀',
  23: '⨀',
  32: '⟳',
  33: '⟳',
  36: '↑',
  37: '↑',
  40: '→',
  41: '→',
  132: '⇆',
  133: '⇆',
  146: 'N',
};

// nagText returns the glyphs of a move's NAGs, in order ("" for none).
export function nagText(nags: number[] | undefined): string {
  return (nags ?? []).map((n) => glyphs[n] ?? '').join('');
}

// LinePart is a piece of a side line as the move list writes it: a move
// with its number when it needs one ("3. d4", "2… d6?"), a comment, or the
// brackets around a nested line.
export interface LinePart {
  kind: 'move' | 'comment' | 'open' | 'close';
  text: string;
}

// lineParts writes line, a variation whose first move is the ply-th of the
// game (1: White's first from the standard start) counted from a start
// position with fullmove number first and side blackFirst to move: each
// White move has its number, a Black move its number with "…" when it
// starts the line or follows a comment or a nested line.
export function lineParts(line: ImportLine, ply: number, first: number, blackFirst: boolean): LinePart[] {
  const out: LinePart[] = [];
  let needNumber = true;
  line.moves.forEach((m, i) => {
    const p = ply + i; // 1-based ply of the game
    const black = (p - 1 + (blackFirst ? 1 : 0)) % 2 === 1;
    const num = first + Math.floor((p - 1 + (blackFirst ? 1 : 0)) / 2);
    const prefix = !black ? num + '. ' : needNumber ? num + '… ' : '';
    out.push({ kind: 'move', text: prefix + m.san + nagText(m.nags) });
    needNumber = false;
    if (m.comment) {
      out.push({ kind: 'comment', text: m.comment });
      needNumber = true;
    }
    for (const sub of m.lines ?? []) {
      out.push({ kind: 'open', text: '(' }, ...lineParts(sub, p, first, blackFirst), { kind: 'close', text: ')' });
      needNumber = true;
    }
  });
  return out;
}
