import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectLang, lang, sayAgain, setLang, t } from '../src/i18n';
import { count, reasonText, resultText } from '../src/words';

test('detectLang follows the first language Outpost speaks', () => {
  const cases: Array<[string[], string]> = [
    [[], 'en'],
    [['zh-CN'], 'zh'],
    [['zh'], 'zh'],
    [['zh-Hans-CN', 'en'], 'zh'],
    [['zh-TW'], 'zh'],
    [['en-US', 'zh-CN'], 'en'],
    [['fr-FR', 'zh-CN', 'en'], 'zh'],
    [['fr-FR', 'de'], 'en'],
    [['ZH-cn'], 'zh'],
    [['zhx'], 'en'],
  ];
  for (const [prefs, want] of cases) assert.equal(detectLang(prefs), want, prefs.join(','));
});

test('t fills placeholders and switches language', () => {
  assert.equal(lang(), 'en');
  assert.equal(t('menu.new'), 'New game');
  setLang('zh');
  assert.equal(t('menu.new'), '新对局');
  setLang('en');
});

// The Chinese catalogue uses one word for each chess term, the word
// Chinese players use (docs/languages.md): 着法 for a move (never 走法),
// 变化 for a variation (变着 is an alternative move, 变例 a book line),
// 疑问着 for ?! (缓着 is xiangqi's and weiqi's), one word for Explain,
// the clock presets' names, and numbers in 万.
test('the Chinese catalogue uses one word for each term', async () => {
  const { zh } = await import('../src/messages/zh');
  const all = Object.entries(zh);
  for (const word of ['走法', '变着', '变例', '缓着', '快速棋', '解释']) {
    assert.deepEqual(
      all.filter(([, v]) => v.includes(word)).map(([k]) => k),
      [],
      `texts with ${word}`,
    );
  }
  assert.ok(all.some(([, v]) => v.includes('着法')));
  assert.equal(zh['explain.go'], zh['game.explain']);
  assert.equal(zh['analysis.explain'], zh['game.explain']);
  assert.deepEqual([zh['clock.bullet'], zh['clock.blitz'], zh['clock.rapid']], ['子弹棋', '超快棋', '快棋']);
  assert.equal(zh['review.judgement.inaccuracy'], '疑问着');
  assert.equal(zh['learn.next'], '下一题');
  assert.equal(zh['review.acpl'].replace('\u200b', ''), '平均厘兵损失');
  setLang('zh');
  assert.equal(t('level.optionSame', { name: t('level.max'), same: t('level.name', { n: 8 }) }), '最强 · 与 8 级相同');
  assert.equal(t('explain.status', { side: '白方', method: t('explain.method.ordered'), n: 46 }), '轮到白方走棋。用「alpha-beta（先试吃子）」搜索，访问了 46 个局面。');
  assert.equal(t('status.over', { reason: reasonText('resignation', 'over', '0-1'), result: resultText('0-1'), score: '0-1' }), '白方认输，黑方胜（0-1）。');
  assert.equal(t('analysis.depth', { depth: 20, nps: count(878000) }), '深度 20 · 每秒 87.8 万');
  setLang('en');
  assert.equal(count(878000), '878.0 k');
  assert.equal(t('status.over', { reason: reasonText('resignation', 'over', '0-1'), result: resultText('0-1'), score: '0-1' }), 'White resigned. Black wins (0-1).');
});

// A message already on screen is said again in the language switched to,
// its words made by t (a check's words, a colour) too.
test('sayAgain says a message again in the new language', async () => {
  const { ApiError } = await import('../src/api');
  const { errText } = await import('../src/errors');
  setLang('zh');
  const shown = errText(new ApiError(400, 'bad FEN', 'bad_fen', { detail: 'FEN has 0 white kings, want 1', check: 'kings', color: 'white', n: 0 }));
  assert.equal(shown, '这个 FEN 不是一个局面：白方有 0 个王，应为 1 个。');
  setLang('en');
  assert.equal(sayAgain(shown), 'That FEN is not a position: White has 0 kings, not 1.');
  assert.equal(sayAgain('not a text of the catalogue'), undefined);
});
