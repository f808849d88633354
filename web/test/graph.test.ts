import { test } from 'node:test';
import assert from 'node:assert/strict';
import { areaPath, indexAt, linePath, points, whiteShare } from '../src/graph';

test('whiteShare: the evaluation bar, a checkmate on the board to the side that moved', () => {
  assert.equal(whiteShare({ cp: 0 }, true), 0.5);
  assert.ok(whiteShare({ cp: 300 }, false) > 0.7);
  assert.ok(whiteShare({ cp: -300 }, true) < 0.3);
  assert.equal(whiteShare({ mate: 3 }, false), 1);
  assert.equal(whiteShare({ mate: -2 }, true), 0);
  assert.equal(whiteShare({ mate: 0 }, true), 1);
  assert.equal(whiteShare({ mate: 0 }, false), 0);
  assert.equal(whiteShare(null, true), 0.5);
});

test('points spread the positions over the width, White up', () => {
  assert.deepEqual(points([0.5, 1, 0, 0.75], 300, 100), [
    { x: 0, y: 50 },
    { x: 100, y: 0 },
    { x: 200, y: 100 },
    { x: 300, y: 25 },
  ]);
  assert.deepEqual(points([0.5], 300, 100), [{ x: 150, y: 50 }]);
  assert.deepEqual(points([1.5, -1], 10, 100), [
    { x: 0, y: 0 },
    { x: 10, y: 100 },
  ]);
});

test('the paths: the curve, and the area under it down to the bottom', () => {
  const p = points([0.5, 1, 0.25], 200, 80);
  assert.equal(linePath(p), 'M0,40 L100,0 L200,60');
  assert.equal(areaPath(p, 80), 'M0,80 L0,40 L100,0 L200,60 L200,80 Z');
  assert.equal(areaPath([], 80), '');
});

test('indexAt is the nearest position, within the chart', () => {
  assert.equal(indexAt(0, 300, 4), 0);
  assert.equal(indexAt(49, 300, 4), 0);
  assert.equal(indexAt(51, 300, 4), 1);
  assert.equal(indexAt(299, 300, 4), 3);
  assert.equal(indexAt(-20, 300, 4), 0);
  assert.equal(indexAt(900, 300, 4), 3);
  assert.equal(indexAt(10, 300, 1), 0);
});
