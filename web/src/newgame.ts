// newgame.ts is the new-game dialog: players, colour, levels, speed, the
// clock (untimed, lichess's presets or a custom one), and a start position
// (FEN) or a game to play on from (PGN, pasted or uploaded).

import * as api from './api';
import type { Created, NewGame } from './api';
import { byId, fillLevels } from './dom';
import { OpeningPicker } from './openingpicker';

export class NewGameDialog {
  private dlg = byId<HTMLDialogElement>('dlg-new');
  private form = byId<HTMLFormElement>('form-new');
  private err = byId('new-error');
  private submitting = false;
  private openings: OpeningPicker;

  constructor(private onCreated: (c: Created) => void) {
    fillLevels(byId<HTMLSelectElement>('new-level'), '4');
    fillLevels(byId<HTMLSelectElement>('new-white-level'), '4');
    fillLevels(byId<HTMLSelectElement>('new-black-level'), '4');
    this.openings = new OpeningPicker(byId<HTMLTextAreaElement>('new-pgn'), byId<HTMLInputElement>('new-fen'));
    byId('new-start').before(this.openings.box);
    this.form.addEventListener('change', () => this.sync());
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.submit();
    });
    byId('new-cancel').addEventListener('click', () => this.dlg.close());
    byId<HTMLInputElement>('new-pgn-file').addEventListener('change', (e) => {
      const f = (e.target as HTMLInputElement).files?.[0];
      if (!f) return;
      if (f.size > 60000) {
        this.err.textContent = 'That file is too large for one game (at most 60 kB).';
        return;
      }
      f.text().then(
        (t) => {
          byId<HTMLTextAreaElement>('new-pgn').value = t;
          byId<HTMLInputElement>('new-fen').value = '';
          this.err.textContent = '';
        },
        () => (this.err.textContent = 'The file could not be read.'),
      );
    });
    this.sync();
  }

  // show opens the dialog; importing opens the FEN/PGN part.
  show(importing = false) {
    this.err.textContent = '';
    byId<HTMLDetailsElement>('new-start').open = importing;
    this.sync();
    if (!this.dlg.open) this.dlg.showModal();
    if (importing) byId('new-pgn').focus();
  }

  private mode(): string {
    return (this.form.elements.namedItem('mode') as RadioNodeList).value;
  }

  private sync() {
    const m = this.mode();
    for (const e of this.form.querySelectorAll<HTMLElement>('.only-ai')) e.hidden = m !== 'ai';
    for (const e of this.form.querySelectorAll<HTMLElement>('.only-aivai')) e.hidden = m !== 'aivai';
    const custom = byId<HTMLSelectElement>('new-clock').value === 'custom';
    for (const e of this.form.querySelectorAll<HTMLElement>('.only-custom-clock')) e.hidden = !custom;
  }

  // clock reads the clock chosen: undefined for none, or an error in words.
  private clock(): NewGame['clock'] | string {
    const v = byId<HTMLSelectElement>('new-clock').value;
    if (v === '') return undefined;
    if (v !== 'custom') {
      const [limit, increment] = v.split('+').map(Number);
      return { limit, increment };
    }
    const minutes = Number(byId<HTMLInputElement>('new-clock-minutes').value);
    const increment = Number(byId<HTMLInputElement>('new-clock-increment').value);
    const limit = Math.round(minutes * 60);
    if (!isFinite(minutes) || limit < 0 || limit > 10800) return 'The minutes must be from 0 to 180.';
    if (!Number.isInteger(increment) || increment < 0 || increment > 180) return 'The increment must be a whole number of seconds from 0 to 180.';
    if (limit === 0 && increment === 0) return 'A clock needs some time: minutes, an increment, or both.';
    return { limit, increment };
  }

  private async submit() {
    if (this.submitting) return;
    const f = this.form.elements;
    const val = (n: string) => (f.namedItem(n) as HTMLInputElement | HTMLSelectElement | RadioNodeList).value;
    const m = this.mode();
    const g: NewGame = { white: 'human', black: 'human' };
    if (m === 'ai') {
      let c = val('color');
      if (c === 'random') c = crypto.getRandomValues(new Uint8Array(1))[0] & 1 ? 'white' : 'black';
      g.white = c === 'white' ? 'human' : 'ai';
      g.black = c === 'white' ? 'ai' : 'human';
      g.level = val('level');
    } else if (m === 'aivai') {
      g.white = 'ai';
      g.black = 'ai';
      g.whiteLevel = val('whiteLevel');
      g.blackLevel = val('blackLevel');
      g.speedMs = Number(val('speedMs'));
    }
    const clock = this.clock();
    if (typeof clock === 'string') {
      this.err.textContent = clock;
      return;
    }
    if (clock) g.clock = clock;
    const fen = val('fen').trim();
    const pgn = val('pgn').trim();
    if (fen && pgn) {
      this.err.textContent = 'Give a FEN or a PGN, not both.';
      return;
    }
    if (fen) g.fen = fen;
    if (pgn) g.pgn = pgn;
    this.submitting = true;
    const btn = byId<HTMLButtonElement>('new-start-btn');
    btn.disabled = true;
    this.err.textContent = '';
    try {
      const c = await api.createGame(g);
      this.dlg.close();
      byId<HTMLInputElement>('new-fen').value = '';
      byId<HTMLTextAreaElement>('new-pgn').value = '';
      byId<HTMLInputElement>('new-pgn-file').value = '';
      this.openings.clear();
      this.onCreated(c);
    } catch (e) {
      this.err.textContent = e instanceof Error ? e.message : String(e);
    } finally {
      this.submitting = false;
      btn.disabled = false;
    }
  }
}
