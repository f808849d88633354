// dom.ts: small helpers for building and finding elements.

// byId returns the element with the id; the page's HTML guarantees it exists.
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error('outpost: no element #' + id);
  return e as T;
}

// el makes an element and sets its properties.
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  Object.assign(e, props);
  e.append(...children);
  return e;
}

let toastTimer = 0;

// toast shows a short message for a few seconds (read by screen readers).
export function toast(msg: string) {
  const t = byId('toast');
  t.textContent = msg;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => (t.hidden = true), 4000);
}

// downloadText makes the browser save text as a file named name.
export function downloadText(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// setLabel sets the text of a button that has an icon: its .label span (or,
// without one, the button's text after the icon).
export function setLabel(button: HTMLElement, text: string) {
  const label = button.querySelector<HTMLElement>('.label');
  if (label) label.textContent = text;
  else button.textContent = text;
}
