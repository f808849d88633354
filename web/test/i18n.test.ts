import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectLang, lang, setLang, t } from '../src/i18n';

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
