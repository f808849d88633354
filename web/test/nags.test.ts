import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineParts, nagText } from '../src/nags';

test('nagText: the glyphs lichess shows for PGN NAGs', () => {
  for (const [nags, want] of [
    [[1], '!'],
    [[2], '?'],
    [[3], '!!'],
    [[4], '??'],
    [[5], '!?'],
    [[6], '?!'],
    [[1, 16], '!±'],
    [[255], ''],
    [undefined, ''],
  ] as [number[] | undefined, string][]) {
    assert.equal(nagText(nags), want, String(nags));
  }
});

test('lineParts: a side line with its numbers, glyphs, comments and nested lines', () => {
  // 2... d6? {Philidor.} 3. d4 (3. Bc4 h6??) 3... exd4, replacing 2... Nc6.
  const line = {
    moves: [
      { san: 'd6', nags: [2], comment: 'Philidor.' },
      { san: 'd4', lines: [{ moves: [{ san: 'Bc4' }, { san: 'h6', nags: [4] }] }] },
      { san: 'exd4' },
    ],
  };
  const text = (p: { text: string }[]) => p.map((x) => x.text).join(' ');
  assert.equal(text(lineParts(line, 4, 1, false)), '2… d6? Philidor. 3. d4 ( 3. Bc4 h6?? ) 3… exd4');
  // From a position with Black to move at move 10: its first move is Black's.
  assert.equal(text(lineParts({ moves: [{ san: 'Kf8' }, { san: 'Qh5' }] }, 1, 10, true)), '10… Kf8 11. Qh5');
  assert.deepEqual(
    lineParts(line, 4, 1, false).map((p) => p.kind),
    ['move', 'comment', 'move', 'open', 'move', 'move', 'close', 'move'],
  );
});
