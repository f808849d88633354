// words.ts turns moves, positions, scores and results into text: for the
// screen-reader region, the game-over banner and the thinking panel.

import type { Score } from './wire';
import { lang, t } from './i18n';
import type { MessageKey } from './i18n';

// pieceName names a piece by its SAN letter (K Q R B N, P for a pawn).
export function pieceName(letter: string): string {
  const key = { K: 'piece.king', Q: 'piece.queen', R: 'piece.rook', B: 'piece.bishop', N: 'piece.knight', P: 'piece.pawn' }[letter];
  return key ? t(key as MessageKey) : letter;
}

// colorName names a side ("white" or "black", as the server says it):
// "White", "Black".
export function colorName(c: string): string {
  return t(c === 'white' ? 'color.white' : 'color.black');
}

// sanToWords says a SAN move in words: "Nxf3+" → "knight takes f3, check".
export function sanToWords(san: string): string {
  let s = san.replace(/[!?]+$/, '');
  let suffix = '';
  if (s.endsWith('#')) {
    suffix = t('san.mate');
    s = s.slice(0, -1);
  } else if (s.endsWith('+')) {
    suffix = t('san.check');
    s = s.slice(0, -1);
  }
  if (s === 'O-O' || s === '0-0') return t('san.castleKing') + suffix;
  if (s === 'O-O-O' || s === '0-0-0') return t('san.castleQueen') + suffix;
  let promo = '';
  const pm = s.match(/=?([QRBN])$/);
  if (pm && /[1-8]=?[QRBN]$/.test(s)) {
    promo = t('san.promotes', { piece: pieceName(pm[1]) });
    s = s.slice(0, s.length - pm[0].length);
  }
  const m = s.match(/^([KQRBN])?([a-h]?[1-8]?)(x?)([a-h][1-8])$/);
  if (!m) return san;
  const piece = pieceName(m[1] || 'P') + (m[2] ? ' ' + m[2] : '');
  return t(m[3] ? 'san.takes' : 'san.to', { piece, square: m[4] }) + promo + suffix;
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
  for (const f of found) sides[f.side].push(pieceName(f.p) + ' ' + f.sq);
  const list = (l: string[]) => (l.length ? l.join(t('list.sep')) : t('words.nothing'));
  return t('words.position', {
    white: list(sides.w),
    black: list(sides.b),
    toMove: t('status.toMove', { color: colorName(turn === 'b' ? 'black' : 'white') }),
  });
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

// count formats a large number for people: 1234567 → "1.23 M"; in Chinese
// in 万 and 亿, as Chinese counts ("123.5 万").
export function count(n: number): string {
  if (!isFinite(n)) return '';
  if (lang() === 'zh' && n >= 1e8) return t('count.yi', { n: (n / 1e8).toFixed(2) });
  if (lang() === 'zh' && n >= 1e4) return t('count.wan', { n: (n / 1e4).toFixed(1) });
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

// seconds writes a time in milliseconds in seconds: "0.35 s", "12.4 s".
export function seconds(ms: number): string {
  return t('unit.seconds', { s: (ms / 1000).toFixed(ms < 10000 ? 2 : 1) });
}

// resultText says who won: "1-0" → "White wins".
export function resultText(result: string): string {
  switch (result) {
    case '1-0':
      return t('result.white');
    case '0-1':
      return t('result.black');
    case '1/2-1/2':
      return t('result.draw');
    default:
      return '';
  }
}

// reasonKey returns the catalogue key of a reason the server gives
// ("checkmate", "the fifty-move rule", "time forfeit"), if there is one.
function reasonKey(reason: string): MessageKey | undefined {
  const slug = reason
    .replace(/^the /, '')
    .replace(/[^a-z]+/g, '_')
    .replace(/^_|_$/g, '');
  const key = ('reason.' + slug) as MessageKey;
  return t(key) === key ? undefined : key;
}

// reasonPhrase names a reason inside a sentence: "threefold repetition",
// "the fifty-move rule"; a reason the catalogue lacks as the server said.
export function reasonPhrase(reason: string): string {
  const k = reasonKey(reason);
  return k ? t(k) : reason;
}

// reasonText makes the server's reason a sentence's start: "checkmate" →
// "Checkmate"; a resignation with its result names who resigned ("White
// resigned", "白方认输"); without a reason, the status ("over" → "Over").
export function reasonText(reason: string, status: string, result = ''): string {
  if (reason === 'resignation' && (result === '1-0' || result === '0-1')) return t(result === '1-0' ? 'reason.resignedBlack' : 'reason.resignedWhite');
  const r = reason ? reasonPhrase(reason) : (status || '').replace(/[_-]+/g, ' ').trim();
  return r.charAt(0).toUpperCase() + r.slice(1);
}

// endText says how a game ended, for the banner and the status line: who
// mated or resigned, the draw's rule, or that it was aborted.
export function endText(result: string, reason: string, status: string): string {
  if (reason === 'aborted') return t('end.aborted');
  const winner = result === '1-0' ? 'white' : result === '0-1' ? 'black' : '';
  if (reason === 'checkmate' && winner) return t(winner === 'white' ? 'end.mateWhite' : 'end.mateBlack');
  if (reason === 'resignation' && winner) return t(winner === 'white' ? 'end.resignedBlack' : 'end.resignedWhite');
  if (reason === 'time forfeit') return winner ? t(winner === 'white' ? 'end.flagBlack' : 'end.flagWhite') : t('end.flagDraw');
  if (reason && result === '1/2-1/2') return t('end.drawBy', { reason: reasonPhrase(reason) });
  return reasonText(reason, status) + '.';
}
