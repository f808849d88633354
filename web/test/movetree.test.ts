import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MoveTree, moveNumber, plyOfFEN } from '../src/movetree';
import type { TreeMove } from '../src/wire';

const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const mv = (uci: string, san: string) => ({ uci, san, fen: 'after ' + san });

test('plyOfFEN and moveNumber count from the standard start', () => {
  assert.equal(plyOfFEN(start), 0);
  assert.equal(plyOfFEN('8/8/8/8/8/8/8/8 b - - 0 12'), 23);
  assert.equal(plyOfFEN('8/8/8/8/8/8/8/8 w - - 0 12'), 22);
  assert.equal(plyOfFEN('8/8/8/8/8/8/8/8 w - -'), 0);
  const t = new MoveTree('8/8/8/8/8/8/8/8 b - - 0 12');
  const a = t.add(t.root, mv('a2a1', 'a1'));
  const b = t.add(a, mv('h7h8', 'h8'));
  assert.deepEqual([moveNumber(a), moveNumber(b)], ['12…', '13.']);
});

test('a move played again goes to its node; a new one is a variation', () => {
  const t = new MoveTree(start);
  const e4 = t.add(t.root, mv('e2e4', 'e4'));
  const e5 = t.add(e4, mv('e7e5', 'e5'));
  assert.equal(t.add(t.root, mv('e2e4', 'e4')), e4);
  const c5 = t.add(e4, mv('c7c5', 'c5'));
  assert.deepEqual(e4.children, [e5, c5]);
  assert.equal(c5.id, 'e2e4,c7c5');
  assert.equal(t.get('e2e4,c7c5'), c5);
  assert.deepEqual(t.moves(c5), ['e2e4', 'c7c5']);
  assert.deepEqual(t.path(c5), [e4, c5]);
  assert.deepEqual(t.mainline(), [e4, e5]);
  assert.ok(t.onMainline(e5));
  assert.ok(!t.onMainline(c5));
  assert.equal(c5.ply, 2);
});

test('promote makes a variation the main line; remove deletes a line', () => {
  const t = new MoveTree(start);
  const e4 = t.add(t.root, mv('e2e4', 'e4'));
  t.add(e4, mv('e7e5', 'e5'));
  const c5 = t.add(e4, mv('c7c5', 'c5'));
  const nf3 = t.add(c5, mv('g1f3', 'Nf3'));
  t.promote(nf3);
  assert.equal(e4.children[0], c5);
  assert.ok(t.onMainline(nf3));
  t.promote(nf3); // already main: nothing moves
  assert.equal(e4.children[0], c5);
  t.remove(c5);
  assert.equal(e4.children.length, 1);
  assert.equal(t.get('e2e4,c7c5'), undefined);
  assert.equal(t.get('e2e4,c7c5,g1f3'), undefined);
  t.remove(t.root);
  assert.equal(t.get(''), t.root);
});

test('load and data: the GameTree of PGN variations round-trips', () => {
  // 1. e4 e5 (1... c5 2. Nf3 (2. c3)) (1... e6) 2. Nf3 {good} $1
  const data: TreeMove[] = [
    { uci: 'e2e4', san: 'e4', fen: 'f1' },
    {
      uci: 'e7e5',
      san: 'e5',
      fen: 'f2',
      variations: [
        [
          { uci: 'c7c5', san: 'c5', fen: 'f3' },
          { uci: 'g1f3', san: 'Nf3', fen: 'f4', variations: [[{ uci: 'c2c3', san: 'c3', fen: 'f5' }]] },
        ],
        [{ uci: 'e7e6', san: 'e6', fen: 'f6' }],
      ],
    },
    { uci: 'g1f3', san: 'Nf3', fen: 'f7', comment: 'good', nags: [1] },
  ];
  const t = new MoveTree(start);
  t.load(data);
  const e4 = t.get('e2e4')!;
  assert.deepEqual(e4.children.map((c) => c.san), ['e5', 'c5', 'e6']);
  assert.deepEqual(t.get('e2e4,c7c5')!.children.map((c) => c.san), ['Nf3', 'c3']);
  const nf3 = t.get('e2e4,e7e5,g1f3')!;
  assert.equal(nf3.comment, 'good');
  assert.deepEqual(nf3.nags, [1]);
  assert.equal(nf3.fen, 'f7');
  const strip = (ms: TreeMove[]): TreeMove[] =>
    ms.map((m) => {
      const o: TreeMove = { uci: m.uci };
      if (m.comment) o.comment = m.comment;
      if (m.nags) o.nags = m.nags;
      if (m.variations) o.variations = m.variations.map(strip);
      return o;
    });
  assert.deepEqual(t.data(), strip(data));
});
