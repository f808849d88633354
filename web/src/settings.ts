// settings.ts is the settings dialog: the language, the board's colours,
// the piece set, the coordinates and zen mode, each applied at once and
// remembered.

import { byId, el } from './dom';
import { LANGS, lang, onLangChange, setLang, t } from './i18n';
import type { Lang } from './i18n';
import { BOARDS, PIECE_SETS, board, boardName, pieceSetName, pieces, setBoard, setPieces } from './looks';
import type { BoardTheme, PieceSet } from './looks';
import { coordinates, onDisplayChange, setCoordinates, setZen, zen } from './display';

export class SettingsDialog {
  private dlg = byId<HTMLDialogElement>('dlg-settings');

  constructor() {
    byId('settings-close').addEventListener('click', () => this.dlg.close());
    const coords = byId<HTMLInputElement>('settings-coords');
    coords.addEventListener('change', () => setCoordinates(coords.checked));
    const zenBox = byId<HTMLInputElement>('settings-zen');
    zenBox.addEventListener('change', () => setZen(zenBox.checked));
    this.render();
    onLangChange(() => this.render());
    onDisplayChange(() => this.render());
  }

  show() {
    this.render();
    if (!this.dlg.open) this.dlg.showModal();
  }

  private render() {
    byId<HTMLInputElement>('settings-coords').checked = coordinates();
    byId<HTMLInputElement>('settings-zen').checked = zen();
    const langs = byId('settings-lang');
    langs.replaceChildren(
      ...LANGS.map((l) =>
        this.choice('lang', l.lang, t(l.name), l.lang === lang(), () => setLang(l.lang as Lang), el('span', { className: 'lang-mark', textContent: t(l.name).charAt(0) })),
      ),
    );
    byId('settings-board').replaceChildren(
      ...BOARDS.map((b) =>
        this.choice('board', b, t(boardName(b)), b === board(), () => setBoard(b as BoardTheme), el('span', { className: 'swatch board-' + b })),
      ),
    );
    byId('settings-pieces').replaceChildren(
      ...PIECE_SETS.map((p) => {
        const preview = el(
          'span',
          { className: 'cg-wrap set-preview pieces-' + p },
          el('piece' as 'span', { className: 'knight white' }),
          el('piece' as 'span', { className: 'queen black' }),
        );
        return this.choice('pieces', p, t(pieceSetName(p)), p === pieces(), () => setPieces(p as PieceSet), preview);
      }),
    );
  }

  // choice is one radio button of a group, with a picture of what it
  // chooses.
  private choice(group: string, value: string, label: string, checked: boolean, pick: () => void, picture: HTMLElement): HTMLLabelElement {
    const input = el('input', { type: 'radio', name: 'settings-' + group, value, checked });
    input.addEventListener('change', () => {
      if (input.checked) pick();
    });
    return el('label', { className: 'choice' }, input, picture, el('span', { textContent: label }));
  }
}
