// games.ts is the My games dialog: the stored games (date, opponent,
// result), each opening to replay or to continue.

import * as api from './api';
import type { GameSummary } from './api';
import { byId, el } from './dom';
import { levelName } from './words';

export class GamesDialog {
  private dlg = byId<HTMLDialogElement>('dlg-games');
  private list = byId('games-list');

  constructor(private onOpen: (id: string) => void) {
    byId('games-close').addEventListener('click', () => this.dlg.close());
    this.list.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('[data-open]');
      if (!b) return;
      this.dlg.close();
      this.onOpen(b.dataset.open!);
    });
  }

  async show(current?: string) {
    this.list.textContent = 'Loading…';
    if (!this.dlg.open) this.dlg.showModal();
    let games: GameSummary[];
    try {
      games = await api.listGames();
    } catch (e) {
      this.list.textContent = 'The games could not be loaded: ' + (e instanceof Error ? e.message : String(e));
      return;
    }
    if (games.length === 0) {
      this.list.textContent = 'No games yet.';
      return;
    }
    const table = el('table', { className: 'games' });
    table.append(
      el(
        'thead',
        {},
        el('tr', {}, ...['Date', 'Opponent', 'Moves', 'Result', ''].map((h) => el('th', { scope: 'col', textContent: h }))),
      ),
    );
    const body = el('tbody');
    for (const g of games) {
      const mine = api.canPlay(g.id);
      const over = g.result && g.result !== '*';
      const action = !mine || over ? 'Replay' : 'Continue';
      const b = el('button', { type: 'button', textContent: action });
      b.dataset.open = g.id;
      b.setAttribute('aria-label', `${action} the game of ${date(g.createdAt)} (${opponent(g, mine)})`);
      const tr = el(
        'tr',
        { className: g.id === current ? 'current' : '' },
        el('td', { textContent: date(g.createdAt) }),
        el('td', { textContent: opponent(g, mine) }),
        el('td', { textContent: String(Math.ceil((g.plies ?? 0) / 2)) }),
        el('td', { textContent: over ? g.result + (g.reason ? ' · ' + g.reason : '') : 'playing' }),
        el('td', {}, b),
      );
      tr.dataset.id = g.id;
      body.append(tr);
    }
    table.append(body);
    this.list.replaceChildren(table);
  }
}

function date(iso: string): string {
  const d = new Date(iso);
  if (isNaN(d.getTime())) return iso || '';
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function opponent(g: GameSummary, mine: boolean): string {
  const ai = (l: string) => 'Outpost ' + levelName(l);
  let s: string;
  if (g.white === 'ai' && g.black === 'ai') s = `${ai(g.whiteLevel)} vs ${ai(g.blackLevel)}`;
  else if (g.white === 'human' && g.black === 'human') s = 'Two players';
  else if (g.black === 'ai') s = ai(g.blackLevel) + ' (you play White)';
  else s = ai(g.whiteLevel) + ' (you play Black)';
  if (g.source === 'terminal') s += ' · terminal';
  else if (!mine) s += ' · watch only';
  return s;
}
