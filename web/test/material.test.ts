import { test } from 'node:test';
import assert from 'node:assert/strict';
import { materialView } from '../src/material';

test('materialView: the imbalance, not the captures', () => {
  const start = materialView('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.deepEqual(start, { white: { up: [], diff: 0 }, black: { up: [], diff: 0 } });
  // White is a knight and a pawn up; a bishop each.
  const v = materialView('r1bqk1nr/ppp2ppp/8/8/8/8/PPPP1PPP/RNBQK1NR b KQkq - 0 6');
  assert.deepEqual(v.white, { up: ['knight', 'pawn'], diff: 4 });
  assert.deepEqual(v.black, { up: [], diff: 0 });
  // A bishop for a knight and a pawn: each side has its surplus.
  assert.deepEqual(materialView('rnbqk1nr/ppp2ppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 6'), {
    white: { up: ['bishop', 'pawn', 'pawn'], diff: 2 },
    black: { up: ['knight'], diff: 0 },
  });
  // A position without most pieces: nothing is called taken but the imbalance.
  assert.deepEqual(materialView('4k3/8/8/8/8/8/8/4K2R w K - 0 1').white, { up: ['rook'], diff: 5 });
  // A promoted queen against a pawn.
  assert.deepEqual(materialView('4k3/p7/8/8/8/8/8/Q3K3 w - - 0 1'), {
    white: { up: ['queen'], diff: 8 },
    black: { up: ['pawn'], diff: 0 },
  });
});
