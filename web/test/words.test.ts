import { test } from 'node:test';
import assert from 'node:assert/strict';
import { depthText } from '../src/words';

test('depthText shows the selective depth only when it is deeper', () => {
  const cases: Array<[number, number | undefined, string]> = [
    [12, 18, '12/18'],
    [3, 1, '3'], // at a mate the lines end before the depth
    [3, 3, '3'],
    [5, undefined, '5'],
    [5, 0, '5'],
  ];
  for (const [d, sd, want] of cases) assert.equal(depthText(d, sd), want, `${d}/${sd}`);
});
