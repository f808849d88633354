// words.ts turns moves, positions, scores and results into text: for the
// screen-reader region, the game-over banner and the thinking panel.

import type { Score } from './api';
import { t } from './i18n';

const pieceNames: Record<string, string> = {
  K: 'king',
  Q: 'queen',
  R: 'rook',
  B: 'bishop',
  N: 'knight',
  P: 'pawn',
};

// sanToWords says a SAN move in words: "Nxf3+" → "knight takes f3, check".
export function sanToWords(san: string): string {
  let s = san.replace(/[!?]+$/, '');
  let suffix = '';
  if (s.endsWith('#')) {
    suffix = ', checkmate';
    s = s.slice(0, -1);
  } else if (s.endsWith('+')) {
    suffix = ', check';
    s = s.slice(0, -1);
  }
  if (s === 'O-O' || s === '0-0') return 'castles kingside' + suffix;
  if (s === 'O-O-O' || s === '0-0-0') return 'castles queenside' + suffix;
  let promo = '';
  const pm = s.match(/=?([QRBN])$/);
  if (pm && /[1-8]=?[QRBN]$/.test(s)) {
    promo = ', promotes to ' + pieceNames[pm[1]];
    s = s.slice(0, s.length - pm[0].length);
  }
  const m = s.match(/^([KQRBN])?([a-h]?[1-8]?)(x?)([a-h][1-8])$/);
  if (!m) return san;
  const piece = m[1] ? pieceNames[m[1]] : 'pawn';
  const from = m[2] ? ' ' + m[2] : '';
  const verb = m[3] ? ' takes ' : ' to ';
  return piece + from + verb + m[4] + promo + suffix;
}

// describeFEN lists the pieces of a position by side, for a screen reader.
export function describeFEN(fen: string): string {
  const [board, turn] = fen.split(' ');
  const sides: Record<'w' | 'b', string[]> = { w: [], b: [] };
  const order = 'KQRBNP';
  const found: Array<{ side: 'w' | 'b'; p: string; sq: string }> = [];
  const ranks = (board || '').split('/');
  ranks.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '8') {
        file += Number(ch);
        continue;
      }
      const side = ch === ch.toUpperCase() ? 'w' : 'b';
      found.push({ side, p: ch.toUpperCase(), sq: 'abcdefgh'[file] + String(8 - i) });
      file++;
    }
  });
  found.sort((a, b) => order.indexOf(a.p) - order.indexOf(b.p) || a.sq.localeCompare(b.sq));
  for (const f of found) sides[f.side].push(pieceNames[f.p] + ' ' + f.sq);
  const toMove = turn === 'b' ? 'Black to move.' : 'White to move.';
  return `White: ${sides.w.join(', ') || 'nothing'}. Black: ${sides.b.join(', ') || 'nothing'}. ${toMove}`;
}

// scoreText formats a score from White's view: "+0.35", "−1.20", "+12.3"
// (one decimal from ten pawns up), "#3", "#-2".
export function scoreText(s: Score | undefined): string {
  if (!s) return '';
  if (typeof s.mate === 'number') return '#' + s.mate;
  if (typeof s.cp === 'number') {
    const v = s.cp / 100;
    return (v > 0 ? '+' : v < 0 ? '−' : '') + Math.abs(v).toFixed(Math.abs(v) >= 10 ? 1 : 2);
  }
  return '';
}

// scoreFraction maps a score to White's share of the evaluation bar, 0..1.
export function scoreFraction(s: Score | undefined): number {
  if (!s) return 0.5;
  if (typeof s.mate === 'number') return s.mate > 0 ? 1 : s.mate < 0 ? 0 : 0.5;
  if (typeof s.cp !== 'number') return 0.5;
  // A logistic curve: +1 pawn ≈ 59%, +4 pawns ≈ 83%.
  return 1 / (1 + Math.exp(-0.00368208 * s.cp));
}

// count formats a large number for people: 1234567 → "1.23 M".
export function count(n: number): string {
  if (!isFinite(n)) return '';
  if (n >= 1e9) return (n / 1e9).toFixed(2) + ' G';
  if (n >= 1e6) return (n / 1e6).toFixed(2) + ' M';
  if (n >= 1e4) return (n / 1e3).toFixed(1) + ' k';
  return String(Math.round(n));
}

// depthText says how deep a search went: "12/18" (depth, the deepest line
// with its extensions), or "3" when no line went deeper than the depth (at a
// mate the search stops short of it).
export function depthText(depth: number, seldepth?: number): string {
  return seldepth && seldepth > depth ? `${depth}/${seldepth}` : String(depth);
}

// fewerText compares a method's positions with minimax's: "12.5× fewer",
// "as many" when they are within 5% (a ratio of 1.0 says nothing), and "2.0×
// more" when the method searched more.
export function fewerText(minimax: number, nodes: number): string {
  const r = minimax / nodes;
  if (r >= 1.05) return t('explain.fewer', { ratio: r.toFixed(1) });
  if (r > 1 / 1.05) return t('explain.asMany');
  return t('explain.more', { ratio: (1 / r).toFixed(1) });
}

export function seconds(ms: number): string {
  return (ms / 1000).toFixed(ms < 10000 ? 2 : 1) + ' s';
}

// resultText says who won: "1-0" → "White wins".
export function resultText(result: string): string {
  switch (result) {
    case '1-0':
      return 'White wins';
    case '0-1':
      return 'Black wins';
    case '1/2-1/2':
      return 'Draw';
    default:
      return '';
  }
}

// reasonText makes the server's reason readable: "threefold_repetition" →
// "threefold repetition", "checkmate" → "Checkmate".
export function reasonText(reason: string, status: string): string {
  const r = (reason || status || '').replace(/[_-]+/g, ' ').trim();
  if (!r) return '';
  return r.charAt(0).toUpperCase() + r.slice(1);
}
