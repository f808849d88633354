// review.ts is the review's panel in the analysis board, as lichess shows a
// game's computer analysis: the evaluation graph (graph.ts), the opening
// and the move that left the book, each side's accuracy and its
// inaccuracies, mistakes and blunders (each count a button that goes to
// the side's next such move), the progress while the review runs, and the
// buttons that ask for a review and start learn from your mistakes. The
// view (analysis.ts) owns the game and the position shown.

import type { OpeningMatch, Review, ReviewJudgement, ReviewMove, ReviewProgress } from './wire';
import { el } from './dom';
import { EvalGraph, whiteShare } from './graph';
import type { Mark } from './graph';
import { t } from './i18n';
import type { MessageKey } from './i18n';
import { openingLabel } from './openings';
import { scoreText } from './words';

// judgementGlyph is the mark after a judged move.
export const judgementGlyph: Record<ReviewJudgement, string> = { '': '', inaccuracy: '?!', mistake: '?', blunder: '??' };

// moveLabel names a move of the game: "12… Qg5??".
export function moveLabel(m: ReviewMove): string {
  const n = Math.ceil(m.ply / 2);
  return n + (m.color === 'white' ? '. ' : '… ') + m.san + judgementGlyph[m.judgement];
}

// faults are the moves of a review by the colours given that were judged
// as bad as the worst of judgements, in order: the moves learn from your
// mistakes asks about.
export function faults(r: Review, colors: Array<'white' | 'black'>, judgements: ReviewJudgement[] = ['mistake', 'blunder']): ReviewMove[] {
  return r.moves.filter((m) => colors.some((c) => c === m.color) && judgements.includes(m.judgement));
}

// gameShares are White's shares of the evaluation of each position of a
// reviewed game, the start first (for the graph).
export function gameShares(r: Review): number[] {
  return [whiteShare(r.start, r.startFen.split(' ')[1] === 'b'), ...r.moves.map((m) => whiteShare(m.eval, m.color === 'white'))];
}

export interface ReviewPanelHooks {
  // go shows the position after ply plies of the game (0: its start).
  go: (ply: number) => void;
  request: (force: boolean) => void;
  learn: () => void;
  // sideName names a side of the game ("White · You").
  sideName: (c: 'white' | 'black') => string;
  // moveOf says a move of the game in SAN with its number, by ply.
  moveOf: (ply: number) => string;
}

export class ReviewPanel {
  readonly box: HTMLElement;
  private graph: EvalGraph;
  private graphBox: HTMLElement;
  private title = el('h2');
  private status = el('p', { className: 'an-review-status', id: 'an-review-status' });
  private bar = el('progress', { className: 'an-review-progress', max: 1, value: 0 });
  private opening = el('p', { className: 'an-review-opening', id: 'an-review-opening' });
  private table = el('table', { className: 'an-summary', id: 'an-summary' });
  private requestBtn = el('button', { type: 'button', id: 'an-review-request', className: 'primary' });
  private againBtn = el('button', { type: 'button', id: 'an-review-again' });
  private learnBtn = el('button', { type: 'button', id: 'an-learn-start', className: 'primary' });
  private review: Review | null = null;
  private progress: ReviewProgress | null = null;
  private missing = ''; // why there is no review: an error code, or ''
  private current = 0;
  // learnColors are the sides learn from your mistakes is for; learning
  // says it is on (its button is then hidden).
  learnColors: Array<'white' | 'black'> = [];
  learning = false;

  constructor(private hooks: ReviewPanelHooks) {
    this.graphBox = el('div', { className: 'an-graph', id: 'an-graph' });
    this.graph = new EvalGraph(this.graphBox, (i) => this.hooks.go(i));
    this.box = el(
      'section',
      { className: 'an-review', id: 'an-review' },
      el('div', { className: 'an-review-head' }, this.title, this.againBtn),
      this.status,
      this.bar,
      this.graphBox,
      this.opening,
      this.table,
      el('div', { className: 'an-review-actions' }, this.requestBtn, this.learnBtn),
    );
    this.requestBtn.addEventListener('click', () => this.hooks.request(false));
    this.againBtn.addEventListener('click', () => this.hooks.request(true));
    this.learnBtn.addEventListener('click', () => this.hooks.learn());
    this.table.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('[data-judgement]');
      if (b && this.review) this.next(b.dataset.color as 'white' | 'black', b.dataset.judgement as ReviewJudgement);
    });
  }

  // set shows the review (or none), with the progress of one running and
  // why there is none.
  set(review: Review | null, progress: ReviewProgress | null, missing: string) {
    this.review = review;
    this.progress = progress;
    this.missing = missing;
    this.render();
  }

  // show marks the position after ply plies of the game as the one shown
  // (-1: a position off the game).
  show(ply: number) {
    this.current = ply;
    this.graph.show(ply);
  }

  // canLearn says whether colours have mistakes or blunders to learn from.
  canLearn(colors: Array<'white' | 'black'>): boolean {
    return !!this.review && faults(this.review, colors).length > 0;
  }

  render() {
    const r = this.review;
    const p = this.progress;
    const running = p?.status === 'running';
    this.title.textContent = t('review.title');
    this.box.dataset.status = running ? 'running' : r ? 'done' : this.missing ? 'none' : '';
    this.bar.hidden = !running;
    if (running) {
      this.bar.max = Math.max(1, p.total);
      this.bar.value = p.done;
    }
    let status = '';
    if (running) status = t('review.running', { done: p.done, total: p.total });
    else if (p?.status === 'failed') status = t('review.failed', { error: p.error ?? '' });
    else if (!r && this.missing === 'review_stale') status = t('review.stale');
    else if (!r && this.missing === 'no_moves') status = t('review.noMoves');
    else if (!r && this.missing) status = t('review.none');
    else if (r) status = t('review.budget', { nodes: r.budget.nodes ?? 0 });
    this.status.textContent = status;
    this.requestBtn.textContent = t('review.request');
    this.requestBtn.hidden = !!r || running || this.missing === 'no_moves';
    this.againBtn.textContent = t('review.again');
    this.againBtn.title = t('review.againTitle');
    this.againBtn.hidden = !r || running;
    this.learnBtn.textContent = t('learn.start');
    this.learnBtn.hidden = !r || this.learning;
    this.learnBtn.disabled = !this.canLearn(this.learnColors);
    this.learnBtn.title = this.learnBtn.disabled ? t('learn.nothing') : '';
    this.graphBox.hidden = !r;
    this.opening.hidden = !r;
    this.table.hidden = !r;
    if (!r) {
      this.graph.set([], [], 0, '', () => '');
      return;
    }
    const marks: Mark[] = r.moves
      .filter((m) => m.judgement)
      .map((m) => ({ index: m.ply, judgement: m.judgement, label: moveLabel(m) + ' ' + t(('review.judgement.' + m.judgement) as MessageKey) }));
    this.graph.set(gameShares(r), marks, this.current, t('review.graphLabel'), (i) => this.positionText(i));
    this.opening.replaceChildren(...this.openingText(r.opening));
    this.renderTable(r);
  }

  // positionText says position i of the game in words: the move that led
  // there and its evaluation (the graph's value for screen readers).
  private positionText(i: number): string {
    const r = this.review;
    if (!r) return '';
    if (i === 0) return t('review.atStart', { eval: scoreText(r.start) });
    const m = r.moves[i - 1];
    return t('review.atMove', { move: moveLabel(m), eval: m.eval.mate === 0 ? '#' : scoreText(m.eval) });
  }

  private openingText(o: OpeningMatch | null): Array<string | HTMLElement> {
    if (!o || !o.name) return [t('review.noOpening')];
    const out: Array<string | HTMLElement> = [el('strong', {}, openingLabel(o))];
    if (o.leftBook > 0) {
      const b = el('button', { type: 'button', className: 'an-link', textContent: this.hooks.moveOf(o.leftBook) });
      b.addEventListener('click', () => this.hooks.go(o.leftBook));
      out.push(' · ' + t('review.leftBook') + ' ', b);
    }
    return out;
  }

  private renderTable(r: Review) {
    const head = el(
      'tr',
      {},
      el('th', { scope: 'col' }),
      el('th', { scope: 'col', textContent: t('review.accuracy') }),
      ...(['inaccuracy', 'mistake', 'blunder'] as const).map((j) =>
        el('th', { scope: 'col', className: 'j-' + j, textContent: judgementGlyph[j], title: t(('review.plural.' + j) as MessageKey) }),
      ),
      el('th', { scope: 'col', textContent: t('review.acpl'), title: t('review.acplTitle') }),
    );
    const rows = (['white', 'black'] as const).map((c) => {
      const s = c === 'white' ? r.white : r.black;
      const counts = { inaccuracy: s.inaccuracies, mistake: s.mistakes, blunder: s.blunders } as const;
      return el(
        'tr',
        { className: 'side-' + c },
        el('th', { scope: 'row' }, el('span', { className: 'dot ' + c }), this.hooks.sideName(c)),
        el('td', { className: 'an-accuracy', textContent: s.accuracy === null ? '–' : t('review.percent', { n: Math.round(s.accuracy) }) }),
        ...(['inaccuracy', 'mistake', 'blunder'] as const).map((j) => {
          const td = el('td', { className: 'j-' + j });
          if (counts[j] === 0) td.textContent = '0';
          else {
            const b = el('button', { type: 'button', className: 'an-count', textContent: String(counts[j]) });
            b.dataset.color = c;
            b.dataset.judgement = j;
            b.setAttribute('aria-label', t('review.nextOf', { n: counts[j], what: t(('review.plural.' + j) as MessageKey), side: this.hooks.sideName(c) }));
            td.append(b);
          }
          return td;
        }),
        el('td', { textContent: String(s.acpl) }),
      );
    });
    this.table.replaceChildren(el('thead', {}, head), el('tbody', {}, ...rows));
  }

  // next goes to the next move of colour c judged j after the one shown,
  // round to the first.
  private next(c: 'white' | 'black', j: ReviewJudgement) {
    const ms = faults(this.review!, [c], [j]);
    if (ms.length === 0) return;
    const after = ms.find((m) => m.ply > this.current) ?? ms[0];
    this.hooks.go(after.ply);
  }
}
