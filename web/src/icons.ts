// icons.ts: the buttons' icons, drawn here as inline SVG (lines on a 24×24
// grid in the text's colour), so the page loads no icon font or image. An
// element with data-icon="NAME" gets the icon before its text; a button
// whose text is only its icon keeps an aria-label.

const paths: Record<string, string[]> = {
  new: ['M12 5v14', 'M5 12h14'],
  import: ['M12 15V4', 'M7 9l5-5 5 5', 'M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4'],
  games: ['M8 6h12', 'M8 12h12', 'M8 18h12', 'M4 6h.01', 'M4 12h.01', 'M4 18h.01'],
  settings: [
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
    'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  ],
  soundOn: ['M11 5L6 9H2v6h4l5 4V5z', 'M15.5 8.5a5 5 0 0 1 0 7', 'M19 5a10 10 0 0 1 0 14'],
  soundOff: ['M11 5L6 9H2v6h4l5 4V5z', 'M23 9l-6 6', 'M17 9l6 6'],
  voice: ['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z', 'M8 10h.01', 'M12 10h.01', 'M16 10h.01'],
  takeback: ['M9 14L4 9l5-5', 'M4 9h10.5a5.5 5.5 0 0 1 0 11H11'],
  redo: ['M15 14l5-5-5-5', 'M20 9H9.5a5.5 5.5 0 0 0 0 11H13'],
  hint: ['M9 18h6', 'M10 22h4', 'M12 2a7 7 0 0 0-4 12.7V16h8v-1.3A7 7 0 0 0 12 2z'],
  draw: ['M5 9h14', 'M5 15h14'],
  offer: ['M5 9h14', 'M5 15h14'],
  resign: ['M4 22V4', 'M4 4h13l-2 4 2 4H4'],
  flip: ['M21 12a9 9 0 0 1-15 6.7L3 16', 'M3 12a9 9 0 0 1 15-6.7L21 8', 'M21 3v5h-5', 'M3 21v-5h5'],
  analysis: ['M4 4v16h16', 'M7 15l4-5 3 3 5-6'],
  puzzle: ['M13 2L3 14h9l-1 8 10-12h-9l1-8z'],
  editor: ['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z'],
  explain: ['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.35-4.35', 'M11 8v6', 'M8 11h6'],
  download: ['M12 4v11', 'M7 10l5 5 5-5', 'M4 19h16'],
  copy: ['M9 9h11v11H9z', 'M5 15H4V4h11v1'],
  play: ['M5 12h14', 'M13 6l6 6-6 6'],
  pause: ['M8 5v14', 'M16 5v14'],
  resume: ['M7 4l13 8-13 8z'],
  first: ['M11 17l-5-5 5-5', 'M18 17l-5-5 5-5'],
  prev: ['M15 18l-6-6 6-6'],
  next: ['M9 18l6-6-6-6'],
  last: ['M13 17l5-5-5-5', 'M6 17l5-5-5-5'],
  close: ['M18 6L6 18', 'M6 6l12 12'],
};

const svgNS = 'http://www.w3.org/2000/svg';

// ICONS are the names icon() knows.
export const ICONS = Object.keys(paths);

// icon returns the SVG of the named icon (hidden from screen readers: the
// button's text or label says what it does).
export function icon(name: string): SVGSVGElement {
  const svg = document.createElementNS(svgNS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'icon');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const d of paths[name] ?? []) {
    const p = document.createElementNS(svgNS, 'path');
    p.setAttribute('d', d);
    svg.append(p);
  }
  return svg;
}

// setIcon puts the named icon first in e, replacing the one it has.
export function setIcon(e: Element, name: string) {
  e.querySelector(':scope > svg.icon')?.remove();
  e.prepend(icon(name));
}

// decorate gives every element with data-icon under root its icon.
export function decorate(root: ParentNode = document) {
  for (const e of root.querySelectorAll<HTMLElement>('[data-icon]')) setIcon(e, e.dataset.icon!);
}
