import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../src/api';
import { errText, fenReason } from '../src/errors';
import { setLang } from '../src/i18n';

// A refused FEN or PGN is said in the page's language, from the check the
// server names, with no English inside Chinese.
test('errText says bad FEN and PGN answers in the page language', () => {
  const ranks = new ApiError(400, 'bad FEN: FEN board has 7 ranks, want 8', 'bad_fen', {
    detail: 'FEN board has 7 ranks, want 8',
    check: 'board_ranks',
    n: 7,
  });
  const move = new ApiError(400, 'bad PGN', 'bad_pgn', {
    detail: 'PGN line 1: game 1: illegal move 2. Ke3: no piece can move there',
    check: 'illegal_move',
    move: '2. Ke3',
    line: 1,
    game: 1,
  });
  const fenTag = new ApiError(400, 'bad PGN', 'bad_pgn', { detail: 'PGN line 1: game 1: bad FEN tag: ...', check: 'kings', color: 'white', n: 0, line: 1 });
  const unknown = new ApiError(400, 'bad FEN: something new', 'bad_fen', { detail: 'something new' });
  const cases: Array<['en' | 'zh', ApiError, string]> = [
    ['en', ranks, 'That FEN is not a position: the board has 7 ranks (rows separated by “/”), not 8.'],
    ['zh', ranks, '这个 FEN 不是一个局面：棋盘有 7 条横线（以“/”分隔），应为 8 条。'],
    ['en', move, 'That PGN cannot be read: line 1: 2. Ke3 is not a legal move.'],
    ['zh', move, '无法读取这个 PGN：第 1 行：2. Ke3 不是合法着法。'],
    ['zh', fenTag, '这个 PGN 的 FEN 标签不是一个局面：白方有 0 个王，应为 1 个。'],
    ['en', unknown, 'That FEN is not a position: something new.'],
    ['zh', unknown, '无法把这个 FEN 读成一个局面。'],
  ];
  for (const [l, e, want] of cases) {
    setLang(l);
    assert.equal(errText(e), want);
  }
  setLang('en');
});

// The board editor says why a position is refused without "That FEN…":
// fenReason is the check alone, '' when the page does not know it.
test('fenReason: the check of a bad_fen answer in words', () => {
  const kings = new ApiError(400, 'bad FEN', 'bad_fen', { detail: 'FEN has 0 white kings, want 1', check: 'kings', color: 'white', n: 0 });
  const cases: Array<['en' | 'zh', unknown, string]> = [
    ['en', kings, 'White has 0 kings, not 1'],
    ['zh', kings, '白方有 0 个王，应为 1 个'],
    ['en', new ApiError(400, 'bad FEN', 'bad_fen', { detail: 'something new' }), ''],
    ['en', new ApiError(400, 'bad PGN', 'bad_pgn', { check: 'kings', color: 'white', n: 0 }), ''],
    ['en', new Error('network'), ''],
  ];
  for (const [l, e, want] of cases) {
    setLang(l);
    assert.equal(fenReason(e), want);
  }
  setLang('en');
});
