// display.ts: what the page shows around the boards, chosen in the
// settings dialog (and zen mode with the z key too) and remembered in
// localStorage like the looks: the coordinates on every board, and zen
// mode, which leaves a game's board and clocks alone on screen. Each is a
// class on <body> ("no-coords", "zen") that display.css acts on; zen mode
// adds a button to leave it, for a screen without a keyboard.

import { el } from './dom';
import { onLangChange, t } from './i18n';
import './display.css';

const coordsKey = 'outpost.coordinates';
const zenKey = 'outpost.zen';
const changed: Array<() => void> = [];

function load(key: string, dflt: boolean): boolean {
  try {
    const v = localStorage.getItem(key);
    return v === null ? dflt : v === 'on';
  } catch {
    return dflt;
  }
}

function save(key: string, on: boolean) {
  try {
    localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    /* chosen for this page only */
  }
}

// coordinates and zen are the choices in force.
export const coordinates = () => load(coordsKey, true);
export const zen = () => load(zenKey, false);

let exit: HTMLButtonElement | null = null;

// applyDisplay puts the remembered choices on <body> and tells whoever
// listens (the settings dialog).
export function applyDisplay() {
  const b = document.body.classList;
  b.toggle('no-coords', !coordinates());
  b.toggle('zen', zen());
  if (!exit) {
    const button = el('button', { type: 'button', id: 'zen-exit', className: 'zen-exit' });
    button.addEventListener('click', () => setZen(false));
    const label = () => (button.textContent = t('zen.exit'));
    label();
    onLangChange(label);
    document.body.append(button);
    exit = button;
  }
  for (const f of changed) f();
}

export function setCoordinates(on: boolean) {
  save(coordsKey, on);
  applyDisplay();
}

export function setZen(on: boolean) {
  save(zenKey, on);
  applyDisplay();
}

// onDisplayChange calls f after every change of a choice.
export function onDisplayChange(f: () => void) {
  changed.push(f);
}
