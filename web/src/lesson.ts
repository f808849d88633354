// lesson.ts is the guided lesson's panel in the explorer: seven short steps
// from the tutorials' picture of three moves by three replies to the full
// engine. Their text lives on the server, once, in every language
// (GET /api/explain/lesson?lang=, the same text as "outpost explain
// --lesson"); each step puts the explorer in the mode
// that shows its point (a depth, a method, quiescence, the comparison, a
// playback to the first cut).

import { request } from './api';
import { errText } from './errors';
import { el } from './dom';
import { lang, onLangChange, t } from './i18n';
import type { MessageKey } from './i18n';
import type { ExplainLesson, ExplainLessonView } from './wire';

// LessonPanel shows the lesson in a host element and applies each step's
// view with apply.
export class LessonPanel {
  private lesson: ExplainLesson | null = null;
  private step = 0;

  constructor(
    private host: HTMLElement,
    private apply: (v: ExplainLessonView) => Promise<void>,
    // showSection scrolls to the part of the explorer a step is about.
    private showSection: (section: string) => void,
  ) {
    onLangChange(() => {
      if (!this.host.hidden) void this.load().then(() => this.render());
    });
  }

  private async load() {
    this.lesson = await request<ExplainLesson>('GET', '/api/explain/lesson?lang=' + lang());
  }

  // start shows the lesson from its first step.
  async start() {
    this.host.hidden = false;
    this.host.replaceChildren(el('p', { textContent: t('lesson.loading') }));
    try {
      await this.load();
    } catch (e) {
      this.host.replaceChildren(el('p', { textContent: t('lesson.cannot', { error: errText(e) }) }));
      return;
    }
    await this.go(0);
  }

  private async go(i: number) {
    if (!this.lesson) return;
    this.step = Math.max(0, Math.min(i, this.lesson.steps.length - 1));
    this.render();
    await this.apply(this.lesson.steps[this.step].show);
  }

  private render() {
    const les = this.lesson;
    if (!les) return;
    const st = les.steps[this.step];
    const prev = el('button', { type: 'button', id: 'lesson-prev', textContent: '◀ ' + t('lesson.prev'), disabled: this.step === 0 });
    const last = this.step === les.steps.length - 1;
    const next = el('button', { type: 'button', id: 'lesson-next', className: 'primary', textContent: last ? t('lesson.finish') : t('lesson.next') + ' ▶' });
    const close = el('button', { type: 'button', id: 'lesson-close', textContent: t('lesson.close') });
    prev.addEventListener('click', () => void this.go(this.step - 1));
    next.addEventListener('click', () => (last ? this.close() : void this.go(this.step + 1)));
    close.addEventListener('click', () => this.close());
    const head = el('div', { className: 'lesson-head' }, el('span', { className: 'lesson-count', textContent: t('lesson.step', { n: this.step + 1, total: les.steps.length }) }), el('h3', { id: 'lesson-title', textContent: st.title }));
    const body = el('div', { className: 'lesson-text', id: 'lesson-text' }, ...(this.step === 0 ? [el('p', { className: 'lesson-intro', textContent: les.intro })] : []), ...st.text.map((p) => el('p', { textContent: p })));
    const nav = el('div', { className: 'lesson-nav' }, prev, next);
    if (st.show.section) {
      const look = el('button', { type: 'button', id: 'lesson-look', textContent: t(('lesson.look.' + st.show.section) as MessageKey) });
      look.addEventListener('click', () => this.showSection(st.show.section!));
      nav.append(look);
    }
    nav.append(close);
    this.host.replaceChildren(head, body, nav);
    this.host.dataset.step = String(this.step + 1);
    this.host.setAttribute('aria-label', les.title);
  }

  private close() {
    this.host.hidden = true;
    this.host.replaceChildren();
  }
}
