// newgame.ts is the new-game dialog: players, colour, levels (a preset, or
// a strength by number: the number wins when given), speed, the clock
// (untimed, lichess's presets or a custom one), the variant (Chess960 at
// random or by number), and a start position
// (FEN) or a game to play on from (PGN, pasted or uploaded).

import * as api from './api';
import type { ImportInfo, NewGameRequest, NewGameResponse } from './wire';
import { byId, toast } from './dom';
import { errText } from './errors';
import { onLangChange, t, tn } from './i18n';
import type { MessageKey } from './i18n';
import { fillLevels } from './levels';
import { OpeningPicker } from './openingpicker';

export class NewGameDialog {
  private dlg = byId<HTMLDialogElement>('dlg-new');
  private form = byId<HTMLFormElement>('form-new');
  private err = byId('new-error');
  private submitting = false;
  private openings: OpeningPicker;

  constructor(private onCreated: (c: NewGameResponse) => void) {
    fillLevels(byId<HTMLSelectElement>('new-level'), '4');
    fillLevels(byId<HTMLSelectElement>('new-white-level'), '4');
    fillLevels(byId<HTMLSelectElement>('new-black-level'), '4');
    this.openings = new OpeningPicker(byId<HTMLTextAreaElement>('new-pgn'), byId<HTMLInputElement>('new-fen'));
    byId('new-start').before(this.openings.box);
    this.form.addEventListener('change', () => this.sync());
    // Choosing a preset clears the number, so the preset is what plays.
    byId('new-level').addEventListener('change', () => (byId<HTMLInputElement>('new-elo').value = ''));
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.submit();
    });
    byId('new-cancel').addEventListener('click', () => this.dlg.close());
    byId<HTMLInputElement>('new-pgn-file').addEventListener('change', (e) => {
      const f = (e.target as HTMLInputElement).files?.[0];
      if (!f) return;
      if (f.size > 60000) {
        this.err.textContent = t('newgame.fileTooLarge');
        return;
      }
      f.text().then(
        (t) => {
          byId<HTMLTextAreaElement>('new-pgn').value = t;
          byId<HTMLInputElement>('new-fen').value = '';
          this.err.textContent = '';
        },
        () => (this.err.textContent = t('newgame.fileUnreadable')),
      );
    });
    this.sync();
    this.speeds();
    onLangChange(() => this.speeds());
  }

  // speeds writes the pauses between two AI moves in the language's units,
  // and the clock presets with their kind (bullet, blitz, rapid, classical).
  private speeds() {
    for (const o of byId<HTMLSelectElement>('new-clock').options) {
      const kind = o.dataset.kind;
      if (!kind) continue;
      const [limit, inc] = o.value.split('+').map(Number);
      o.textContent = `${limit / 60}+${inc} · ${t(('clock.' + kind) as MessageKey)}`;
    }
    for (const o of byId<HTMLSelectElement>('new-speed').options) {
      const ms = Number(o.value);
      o.textContent = ms === 0 ? t('newgame.noPause') : t('unit.seconds', { s: ms / 1000 });
    }
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
    const chess960 = byId<HTMLInputElement>('new-chess960').checked;
    for (const e of this.form.querySelectorAll<HTMLElement>('.only-960')) e.hidden = !chess960;
    const custom = byId<HTMLSelectElement>('new-clock').value === 'custom';
    for (const e of this.form.querySelectorAll<HTMLElement>('.only-custom-clock')) e.hidden = !custom;
  }

  // clock reads the clock chosen: undefined for none, or an error in words.
  private clock(): NewGameRequest['clock'] | string {
    const v = byId<HTMLSelectElement>('new-clock').value;
    if (v === '') return undefined;
    if (v !== 'custom') {
      const [limit, increment] = v.split('+').map(Number);
      return { limit, increment };
    }
    const minutes = Number(byId<HTMLInputElement>('new-clock-minutes').value);
    const increment = Number(byId<HTMLInputElement>('new-clock-increment').value);
    const limit = Math.round(minutes * 60);
    if (!isFinite(minutes) || limit < 0 || limit > 10800) return t('clock.badMinutes');
    if (!Number.isInteger(increment) || increment < 0 || increment > 180) return t('clock.badIncrement');
    if (limit === 0 && increment === 0) return t('clock.noTime');
    return { limit, increment };
  }

  // variant reads the variant chosen: Chess960 at random or by its number
  // (0-959), or an error in the words the server would say; number is the
  // number typed. With a PGN the PGN's Variant tag says.
  private variant(number: string, pgn: boolean): Pick<NewGameRequest, 'variant' | 'number'> | string {
    if (!byId<HTMLInputElement>('new-chess960').checked || pgn) return {};
    if (number === '') return { variant: 'chess960' };
    const n = Number(number);
    if (!Number.isInteger(n) || n < 0 || n > 959) return t('error.bad_chess960_number', { number });
    return { variant: 'chess960', number: n };
  }

  private async submit() {
    if (this.submitting) return;
    const f = this.form.elements;
    const val = (n: string) => (f.namedItem(n) as HTMLInputElement | HTMLSelectElement | RadioNodeList).value;
    const m = this.mode();
    const g: NewGameRequest = { white: 'human', black: 'human' };
    if (m === 'ai') {
      let c = val('color');
      if (c === 'random') c = crypto.getRandomValues(new Uint8Array(1))[0] & 1 ? 'white' : 'black';
      g.white = c === 'white' ? 'human' : 'ai';
      g.black = c === 'white' ? 'ai' : 'human';
      // A number typed is the strength; the server judges it (bad_elo).
      const elo = val('elo').trim();
      if (elo && !Number.isInteger(Number(elo))) {
        this.err.textContent = t('error.bad_elo', { elo });
        return;
      }
      if (elo) g.elo = Number(elo);
      else g.level = val('level');
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
      this.err.textContent = t('newgame.fenAndPgn');
      return;
    }
    if (fen) g.fen = fen;
    if (pgn) g.pgn = pgn;
    const variant = this.variant(val('number').trim(), !!pgn);
    if (typeof variant === 'string') {
      this.err.textContent = variant;
      return;
    }
    Object.assign(g, variant);
    this.submitting = true;
    const btn = byId<HTMLButtonElement>('new-start-btn');
    btn.disabled = true;
    this.err.textContent = '';
    try {
      const c = await api.createGame(g);
      const imp = c.game.import;
      if (imp) toast(importReport(fullMoves(c.game.startFen, c.game.moves.length), imp));
      this.dlg.close();
      byId<HTMLInputElement>('new-fen').value = '';
      byId<HTMLInputElement>('new-number').value = '';
      byId<HTMLTextAreaElement>('new-pgn').value = '';
      byId<HTMLInputElement>('new-pgn-file').value = '';
      this.openings.clear();
      this.onCreated(c);
    } catch (e) {
      this.err.textContent = errText(e);
    } finally {
      this.submitting = false;
      btn.disabled = false;
    }
  }
}

// fullMoves counts the moves (a move number each: White's and Black's
// half-moves) that plies half-moves from the position startFen span.
function fullMoves(startFen: string, plies: number): number {
  if (plies === 0) return 0;
  const blackFirst = startFen.split(' ')[1] === 'b' ? 1 : 0;
  return Math.floor((plies - 1 + blackFirst) / 2) + 1;
}

// importReport says what an import kept: the moves (full moves), the
// players' names and the other tags, the comments; and the variations left
// out.
function importReport(moves: number, imp: ImportInfo): string {
  const kept = [tn('import.moves', moves)];
  if (Object.keys(imp.tags).length > 0) kept.push(t('import.tags'));
  if (imp.commentCount > 0) kept.push(tn('import.comments', imp.commentCount));
  let text = t('import.kept', { kept: kept.join(t('list.sep')) });
  if (imp.variations > 0) text += ' ' + tn('import.variations', imp.variations);
  return text;
}
