import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang } from '../src/i18n';
import { depthText, endText, fewerText, scoreText } from '../src/words';

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

test('scoreText: two decimals, one from ten pawns, mates', () => {
  const cases: Array<[{ cp?: number; mate?: number }, string]> = [
    [{ cp: 21 }, '+0.21'],
    [{ cp: -97 }, '−0.97'],
    [{ cp: 0 }, '0.00'],
    [{ cp: 1234 }, '+12.3'],
    [{ mate: 3 }, '#3'],
    [{ mate: -2 }, '#-2'],
  ];
  for (const [s, want] of cases) assert.equal(scoreText(s), want);
});

test('fewerText: no "1.0× fewer"', () => {
  assert.equal(fewerText(9323, 746), '12.5× fewer');
  assert.equal(fewerText(1000, 990), 'as many');
  assert.equal(fewerText(1000, 1000), 'as many');
  assert.equal(fewerText(1000, 2000), '2.0× more');
});

test('endText: an aborted game (result "*") in both languages', () => {
  assert.equal(endText('*', 'aborted', 'over'), 'Game aborted: no first move came in time.');
  setLang('zh');
  assert.equal(endText('*', 'aborted', 'over'), '对局已中止：第一步没有按时走出。');
  setLang('en');
});
