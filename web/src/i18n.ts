// i18n.ts is the page's language: the catalogue of every text a person sees
// (messages/en.ts and messages/zh.ts), the language chosen (from the
// browser's languages, or the switch in the page, remembered), t() to look a
// text up, and data-i18n attributes that fill the page's static HTML.
//
// A text with values says where they go: t('status.move', {n: 3}) with
// 'Looking at move {n}.' gives "Looking at move 3.". Plurals are two keys,
// KEY.one and KEY.other, chosen by tn() with the language's plural rules.
// Static HTML names its texts: data-i18n="key" (the text), and
// data-i18n-title, data-i18n-aria-label, data-i18n-placeholder (attributes).

import { en, type MessageKey } from './messages/en';
import { zh } from './messages/zh';

export type { MessageKey };
export type Lang = 'en' | 'zh';

// LANGS are the languages offered, each with the key of its name (in
// itself, whatever the page's language: lang.en is "English" in Chinese too).
export const LANGS: ReadonlyArray<{ lang: Lang; name: MessageKey }> = [
  { lang: 'en', name: 'lang.en' },
  { lang: 'zh', name: 'lang.zh' },
];

const catalogues: Record<Lang, Record<MessageKey, string>> = { en, zh };
const storageKey = 'outpost.lang';

// detectLang picks a language from the browser's preferences, in order: the
// first that is Chinese (zh, zh-CN, zh-Hans, …) or English decides; anything
// else, or nothing, is English.
export function detectLang(prefs: readonly string[]): Lang {
  for (const p of prefs) {
    const l = p.toLowerCase();
    if (l === 'zh' || l.startsWith('zh-') || l.startsWith('zh_')) return 'zh';
    if (l === 'en' || l.startsWith('en-') || l.startsWith('en_')) return 'en';
  }
  return 'en';
}

function initial(): Lang {
  try {
    const saved = localStorage.getItem(storageKey);
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    /* storage disabled: follow the browser */
  }
  if (typeof navigator === 'undefined') return 'en';
  const prefs = navigator.languages && navigator.languages.length > 0 ? navigator.languages : [navigator.language || 'en'];
  return detectLang(prefs);
}

let current: Lang = initial();
const listeners: Array<() => void> = [];

// lang is the language the page speaks now.
export function lang(): Lang {
  return current;
}

// locale is the BCP 47 tag of the language, for <html lang>, number and date
// formats and speech synthesis.
export function locale(l: Lang = current): string {
  return l === 'zh' ? 'zh-CN' : 'en';
}

// setLang switches the page to l, remembers the choice and tells every view.
export function setLang(l: Lang) {
  try {
    localStorage.setItem(storageKey, l);
  } catch {
    /* not remembered, still switched */
  }
  if (l === current) return;
  current = l;
  for (const cb of listeners) cb();
  if (typeof document === 'undefined') return;
  for (const e of document.querySelectorAll<HTMLElement>(messageSelector)) {
    const again = e.childElementCount === 0 ? sayAgain(e.textContent ?? '') : undefined;
    if (again !== undefined) e.textContent = again;
  }
}

// messageSelector matches the elements that hold a message already said
// (a toast, a form's error, an alert, the screen reader's line): setLang
// says them again in the new language when t made them.
const messageSelector = '#toast, #live, .form-error, [role=alert]';

// said remembers the key and params of the texts t made last (at most
// saidMost), so that sayAgain can say a message already on screen in
// another language.
const said = new Map<string, { key: MessageKey; params?: Record<string, string | number> }>();
const saidMost = 2000;

function remember(text: string, key: MessageKey, params?: Record<string, string | number>): string {
  said.delete(text);
  said.set(text, { key, params });
  if (said.size > saidMost) said.delete(said.keys().next().value as string);
  return text;
}

// sayAgain returns text, a text t made, in the current language, its
// params that t made said again too ("这个 FEN 不是一个局面：…" after a
// switch to English: "That FEN is not a position: …"); undefined for a
// text t did not make (or has forgotten).
export function sayAgain(text: string): string | undefined {
  const s = said.get(text);
  if (!s) return undefined;
  if (!s.params) return t(s.key);
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(s.params)) params[k] = typeof v === 'string' && v !== text ? (sayAgain(v) ?? v) : v;
  return t(s.key, params);
}

// onLangChange calls cb after every switch of language, so a view can render
// its texts again; callbacks run in the order they were added.
export function onLangChange(cb: () => void) {
  listeners.push(cb);
}

// t returns the text of key in the current language with {name}
// placeholders replaced by params[name] (a missing value stays {name}, so a
// mistake shows rather than vanishes).
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text = catalogues[current][key] ?? en[key] ?? key;
  if (!params) return remember(text, key);
  return remember(
    text.replace(/\{(\w+)\}/g, (all, name: string) => {
      const v = params[name];
      if (v === undefined) return all;
      return typeof v === 'number' ? fmtNumber(v) : v;
    }),
    key,
    params,
  );
}

// tIn is t in language l, whatever the page's (the voice falls back to
// English where the browser has no Chinese voice).
export function tIn(l: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  const saved = current;
  current = l;
  try {
    return t(key, params);
  } finally {
    current = saved;
  }
}

// PluralKey is a key that has .one and .other forms.
export type PluralKey = {
  [K in MessageKey]: K extends `${infer B}.other` ? (`${B}.one` extends MessageKey ? B : never) : never;
}[MessageKey];

// tn is t for a text about n things: KEY.one or KEY.other as the language's
// plural rules say (Chinese has one form, .other), with {n} set to n.
export function tn(key: PluralKey, n: number, params?: Record<string, string | number>): string {
  const form = new Intl.PluralRules(locale()).select(n) === 'one' ? 'one' : 'other';
  return t(`${key}.${form}` as MessageKey, { n, ...params });
}

// fmtNumber writes an integer with the language's grouping (12,345); other
// numbers as they are.
export function fmtNumber(n: number): string {
  return Number.isInteger(n) && Math.abs(n) >= 10000 ? n.toLocaleString(locale()) : String(n);
}

const attrs = ['title', 'aria-label', 'placeholder'] as const;

// translatePage fills the static HTML's texts (the data-i18n attributes
// under root) and sets <html lang>. main.ts calls it at the start and after
// every switch of language.
export function translatePage(root: ParentNode = document) {
  document.documentElement.lang = locale();
  for (const e of root.querySelectorAll<HTMLElement>('[data-i18n]')) {
    e.textContent = t(e.dataset.i18n as MessageKey);
  }
  for (const a of attrs) {
    for (const e of root.querySelectorAll<HTMLElement>(`[data-i18n-${a}]`)) {
      e.setAttribute(a, t(e.getAttribute(`data-i18n-${a}`) as MessageKey));
    }
  }
}
