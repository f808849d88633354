// explainwords.ts holds the words the explorer says about a search, shared
// by its views: the names of the sides and methods, moves with their
// numbers, and what a cut means, in plain words.

import { locale, t, tn } from './i18n';
import type { MessageKey } from './i18n';
import type { ExplainVisitView as Visit } from './wire';

// methods are the tree searches the explorer offers, in its menu's order.
export const methods = ['alphabeta', 'ordered', 'engine-order', 'minimax'];

export const fmt = (n: number) => n.toLocaleString(locale());
export const sideName = (turn: string) => t(turn === 'white' ? 'explain.white' : 'explain.black');
export const methodName = (m: string) => t(('explain.method.' + m) as MessageKey);

// moveLabel writes n's move with its number: "3. Qxf7+" or "3… Kxf7".
export function moveLabel(n: Visit, rootFEN: string): string {
  const f = rootFEN.split(' ');
  const first = Number(f[5]) || 1;
  const blackFirst = f[1] === 'b';
  const ply = n.ply - 1 + (blackFirst ? 1 : 0); // plies since White's move of the root's number
  const num = first + Math.floor(ply / 2);
  return n.turn === 'black' ? `${num}. ${n.san}` : `${num}… ${n.san}`;
}

// lineText writes the moves of a path (root first) with their numbers.
export function lineText(path: Visit[], rootFEN: string): string {
  return path
    .slice(1)
    .map((n, i) => (n.turn === 'black' || i === 0 ? moveLabel(n, rootFEN) : n.san))
    .join(' ');
}

// CutWords are a cut's plain words and, within them, the words that name
// the bound it compared against (the move elsewhere, or a stand pat), for
// the page to highlight.
export interface CutWords {
  text: string;
  bound: string;
}

// boundWords names where the bound of cut c came from, for the side that
// has it: "Nc3 (-0.48) elsewhere", a stand pat, or, unknown, the score.
function boundWords(c: Visit): string {
  const cut = c.cut!;
  const score = c.turn === 'white' ? cut.whiteBeta : cut.whiteAlpha; // the mover's bound
  if (cut.boundSan && cut.boundStandPat) return t('playback.boundStandPat', { san: cut.boundSan, score });
  if (cut.boundSan) return t('playback.boundMove', { san: cut.boundSan, score });
  return t('playback.boundScore', { score });
}

// cutWords says, in plain words, why the cut at c fired: the side that
// moved into c (mover) already has a better move elsewhere (named), so
// the other replies need not be looked at; or, beyond the horizon, the
// side to move at c stands pat.
export function cutWords(c: Visit, refuter: Visit | undefined): CutWords {
  const cut = c.cut!;
  const mover = c.turn === 'white' ? 'black' : 'white';
  const side = sideName(mover);
  const other = sideName(c.turn);
  const bound = boundWords(c);
  if (cut.by === 0 || !refuter) {
    return { text: tn('playback.cutStandPat', cut.skipped, { side, other, score: c.white, bound }), bound };
  }
  const score = mover === 'white' ? cut.whiteAlpha : cut.whiteBeta;
  const text =
    tn('playback.cutLead', cut.skipped, { side, bound }) +
    ' ' +
    t('playback.cutDetail', { move: c.san ?? '', other, reply: refuter.san ?? '', score: refuter.white, side, bound: score, saved: fmt(cut.saved) });
  return { text, bound };
}

// fewerText compares a method's positions with minimax's: "12.5× fewer",
// "as many" when they are within 5% (a ratio of 1.0 says nothing), and
// "2.0× more" when the method searched more.
export function fewerText(minimax: number, nodes: number): string {
  const r = minimax / nodes;
  if (r >= 1.05) return t('explain.fewer', { ratio: r.toFixed(1) });
  if (r > 1 / 1.05) return t('explain.asMany');
  return t('explain.more', { ratio: (1 / r).toFixed(1) });
}
