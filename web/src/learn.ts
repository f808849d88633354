// learn.ts is "learn from your mistakes", as lichess has it: it goes
// through the player's mistakes and blunders of a reviewed game, one at a
// time. At each the board shows the position before the bad move, and the
// player tries to find a better one; the server judges it against the
// review (POST .../review/try: accepted when it keeps the winning chances
// within an inaccuracy of the best). "Show me" plays the review's better
// move, "Skip" goes on; the end says how many were found.

import { tryMove } from './analysisapi';
import type { Review, ReviewMove, TryAnswer } from './wire';
import { errText } from './errors';
import { el } from './dom';
import { t } from './i18n';
import type { MessageKey } from './i18n';
import { faults, moveLabel } from './review';

type Outcome = 'found' | 'shown' | 'skipped';

// Phase is where the player is in one mistake: finding a move, waiting
// for the server's judgement, told to try again, or done with it.
type Phase = 'find' | 'checking' | 'wrong' | 'solved' | 'shown' | 'end';

export interface LearnHooks {
  // goToPly shows the position after ply plies of the game, with color
  // ("white" or "black") at the bottom, and lets the side to move move
  // (or not).
  goToPly: (ply: number, color: string, movable: boolean) => void;
  // play plays moves (UCI) from the position shown and shows the last.
  play: (moves: string[]) => Promise<void>;
  // back shows the position before the move shown, forgetting the move
  // when forget is set.
  back: (forget: boolean) => void;
  // lock lets the mover move (false) or not (true).
  lock: (locked: boolean) => void;
  // arrow draws the move (UCI) as the answer, or nothing.
  arrow: (uci: string) => void;
  end: () => void;
  say: (text: string) => void;
}

export class Learn {
  readonly box: HTMLElement;
  private items: Array<{ move: ReviewMove; outcome?: Outcome }> = [];
  private i = 0;
  private phase: Phase = 'find';
  private feedback = '';
  private fresh = false; // the move tried was not in the tree before
  private timer = 0;
  private title = el('h2');
  private counter = el('span', { className: 'an-learn-count', id: 'an-learn-count' });
  private prompt = el('p', { className: 'an-learn-prompt', id: 'an-learn-prompt' });
  private note = el('p', { className: 'an-learn-note', id: 'an-learn-note', role: 'status' });
  private actions = el('div', { className: 'an-learn-actions' });
  private list = el('ol', { className: 'an-learn-list', id: 'an-learn-list' });

  constructor(
    private gameId: string,
    review: Review,
    colors: Array<'white' | 'black'>,
    private hooks: LearnHooks,
  ) {
    this.items = faults(review, colors).map((move) => ({ move }));
    const close = el('button', { type: 'button', className: 'an-learn-close', id: 'an-learn-close', textContent: '✕' });
    close.addEventListener('click', () => this.hooks.end());
    close.setAttribute('aria-label', t('learn.close'));
    this.box = el(
      'section',
      { className: 'an-learn', id: 'an-learn' },
      el('div', { className: 'an-learn-head' }, this.title, this.counter, close),
      this.prompt,
      this.note,
      this.list,
      this.actions,
    );
    this.box.dataset.phase = 'find';
  }

  get active(): boolean {
    return this.phase !== 'end';
  }

  // start goes to the first mistake.
  start() {
    this.i = 0;
    for (const it of this.items) it.outcome = undefined;
    this.enter();
  }

  stop() {
    clearTimeout(this.timer);
  }

  // ply is the ply of the move the player is to improve on.
  private get current(): ReviewMove {
    return this.items[this.i].move;
  }

  private enter() {
    clearTimeout(this.timer);
    if (this.i >= this.items.length) {
      this.phase = 'end';
      this.hooks.arrow('');
      const last = this.items[this.items.length - 1]?.move;
      this.hooks.goToPly(last ? last.ply : 0, last ? last.color : 'white', false);
      this.render();
      this.hooks.say(this.summary());
      return;
    }
    this.phase = 'find';
    this.feedback = '';
    this.hooks.arrow('');
    this.hooks.goToPly(this.current.ply - 1, this.current.color, true);
    this.render();
    this.hooks.say(this.promptText());
  }

  // tried is the player's move (UCI), played on the board from the
  // position before the mistake; fresh when the tree did not have it.
  async tried(uci: string, fresh: boolean) {
    if (this.phase !== 'find' && this.phase !== 'wrong') return;
    clearTimeout(this.timer);
    this.fresh = fresh;
    this.phase = 'checking';
    this.feedback = t('learn.checking');
    this.hooks.lock(true);
    this.render();
    const m = this.current;
    let a: TryAnswer;
    try {
      a = await tryMove(this.gameId, m.ply, uci);
    } catch (e) {
      this.phase = 'wrong';
      this.feedback = errText(e);
      this.render();
      this.timer = window.setTimeout(() => this.retry(), 1500);
      return;
    }
    if (this.current !== m || this.phase !== 'checking') return;
    if (a.accepted) {
      this.phase = 'solved';
      this.items[this.i].outcome ??= 'found';
      this.feedback = a.best
        ? t('learn.best', { san: a.san })
        : t('learn.good', { san: a.san, best: m.bestSan });
      if (!a.best && m.best) this.hooks.arrow(m.best);
    } else {
      this.phase = 'wrong';
      this.feedback = a.played
        ? t('learn.played', { san: a.san })
        : t(('learn.wrong.' + (a.judgement || 'inaccuracy')) as MessageKey, { san: a.san });
      this.timer = window.setTimeout(() => this.retry(), 1500);
    }
    this.render();
    this.hooks.say(this.feedback);
  }

  // retry takes the wrong move back: the player tries again.
  private retry() {
    if (this.phase !== 'wrong') return;
    this.hooks.back(this.fresh);
    this.hooks.lock(false);
    this.feedback = t('learn.again');
    this.phase = 'find';
    this.render();
  }

  private async showMe() {
    clearTimeout(this.timer);
    const m = this.current;
    this.items[this.i].outcome ??= 'shown';
    this.phase = 'shown';
    this.hooks.goToPly(m.ply - 1, m.color, false);
    this.feedback = t('learn.shown', { san: m.bestSan, line: (m.line ?? []).slice(0, 6).join(' ') });
    this.render();
    if (m.best) {
      await this.hooks.play([m.best]);
      this.hooks.arrow(m.best);
    }
    this.hooks.say(this.feedback);
  }

  private skip() {
    this.items[this.i].outcome ??= 'skipped';
    this.i++;
    this.enter();
  }

  private next() {
    this.i++;
    this.enter();
  }

  private promptText(): string {
    const m = this.current;
    return t(m.color === 'white' ? 'learn.findWhite' : 'learn.findBlack', { move: moveLabel(m) });
  }

  private summary(): string {
    const n = (o: Outcome) => this.items.filter((it) => it.outcome === o).length;
    return t('learn.summary', { found: n('found'), total: this.items.length, shown: n('shown'), skipped: n('skipped') });
  }

  render() {
    this.title.textContent = t('learn.title');
    this.box.dataset.phase = this.phase;
    const end = this.phase === 'end';
    this.counter.textContent = end ? '' : t('learn.count', { n: this.i + 1, total: this.items.length });
    this.prompt.textContent = end ? this.summary() : this.promptText();
    this.note.textContent = end ? '' : this.feedback;
    this.note.className = 'an-learn-note ' + this.phase;
    const button = (id: string, key: MessageKey, f: () => void, primary = false) => {
      const b = el('button', { type: 'button', id, textContent: t(key), className: primary ? 'primary' : '' });
      b.addEventListener('click', f);
      return b;
    };
    const acts: HTMLElement[] = [];
    if (end) {
      acts.push(button('an-learn-again', 'learn.restart', () => this.start()), button('an-learn-done', 'learn.done', () => this.hooks.end(), true));
    } else if (this.phase === 'solved' || this.phase === 'shown') {
      const last = this.i === this.items.length - 1;
      acts.push(button('an-learn-next', last ? 'learn.finish' : 'learn.next', () => this.next(), true));
    } else {
      const busy = this.phase === 'checking';
      const show = button('an-learn-show', 'learn.showMe', () => void this.showMe());
      const skip = button('an-learn-skip', 'learn.skip', () => this.skip());
      show.disabled = busy;
      skip.disabled = busy;
      acts.push(show, skip);
    }
    this.actions.replaceChildren(...acts);
    this.list.hidden = !end;
    if (end) {
      this.list.replaceChildren(
        ...this.items.map((it) =>
          el(
            'li',
            { className: 'outcome-' + (it.outcome ?? 'skipped') },
            el('span', { textContent: moveLabel(it.move) }),
            ' ',
            el('span', { className: 'an-learn-outcome', textContent: t(('learn.outcome.' + (it.outcome ?? 'skipped')) as MessageKey) }),
            it.move.bestSan ? ' · ' + t('learn.better', { san: it.move.bestSan }) : '',
          ),
        ),
      );
    }
  }
}
