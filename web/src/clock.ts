// clock.ts shows a game's two clocks. The server keeps the time: each state
// it sends carries both clocks as of that moment and whose clock runs; the
// page counts the running one down smoothly from there, and never decides
// a flag itself (at 0:00.0 it waits for the server's state, which ends the
// game). Under 10 seconds a clock shows tenths, turns red, and ticks once a
// second.

import type { ColorName } from './api';
import type { ClockInfo } from './wire';
import { t } from './i18n';
import { colorName } from './words';

// clockText writes a clock as a chess clock shows it: "4:32", "1:02:03",
// and under 10 seconds with tenths, "0:09.3" (cut, never rounded up).
export function clockText(ms: number): string {
  ms = Math.max(0, ms);
  if (ms < 10000) {
    const tenths = Math.floor(ms / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(ms / 1000);
  const mm = String(Math.floor(s / 60) % 60).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
}

// lowTime is where a clock turns red and ticks.
const lowTime = 10000;

export class Clocks {
  private info: ClockInfo | null = null;
  private at = 0; // performance.now() when info arrived
  private frame = 0;
  private lastTick = -1; // the second last ticked, of the running clock

  // elementFor returns the element that shows a side's clock; onTick is
  // called once a second while the running clock is under 10 seconds.
  constructor(
    private elementFor: (c: ColorName) => HTMLElement,
    private onTick: () => void,
  ) {}

  // set takes the server's figures (null: a game without clocks).
  set(info: ClockInfo | null | undefined) {
    this.info = info ?? null;
    this.at = performance.now();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.draw();
  }

  // remaining returns a side's time left now, in milliseconds.
  remaining(c: string): number {
    const i = this.info;
    if (!i) return 0;
    const left = c === 'white' ? i.white : i.black;
    return i.running === c ? Math.max(0, left - (performance.now() - this.at)) : left;
  }

  // draw shows both clocks, and goes on drawing while one runs.
  draw() {
    const i = this.info;
    for (const c of ['white', 'black'] as const) {
      const e = this.elementFor(c);
      e.hidden = !i;
      if (!i) continue;
      const left = this.remaining(c);
      const text = clockText(left);
      if (e.textContent !== text) e.textContent = text;
      e.classList.toggle('running', i.running === c);
      e.classList.toggle('low', left < lowTime);
      e.setAttribute('aria-label', t('clock.aria', { color: colorName(c), time: text }));
      if (i.running === c && left > 0 && left < lowTime) {
        const sec = Math.ceil(left / 1000);
        if (sec !== this.lastTick) {
          this.lastTick = sec;
          this.onTick();
        }
      }
    }
    if (i && i.running && this.remaining(i.running) > 0) {
      this.frame = requestAnimationFrame(() => this.draw());
    }
  }
}
