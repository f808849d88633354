import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unplay } from '../src/unplay';

test('unplay takes the last move back: a plain move, a promotion, castling, nonsense', () => {
  const cases: Array<[string, string, string, string]> = [
    ['a quiet move', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', 'e2e4', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'],
    ['a promotion', '4Q3/8/8/8/8/8/k7/4K3 b - - 0 1', 'e7e8q', '8/4P3/8/8/8/8/k7/4K3'],
    ['short castling', 'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1', 'e1g1', 'r3k2r/8/8/8/8/8/8/R3K2R'],
    ['long castling', '2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2', 'e8c8', 'r3k2r/8/8/8/8/8/8/R3K2R'],
    ['not a move', '4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'xx', '4k3/8/8/8/8/8/8/4K3'],
    ['nothing there', '4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'a2a4', '4k3/8/8/8/8/8/8/4K3'],
  ];
  for (const [name, fen, uci, want] of cases) assert.equal(unplay(fen, uci), want, name);
});
