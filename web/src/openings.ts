// openings.ts: lichess's named openings in the page. openingOf names a
// position (by its FEN's first four fields, as the server writes them), so
// the analysis board names every position, transpositions included;
// searchOpenings finds openings by name, ECO code or moves, for the
// new-game dialog's picker.

import type { OpeningEntry } from './wire';
import { el } from './dom';
import { lang, t } from './i18n';

// NamedOpening is what the pages know of an opening: its ECO code, its
// name as lichess writes it, and the Chinese name of its family when the
// server's table (internal/opening/zh.tsv) has one.
export interface NamedOpening {
  eco: string;
  name: string;
  familyZh?: string;
}

// openingName shows an opening's name in the page's language. In Chinese
// a family with a Chinese name is named in Chinese and its variation as
// lichess names it ("西西里防御：Najdorf Variation"); other names are
// lichess's, in English, marked lang="en" so a screen reader says them in
// English and the check for untranslated text passes them by.
export function openingName(o: NamedOpening): HTMLElement {
  if (lang() !== 'zh' || !o.familyZh) return el('span', { lang: 'en', textContent: o.name });
  const variation = o.name.includes(':') ? o.name.slice(o.name.indexOf(':') + 1).trim() : '';
  return el('span', {}, o.familyZh, ...(variation ? ['：', el('span', { lang: 'en', textContent: variation })] : []));
}

// openingLabel shows an opening's ECO code and name ("C00 · French
// Defense", "B90 · 西西里防御：Najdorf Variation").
export function openingLabel(o: NamedOpening, between = ' · '): HTMLElement {
  return el('span', { className: 'opening-label' }, o.eco + between, openingName(o));
}

// chess960Label names a Chess960 game where an opening's name would be: by
// its start position's number ("Chess960 #518"), or "Chess960" for a game
// from another position (number -1).
export function chess960Label(number: number): string {
  return number >= 0 ? t('game.chess960', { number }) : t('newgame.chess960');
}

// epdOf is the part of a FEN that names a position for the opening list:
// the board, the side to move, castling and en passant.
export function epdOf(fen: string): string {
  return fen.split(' ').slice(0, 4).join(' ');
}

// OpeningBook looks openings up by position.
export class OpeningBook {
  private byEPD = new Map<string, OpeningEntry>();

  constructor(readonly list: OpeningEntry[]) {
    for (const o of list) if (!this.byEPD.has(o.epd)) this.byEPD.set(o.epd, o);
  }

  // at returns the opening named after the position fen, if any.
  at(fen: string): OpeningEntry | undefined {
    return this.byEPD.get(epdOf(fen));
  }

  // last returns the last named position of fens (the positions of a line,
  // in order) and its index: the opening of the line as lichess names it.
  last(fens: string[]): { opening: OpeningEntry; index: number } | undefined {
    for (let i = fens.length - 1; i >= 0; i--) {
      const o = this.at(fens[i]);
      if (o) return { opening: o, index: i };
    }
    return undefined;
  }
}

// fold is text as searches compare it: lower case, without accents
// ("Grünfeld" finds "grunfeld"), punctuation as spaces.
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+#=]+/g, ' ')
    .trim();
}

// searchOpenings returns the openings (at most limit) whose name, ECO code
// or moves hold every word of query as the start of one of theirs ("sic
// najd", "B90", "e4 c5 nf3"), and whose family's Chinese name holds every
// run of Chinese characters of query ("西西里", "西西里 najd"): the
// broadest first (the fewest moves), then by name. An empty query finds
// nothing.
export function searchOpenings(list: OpeningEntry[], query: string, limit = 50): OpeningEntry[] {
  const han = /[\u3400-\u9fff\uf900-\ufaff]+/g;
  const zh = query.match(han) ?? [];
  const words = fold(query.replace(han, ' ')).split(' ').filter(Boolean);
  if (words.length === 0 && zh.length === 0) return [];
  const found: Array<{ o: OpeningEntry; moves: number }> = [];
  for (const o of list) {
    const moves = o.pgn.split(/\s+/).filter((w) => w && !/^\d+\.+$/.test(w));
    const hay = [...fold(o.name).split(' '), o.eco.toLowerCase(), ...moves.map((m) => m.toLowerCase())];
    const family = o.familyZh ?? '';
    if (words.every((w) => hay.some((h) => h.startsWith(w))) && zh.every((w) => family.includes(w))) found.push({ o, moves: moves.length });
  }
  found.sort((a, b) => a.moves - b.moves || a.o.name.localeCompare(b.o.name));
  return found.slice(0, limit).map((f) => f.o);
}
