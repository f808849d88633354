// games.ts is the My games dialog: the visitor's own games (those whose
// token this browser holds), then the other games on the server (date,
// players, result), each opening to replay, to continue or to watch.

import * as api from './api';
import type { NewGameResponse, Summary } from './wire';
import { byId, el, toast } from './dom';
import { errText } from './errors';
import { locale, t } from './i18n';
import type { MessageKey } from './i18n';
import { levelName } from './levels';
import { reasonPhrase, reasonText } from './words';

export class GamesDialog {
  private dlg = byId<HTMLDialogElement>('dlg-games');
  private list = byId('games-list');
  private games = new Map<string, Summary>();

  constructor(
    private onOpen: (id: string) => void,
    private onCreated: (c: NewGameResponse) => void,
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
      toast(t('error.during', { what: t('games.playOn'), error: errText(e) }));
      btn.disabled = false;
    }
  }

  async show(current?: string) {
    this.list.textContent = t('games.loading');
    if (!this.dlg.open) this.dlg.showModal();
    let mine: Summary[], all: Summary[];
    try {
      [mine, all] = await Promise.all([api.listMyGames(), api.listGames()]);
    } catch (e) {
      this.list.textContent = t('games.cannotLoad', { error: errText(e) });
      return;
    }
    const others = all.filter((g) => !api.canPlay(g.id));
    this.games = new Map([...mine, ...others].map((g) => [g.id, g]));
    this.list.replaceChildren(
      this.section('games-mine', 'games.mine', 'games.opponent', mine, true, current, 'games.noneMine'),
      this.section('games-others', 'games.others', 'games.players', others, false, current, 'games.noneOthers'),
    );
  }

  // section is a heading and the table of games (or the text none when
  // there are none); mine says whether this browser plays them.
  private section(
    id: string,
    title: MessageKey,
    who: MessageKey,
    games: Summary[],
    mine: boolean,
    current: string | undefined,
    none: MessageKey,
  ): HTMLElement {
    const sec = el('section', { className: 'games-section', id });
    const h = el('h3', { textContent: t(title), id: id + '-title' });
    sec.setAttribute('aria-labelledby', h.id);
    sec.append(h);
    if (games.length === 0) {
      sec.append(el('p', { className: 'games-none', textContent: t(none) }));
      return sec;
    }
    const table = el('table', { className: 'games' });
    table.append(
      el('thead', {}, el('tr', {}, ...[t('games.date'), t(who), t('games.moves'), t('games.result'), ''].map((h) => el('th', { scope: 'col', textContent: h })))),
    );
    const body = el('tbody');
    for (const g of games) {
      const aborted = g.reason === 'aborted'; // over, with no result
      const over = aborted || (g.result && g.result !== '*');
      const action = t(over ? 'games.replay' : mine ? 'games.continue' : 'games.watch');
      const players = mine ? opponent(g) : playersOf(g);
      const b = el('button', { type: 'button', textContent: action });
      b.dataset.open = g.id;
      b.setAttribute('aria-label', t('games.actionAria', { action, date: date(g.createdAt), opponent: players }));
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
        const on = el('button', { type: 'button', textContent: t('games.playOn') });
        on.dataset.playOn = g.id;
        on.setAttribute('aria-label', t('games.playOnAria', { date: date(g.createdAt) }));
        actions.append(on);
      }
      const tr = el(
        'tr',
        { className: g.id === current ? 'current' : '' },
        el('td', { textContent: date(g.createdAt) }),
        el('td', { textContent: players + (g.clock ? ' · ' + g.clock : '') }),
        el('td', { textContent: String(Math.ceil((g.plies ?? 0) / 2)) }),
        el('td', { textContent: aborted ? reasonText(g.reason, '') : over ? g.result + (g.reason ? ' · ' + reasonPhrase(g.reason) : '') : t('games.playing') }),
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
  return d.toLocaleString(locale(), {
    year: sameYear ? undefined : 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const ai = (l: string) => t('games.ai', { level: levelName(l) });

// opponent describes one of the visitor's games: whom they play.
function opponent(g: Summary): string {
  if (g.white === 'ai' && g.black === 'ai') return t('games.aiVsAi', { white: ai(g.whiteLevel), black: ai(g.blackLevel) });
  if (g.white === 'human' && g.black === 'human') return t('games.twoPlayers');
  if (g.black === 'ai') return t('games.youWhite', { ai: ai(g.blackLevel) });
  return t('games.youBlack', { ai: ai(g.whiteLevel) });
}

// playersOf describes someone else's game: White vs Black.
function playersOf(g: Summary): string {
  const name = (side: string, level: string) => (side === 'ai' ? ai(level) : t('games.aPlayer'));
  const s = t('games.aiVsAi', { white: name(g.white, g.whiteLevel), black: name(g.black, g.blackLevel) });
  const line = s.charAt(0).toUpperCase() + s.slice(1);
  return g.source === 'terminal' ? t('games.terminal', { who: line }) : line;
}
