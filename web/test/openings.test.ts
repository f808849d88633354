import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OpeningBook, epdOf, fold, searchOpenings } from '../src/openings';
import type { OpeningEntry } from '../src/wire';

const list: OpeningEntry[] = [
  { eco: 'B00', name: "King's Pawn Game", pgn: '1. e4', epd: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -' },
  { eco: 'B20', name: 'Sicilian Defense', pgn: '1. e4 c5', familyZh: '西西里防御', epd: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -' },
  {
    eco: 'B90',
    name: 'Sicilian Defense: Najdorf Variation',
    familyZh: '西西里防御',
    pgn: '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6',
    epd: 'x w KQkq -',
  },
  { eco: 'D70', name: 'Neo-Grünfeld Defense', pgn: '1. d4 Nf6 2. c4 g6 3. f3 d5', epd: 'y w KQkq -' },
];

test('fold drops case, accents and punctuation', () => {
  assert.equal(fold("Neo-Grünfeld Defense: King's"), 'neo grunfeld defense king s');
});

test('searchOpenings finds by name, ECO and moves, the broadest first', () => {
  const names = (q: string) => searchOpenings(list, q).map((o) => o.eco);
  assert.deepEqual(names('sicilian'), ['B20', 'B90']);
  assert.deepEqual(names('sic najd'), ['B90']);
  assert.deepEqual(names('b90'), ['B90']);
  assert.deepEqual(names('grunfeld'), ['D70']);
  assert.deepEqual(names('e4 c5 nf3'), ['B90']);
  assert.deepEqual(names('e4'), ['B00', 'B20', 'B90']);
  assert.deepEqual(names('  '), []);
  assert.deepEqual(names('zz'), []);
  assert.deepEqual(names('西西里'), ['B20', 'B90']);
  assert.deepEqual(names('西西里防御 najd'), ['B90']);
  assert.deepEqual(names('西西里、'), ['B20', 'B90']);
  assert.deepEqual(names('法兰西'), []);
  assert.equal(searchOpenings(list, 'e4', 2).length, 2);
});

test('OpeningBook names positions and a line by its last named position', () => {
  const b = new OpeningBook(list);
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const e4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  const c5 = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
  assert.equal(epdOf(c5), 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -');
  assert.equal(b.at(e4)?.eco, 'B00');
  assert.equal(b.at(start), undefined);
  assert.deepEqual(b.last([start, e4, c5, 'z w - - 0 3']), { opening: list[1], index: 2 });
  assert.equal(b.last([start]), undefined);
});
