// unplay.ts turns a position back by its last move, for the Puzzles page
// to show the opponent's move being played: a puzzle keeps the position
// after that move (its FEN) and the move (UCI), not the position before.
// The moved piece goes back (a promoted piece as a pawn, a castled rook to
// its corner); what the move captured, if anything, is not known and is
// not put back.

// unplay returns the board (FEN's first field) of fen with move uci taken
// back; fen's board as it is when the move does not read.
export function unplay(fen: string, uci: string): string {
  const board = fen.split(' ')[0];
  const m = /^([a-h])([1-8])([a-h])([1-8])([qrbn]?)$/.exec(uci);
  if (!m) return board;
  const rows = board.split('/').map((r) => [...r.replace(/[1-8]/g, (n) => '.'.repeat(Number(n)))]);
  if (rows.length !== 8 || rows.some((r) => r.length !== 8)) return board;
  const at = (file: string, rank: string) => ({ r: 8 - Number(rank), c: file.charCodeAt(0) - 97 });
  const from = at(m[1], m[2]);
  const to = at(m[3], m[4]);
  const piece = rows[to.r][to.c];
  if (piece === '.') return board;
  rows[to.r][to.c] = '.';
  const white = piece === piece.toUpperCase();
  rows[from.r][from.c] = m[5] ? (white ? 'P' : 'p') : piece;
  if ((piece === 'K' || piece === 'k') && Math.abs(to.c - from.c) === 2) {
    const [now, was] = to.c > from.c ? [to.c - 1, 7] : [to.c + 1, 0];
    rows[to.r][was] = rows[to.r][now];
    rows[to.r][now] = '.';
  }
  return rows.map((r) => r.join('').replace(/\.+/g, (s) => String(s.length))).join('/');
}
