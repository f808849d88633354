// games.ts is the My games dialog: the visitor's own games (those whose
// token this browser holds), then the other games on the server (date,
// players, result), each opening to replay, to continue or to watch.

import * as api from './api';
import type { Created, GameSummary } from './api';
import { byId, el, toast } from './dom';
import { levelName } from './words';
import { t } from './i18n';

export class GamesDialog {
  private dlg = byId<HTMLDialogElement>('dlg-games');
  private list = byId('games-list');
  private games = new Map<string, GameSummary>();

  constructor(
    private onOpen: (id: string) => void,
    private onCreated: (c: Created) => void,
  ) {
    byId('games-close').addEventListener('click', () => this.dlg.close());
    this.list.addEventListener('click', (e) => {
      const t = e.target as HTMLElement;
      const open = t.closest<HTMLElement>('[data-open]');
      if (open) {
        this.dlg.close();
        this.onOpen(open.dataset.open!);
        return;
      }
      const review = t.closest<HTMLElement>('[data-review]');
      if (review) {
        this.dlg.close();
        location.hash = '#/review/' + review.dataset.review;
        return;
      }
      const on = t.closest<HTMLButtonElement>('[data-play-on]');
      if (on) void this.playOn(on, on.dataset.playOn!);
    });
  }

  // playOn starts a new game against the AI from another game's PGN, with
  // the same colours and level.
  private async playOn(btn: HTMLButtonElement, id: string) {
    const g = this.games.get(id);
    if (!g) return;
    btn.disabled = true;
    try {
      const pgn = await api.getPGN(id);
      const c = await api.createGame({
        white: g.white,
        black: g.black,
        level: g.white === 'ai' ? g.whiteLevel : g.blackLevel,
        pgn,
      });
      this.dlg.close();
      this.onCreated(c);
    } catch (e) {
      toast('Play on: ' + (e instanceof Error ? e.message : String(e)));
      btn.disabled = false;
    }
  }

  async show(current?: string) {
    this.list.textContent = 'Loading…';
    if (!this.dlg.open) this.dlg.showModal();
    let mine: GameSummary[], all: GameSummary[];
    try {
      [mine, all] = await Promise.all([api.listMyGames(), api.listGames()]);
    } catch (e) {
      this.list.textContent = 'The games could not be loaded: ' + (e instanceof Error ? e.message : String(e));
      return;
    }
    const others = all.filter((g) => !api.canPlay(g.id));
    this.games = new Map([...mine, ...others].map((g) => [g.id, g]));
    this.list.replaceChildren(
      this.section('games-mine', 'Your games', 'Opponent', mine, true, current, 'No games of yours yet on this browser.'),
      this.section('games-others', 'Other games on this server', 'Players', others, false, current, 'No other games.'),
    );
  }

  // section is a heading and the table of games (or the text none when
  // there are none); mine says whether this browser plays them.
  private section(
    id: string,
    title: string,
    who: string,
    games: GameSummary[],
    mine: boolean,
    current: string | undefined,
    none: string,
  ): HTMLElement {
    const sec = el('section', { className: 'games-section', id });
    const h = el('h3', { textContent: title, id: id + '-title' });
    sec.setAttribute('aria-labelledby', h.id);
    sec.append(h);
    if (games.length === 0) {
      sec.append(el('p', { className: 'games-none', textContent: none }));
      return sec;
    }
    const table = el('table', { className: 'games' });
    table.append(
      el('thead', {}, el('tr', {}, ...['Date', who, 'Moves', 'Result', ''].map((h) => el('th', { scope: 'col', textContent: h })))),
    );
    const body = el('tbody');
    for (const g of games) {
      const over = g.result && g.result !== '*';
      const action = over ? 'Replay' : mine ? 'Continue' : 'Watch';
      const players = mine ? opponent(g) : playersOf(g);
      const b = el('button', { type: 'button', textContent: action });
      b.dataset.open = g.id;
      b.setAttribute('aria-label', `${action} the game of ${date(g.createdAt)} (${players})`);
      const actions = el('td', { className: 'actions' }, b);
      if (g.plies > 0) {
        const r = el('button', { type: 'button', textContent: t('games.review') });
        r.dataset.review = g.id;
        r.setAttribute('aria-label', t('games.reviewLabel', { date: date(g.createdAt), players }));
        actions.append(r);
      }
      if (!mine && !over && (g.white === 'human') !== (g.black === 'human')) {
        // A game this browser cannot play (the terminal's, or another
        // browser's) goes on as a new game from its PGN.
        const on = el('button', { type: 'button', textContent: 'Play on' });
        on.dataset.playOn = g.id;
        on.setAttribute('aria-label', `Play on from the game of ${date(g.createdAt)} in a new game`);
        actions.append(on);
      }
      const tr = el(
        'tr',
        { className: g.id === current ? 'current' : '' },
        el('td', { textContent: date(g.createdAt) }),
        el('td', { textContent: players + (g.clock ? ' · ' + g.clock : '') }),
        el('td', { textContent: String(Math.ceil((g.plies ?? 0) / 2)) }),
        el('td', { textContent: over ? g.result + (g.reason ? ' · ' + g.reason : '') : 'playing' }),
        actions,
      );
      tr.dataset.id = g.id;
      body.append(tr);
    }
    table.append(body);
    sec.append(table);
    return sec;
  }
}

function date(iso: string): string {
  const d = new Date(iso);
  if (isNaN(d.getTime())) return iso || '';
  const sameYear = d.getFullYear() === new Date().getFullYear();
  return d.toLocaleString(undefined, {
    year: sameYear ? undefined : 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const ai = (l: string) => 'Outpost ' + levelName(l);

// opponent describes one of the visitor's games: whom they play.
function opponent(g: GameSummary): string {
  let s: string;
  if (g.white === 'ai' && g.black === 'ai') s = `${ai(g.whiteLevel)} vs ${ai(g.blackLevel)}`;
  else if (g.white === 'human' && g.black === 'human') s = 'Two players';
  else if (g.black === 'ai') s = ai(g.blackLevel) + ' (you play White)';
  else s = ai(g.whiteLevel) + ' (you play Black)';
  return s;
}

// playersOf describes someone else's game: White vs Black.
function playersOf(g: GameSummary): string {
  const name = (side: string, level: string) => (side === 'ai' ? ai(level) : 'a player');
  const s = `${name(g.white, g.whiteLevel)} vs ${name(g.black, g.blackLevel)}`;
  return (s.charAt(0).toUpperCase() + s.slice(1)) + (g.source === 'terminal' ? ' · terminal' : '');
}
