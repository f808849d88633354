// openingpicker.ts is the new-game dialog's "start from an opening": a
// search box (a WAI-ARIA combobox) over lichess's named openings, by name,
// ECO code or moves; choosing one puts its moves in the dialog's PGN box,
// so the game starts after them.

import { listOpenings } from './analysisapi';
import type { OpeningEntry } from './wire';
import { errText } from './errors';
import { el } from './dom';
import { onLangChange, t } from './i18n';
import { openingLabel, openingName, searchOpenings } from './openings';

export class OpeningPicker {
  readonly box: HTMLElement;
  private input: HTMLInputElement;
  private list: HTMLUListElement;
  private chosen: HTMLElement;
  private label: HTMLLabelElement;
  private found: OpeningEntry[] = [];
  private active = -1;
  private all: OpeningEntry[] | null = null;

  // pgn is the dialog's PGN box, which a choice fills; fen its FEN box,
  // which a choice empties.
  constructor(
    private pgn: HTMLTextAreaElement,
    private fen: HTMLInputElement,
  ) {
    this.input = el('input', { type: 'search', id: 'new-opening', autocomplete: 'off', spellcheck: false });
    this.input.setAttribute('role', 'combobox');
    this.input.setAttribute('aria-autocomplete', 'list');
    this.input.setAttribute('aria-controls', 'new-opening-list');
    this.input.setAttribute('aria-expanded', 'false');
    this.list = el('ul', { id: 'new-opening-list', className: 'opening-list', hidden: true });
    this.list.setAttribute('role', 'listbox');
    this.chosen = el('p', { className: 'opening-chosen', id: 'new-opening-chosen' });
    this.label = el('label', { htmlFor: 'new-opening' });
    this.box = el('div', { className: 'opening-picker' }, this.label, this.input, this.list, this.chosen);
    this.input.addEventListener('focus', () => void this.load());
    this.input.addEventListener('input', () => void this.search());
    this.input.addEventListener('keydown', (e) => this.key(e));
    this.list.addEventListener('mousedown', (e) => e.preventDefault()); // keep the focus in the box
    this.list.addEventListener('click', (e) => {
      const li = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
      if (li) this.choose(Number(li.dataset.index));
    });
    this.input.addEventListener('blur', () => this.close());
    this.pgn.addEventListener('input', () => (this.chosen.textContent = ''));
    onLangChange(() => this.render());
    this.render();
  }

  // clear forgets the choice (after the game started).
  clear() {
    this.input.value = '';
    this.chosen.textContent = '';
    this.close();
  }

  private render() {
    this.label.textContent = t('newgame.opening');
    this.input.placeholder = t('newgame.openingPlaceholder');
  }

  private async load(): Promise<OpeningEntry[]> {
    if (this.all) return this.all;
    try {
      this.all = await listOpenings();
    } catch (e) {
      this.chosen.textContent = errText(e);
      return [];
    }
    return this.all;
  }

  private async search() {
    const all = await this.load();
    this.found = searchOpenings(all, this.input.value, 30);
    this.active = this.found.length ? 0 : -1;
    this.draw();
  }

  private draw() {
    const open = this.input.value.trim() !== '' && document.activeElement === this.input;
    this.list.replaceChildren(
      ...this.found.map((o, i) => {
        const li = el(
          'li',
          { id: 'new-opening-' + i, className: i === this.active ? 'active' : '' },
          el('span', { className: 'opening-name' }, openingName(o)),
          el('span', { className: 'opening-eco', textContent: o.eco }),
          el('span', { className: 'opening-moves', textContent: o.pgn }),
        );
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', String(i === this.active));
        li.dataset.index = String(i);
        return li;
      }),
    );
    if (open && this.found.length === 0) this.list.append(el('li', { className: 'opening-none', textContent: t('newgame.openingNone') }));
    this.list.hidden = !open;
    this.input.setAttribute('aria-expanded', String(open));
    if (this.active >= 0) {
      this.input.setAttribute('aria-activedescendant', 'new-opening-' + this.active);
      this.list.children[this.active]?.scrollIntoView({ block: 'nearest' });
    } else this.input.removeAttribute('aria-activedescendant');
  }

  private close() {
    this.list.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
  }

  private key(e: KeyboardEvent) {
    const n = this.found.length;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (n === 0) return;
        this.active = (this.active + (e.key === 'ArrowDown' ? 1 : n - 1)) % n;
        this.draw();
        break;
      case 'Enter':
        if (this.list.hidden || this.active < 0) return;
        this.choose(this.active);
        break;
      case 'Escape':
        if (this.list.hidden) return;
        this.close();
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  private choose(i: number) {
    const o = this.found[i];
    if (!o) return;
    this.pgn.value = o.pgn;
    this.fen.value = '';
    this.input.value = o.name;
    this.chosen.replaceChildren(t('newgame.openingChosen', { moves: o.pgn }) + ' ', openingLabel(o, ' '));
    this.close();
  }
}
