// games.ts is the My games dialog: the stored games (date, opponent,
// result), each opening to replay or to continue.

import * as api from './api';
import type { Created, GameSummary } from './api';
import { byId, el, toast } from './dom';
import { errText } from './errors';
import { locale, t } from './i18n';
import { levelName } from './levels';
import { reasonPhrase } from './words';

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
      toast(t('error.during', { what: t('games.playOn'), error: errText(e) }));
      btn.disabled = false;
    }
  }

  async show(current?: string) {
    this.list.textContent = t('games.loading');
    if (!this.dlg.open) this.dlg.showModal();
    let games: GameSummary[];
    try {
      games = await api.listGames();
    } catch (e) {
      this.list.textContent = t('games.cannotLoad', { error: errText(e) });
      return;
    }
    if (games.length === 0) {
      this.list.textContent = t('games.none');
      return;
    }
    const table = el('table', { className: 'games' });
    table.append(
      el(
        'thead',
        {},
        el('tr', {}, ...[t('games.date'), t('games.opponent'), t('games.moves'), t('games.result'), ''].map((h) => el('th', { scope: 'col', textContent: h }))),
      ),
    );
    const body = el('tbody');
    this.games = new Map(games.map((g) => [g.id, g]));
    for (const g of games) {
      const mine = api.canPlay(g.id);
      const over = g.result && g.result !== '*';
      const action = t(over ? 'games.replay' : mine ? 'games.continue' : 'games.watch');
      const b = el('button', { type: 'button', textContent: action });
      b.dataset.open = g.id;
      b.setAttribute('aria-label', t('games.actionAria', { action, date: date(g.createdAt), opponent: opponent(g, mine) }));
      const actions = el('td', { className: 'actions' }, b);
      if (!mine && !over && (g.white === 'human') !== (g.black === 'human')) {
        // A game this browser cannot play (the terminal's, or another
        // browser's) goes on as a new game from its PGN.
        const on = el('button', { type: 'button', textContent: t('games.playOn') });
        on.dataset.playOn = g.id;
        on.setAttribute('aria-label', t('games.playOnAria', { date: date(g.createdAt) }));
        actions.append(on);
      }
      const tr = el(
        'tr',
        { className: g.id === current ? 'current' : '' },
        el('td', { textContent: date(g.createdAt) }),
        el('td', { textContent: opponent(g, mine) }),
        el('td', { textContent: String(Math.ceil((g.plies ?? 0) / 2)) }),
        el('td', { textContent: over ? g.result + (g.reason ? ' · ' + reasonPhrase(g.reason) : '') : t('games.playing') }),
        actions,
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
  const sameYear = d.getFullYear() === new Date().getFullYear();
  return d.toLocaleString(locale(), {
    year: sameYear ? undefined : 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

function opponent(g: GameSummary, mine: boolean): string {
  const ai = (l: string) => t('games.ai', { level: levelName(l) });
  let s: string;
  if (g.white === 'ai' && g.black === 'ai') s = t('games.aiVsAi', { white: ai(g.whiteLevel), black: ai(g.blackLevel) });
  else if (g.white === 'human' && g.black === 'human') s = t('games.twoPlayers');
  else if (g.black === 'ai') s = t('games.youWhite', { ai: ai(g.blackLevel) });
  else s = t('games.youBlack', { ai: ai(g.whiteLevel) });
  if (g.source === 'terminal') s = t('games.terminal', { who: s });
  else if (!mine) s = t('games.watchOnly', { who: s });
  return s;
}
