import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editorRoute, fenPath, pathFEN } from '../src/editor';

test("editorRoute: the editor's addresses, with and without a FEN", () => {
  for (const [hash, want] of [
    ['#/editor', ''],
    ['#editor', ''],
    ['#/editor/', ''],
    ['#/editor/8/8/8/4k3/8/8/8/4K3_w_-_-_0_1', '8/8/8/4k3/8/8/8/4K3 w - - 0 1'],
    ['#/editor/r3k2r/8/8/8/8/8/8/R3K2R_b_KQkq_-_0_1', 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1'],
    ['#/editor/%E4%B8%AD', '中'],
    ['#/editor/%E4', '%E4'], // a broken escape: as written
    ['#/analysis', null],
    ['#/game/abc', null],
    ['#/editorx', null],
  ] as [string, string | null][]) {
    assert.equal(editorRoute(hash), want, hash);
  }
});

test('fenPath and pathFEN: a FEN through an address and back', () => {
  for (const fen of ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', '8/8/8/8/8/8/8/8 w - - 0 1']) {
    const path = fenPath(fen);
    assert.ok(!path.includes(' ') && !path.includes('%2F'), path);
    assert.equal(pathFEN(path), fen);
    assert.equal(editorRoute('#/editor/' + path), fen);
  }
});
