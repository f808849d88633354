import { test } from 'node:test';
import assert from 'node:assert/strict';
import { barView, Evaluations } from '../src/evaluation';

test('barView: the result, else the full-strength evaluation, else none', () => {
  const e = { score: { cp: -24 }, depth: 14, source: 'hint' as const };
  assert.deepEqual(barView('0-1', e), { kind: 'result', fraction: 0, text: '0-1' });
  assert.deepEqual(barView('1-0', undefined), { kind: 'result', fraction: 1, text: '1-0' });
  assert.equal(barView('1/2-1/2', undefined).fraction, 0.5);
  const v = barView('*', e);
  assert.equal(v.kind, 'hint');
  assert.equal(v.text, '−0.24');
  assert.equal(v.depth, 14);
  assert.ok(v.fraction < 0.5);
  assert.deepEqual(barView('', undefined), { kind: 'none', fraction: 0.5, text: '' });
  assert.equal(barView('', { score: { mate: 3 }, depth: 9, source: 'engine' }).fraction, 1);
});

test('Evaluations keep the deepest search of a position, whatever its move counters', () => {
  const ev = new Evaluations();
  const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  ev.set(fen, { score: { cp: 30 }, depth: 12, source: 'engine' });
  ev.set(fen.replace(/ 0 1$/, ' 4 3'), { score: { cp: 10 }, depth: 8, source: 'hint' });
  assert.equal(ev.get(fen)?.depth, 12);
  ev.set(fen, { score: { cp: 25 }, depth: 15, source: 'hint' });
  assert.deepEqual(ev.get(fen.replace(/ 0 1$/, ' 2 2')), { score: { cp: 25 }, depth: 15, source: 'hint' });
  assert.equal(ev.get('8/8/8/8/8/8/8/8 w - - 0 1'), undefined);
});

test('Evaluations: after the best move, the search of the position before', () => {
  const ev = new Evaluations();
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  ev.set(start, { score: { cp: 30 }, depth: 12, source: 'engine', best: 'e2e4' });
  assert.deepEqual(ev.get(afterE4, start, 'e2e4'), { score: { cp: 30 }, depth: 11, source: 'engine' });
  assert.equal(ev.get(afterE4, start, 'd2d4'), undefined);
  assert.equal(ev.get(afterE4), undefined);
});

test('Evaluations kept in a store are found again by a new Evaluations (a reload)', () => {
  const kept = new Map<string, string>();
  const store = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
  const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  new Evaluations(store, 'g1').set(fen, { score: { cp: -31 }, depth: 16, source: 'hint', best: 'c7c5' });
  assert.deepEqual(new Evaluations(store, 'g1').get(fen), { score: { cp: -31 }, depth: 16, source: 'hint', best: 'c7c5' });
  assert.equal(new Evaluations(store, 'g2').get(fen), undefined);
  kept.set('g3', 'not JSON');
  assert.equal(new Evaluations(store, 'g3').get(fen), undefined);
});
