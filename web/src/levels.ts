// levels.ts: the engine's levels as the server describes them (GET
// /api/levels: weakest first, each with its Elo, whether it plays at full
// strength, what classic is), their names for people, and the level
// selects, which follow the list and the language.

import { request } from './api';
import { onLangChange, t } from './i18n';
import type { LevelInfo } from './wire';

// Level is what the page knows of a level: what the server said of it, or
// until it answers, its name alone.
export type Level = Pick<LevelInfo, 'name'> & Partial<LevelInfo>;

// Until the server answers, the names alone (in the server's order).
let levels: Level[] = ['classic', '1', '2', '3', '4', '5', '6', '7', '2000', '2200', '2400', '2600', '8', 'max'].map((name) => ({ name }));
const selects = new Set<HTMLSelectElement>();

// loadLevels asks the server for the levels and refreshes the selects. A
// failure keeps the names alone: the page works without the Elos.
export async function loadLevels() {
  try {
    const r = await request<{ levels: LevelInfo[] }>('GET', '/api/levels');
    if (Array.isArray(r.levels) && r.levels.length > 0) levels = r.levels;
  } catch {
    return;
  }
  refresh();
}

onLangChange(refresh);

function refresh() {
  for (const sel of selects) fillLevels(sel, sel.value);
}

// levelInfo returns what the server said of the level, if it is known.
export function levelInfo(name: string): Level | undefined {
  return levels.find((l) => l.name === name);
}

// byNumber reports whether a level name is a strength by number ("2200"),
// not a numbered level ("4").
function byNumber(name: string): boolean {
  return /^\d{3,}$/.test(name);
}

// levelName names a level inside a sentence: "level 4", "classic", "2200".
export function levelName(l: string | undefined): string {
  if (!l) return '';
  if (byNumber(l)) return l;
  if (/^\d+$/.test(l)) return t('level.name', { n: l });
  if (l === 'classic') return t('level.classic');
  if (l === 'max') return t('level.max');
  return l;
}

// levelOption describes a level in a list: its name, its strength, and
// what classic and max are.
export function levelOption(l: Level): string {
  if (byNumber(l.name)) return t('level.optionNumber', { elo: l.name });
  if (l.sameAs) return t('level.optionSame', { name: capitalized(levelName(l.name)), same: levelName(l.sameAs) });
  if (l.elo === undefined) return capitalized(levelName(l.name));
  if (l.classic) return t('level.optionClassic', { depth: l.depth ?? 3, elo: l.elo });
  if (l.fullStrength) return t('level.optionFull', { name: capitalized(levelName(l.name)) });
  return t('level.option', { name: capitalized(levelName(l.name)), elo: l.elo });
}

function capitalized(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// fillLevels fills a select with the levels, selects one, and keeps the
// select up to date with the server's list and the language. A strength by
// number that is not a preset ("2250") gets an option of its own, in its
// place by strength.
export function fillLevels(sel: HTMLSelectElement, selected = '4') {
  selects.add(sel);
  let list = levels;
  if (byNumber(selected) && !levels.some((l) => l.name === selected)) {
    const n = Number(selected);
    const at = levels.findIndex((l) => !l.classic && (l.fullStrength || (l.elo ?? 0) > n));
    const own = { name: selected, elo: n };
    list = at < 0 ? [...levels, own] : [...levels.slice(0, at), own, ...levels.slice(at)];
  }
  sel.replaceChildren(
    ...list.map((l) => {
      const o = document.createElement('option');
      o.value = l.name;
      o.textContent = levelOption(l);
      o.selected = l.name === selected;
      return o;
    }),
  );
}

// selectLevel shows a game's level in a select filled by fillLevels, a
// strength by number too.
export function selectLevel(sel: HTMLSelectElement, name: string) {
  if ([...sel.options].some((o) => o.value === name)) sel.value = name;
  else fillLevels(sel, name);
}
