// material.ts: the material beside each player, as lichess shows it: for
// each kind of piece, the ones a side has more of than the other, drawn in
// the other side's colour (as if taken), and the difference in pawns beside
// the side ahead. Counting the position itself, not the captures, it is
// right for a game started from any position.

export type Role = 'queen' | 'rook' | 'bishop' | 'knight' | 'pawn';

const letters: Record<string, Role> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const values: Record<Role, number> = { queen: 9, rook: 5, bishop: 3, knight: 3, pawn: 1 };
const order: Role[] = ['queen', 'rook', 'bishop', 'knight', 'pawn'];

export interface SideMaterial {
  up: Role[]; // the pieces this side has more of, most valuable first
  diff: number; // pawns ahead (0 unless ahead)
}

// materialView counts the pieces of a FEN's position.
export function materialView(fen: string): { white: SideMaterial; black: SideMaterial } {
  const count = { white: new Map<Role, number>(), black: new Map<Role, number>() };
  for (const ch of fen.split(' ')[0] ?? '') {
    const role = letters[ch.toLowerCase()];
    if (!role) continue;
    const side = ch === ch.toLowerCase() ? count.black : count.white;
    side.set(role, (side.get(role) ?? 0) + 1);
  }
  let total = 0;
  const up = { white: [] as Role[], black: [] as Role[] };
  for (const role of order) {
    const d = (count.white.get(role) ?? 0) - (count.black.get(role) ?? 0);
    total += d * values[role];
    for (let i = 0; i < Math.abs(d); i++) (d > 0 ? up.white : up.black).push(role);
  }
  return {
    white: { up: up.white, diff: Math.max(0, total) },
    black: { up: up.black, diff: Math.max(0, -total) },
  };
}
