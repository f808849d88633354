// liveeval.ts is the analysis board's engine panel: as the user moves
// about the tree, the engine analyses the position shown (POST
// /api/analysis, 1 to 5 lines as the user chooses) and the panel shows its
// depth and lines as they deepen, each move of a line a button that plays
// the line up to it. What a position's analysis found is kept: going back
// to it shows it at once, and a search that starts again replaces it only
// once it is deeper.

import { analyse } from './analysisapi';
import type { AnalysisLine } from './wire';
import { errText } from './errors';
import { el } from './dom';
import { t } from './i18n';
import { count, scoreText } from './words';

// EvalState is what the engine found in a position.
export interface EvalState {
  lines: AnalysisLine[]; // by rank: lines[0] is the best
  depth: number; // the depth of the best line
  done: boolean; // the search reached its limit
  final?: 'checkmate' | 'stalemate'; // the position has no legal move
  error?: string;
}

const onKey = 'outpost.analysis.engine';
const linesKey = 'outpost.analysis.lines';

// Position is a position to analyse: a key that names it (the tree node's
// id), the start of the tree and the moves from there, and the ply of its
// last move (for the lines' move numbers).
export interface Position {
  key: string;
  fen: string;
  moves: string[];
  ply: number;
}

export class LiveEval {
  readonly box: HTMLElement;
  private cache = new Map<string, EvalState>();
  private abort: AbortController | null = null;
  private timer = 0;
  private pos: Position | null = null;
  private paused = false;
  private switchEl: HTMLInputElement;
  private linesSel: HTMLSelectElement;
  private status: HTMLElement;
  private list: HTMLOListElement;
  private label: HTMLElement;
  private linesLabel: HTMLElement;
  on: boolean;
  multipv: number;

  constructor(
    // onChange is told when the lines of the position shown change (to
    // draw the arrows and the evaluation bar).
    private onChange: () => void,
    // onPlay plays moves (UCI) of a line from the position shown.
    private onPlay: (moves: string[]) => void,
  ) {
    this.on = load(onKey) !== '0';
    this.multipv = Math.min(5, Math.max(1, Number(load(linesKey)) || 3));
    this.switchEl = el('input', { type: 'checkbox', id: 'an-engine-on', checked: this.on });
    this.switchEl.setAttribute('role', 'switch');
    this.label = el('span');
    this.linesSel = el('select', { id: 'an-lines' });
    for (let i = 1; i <= 5; i++) this.linesSel.append(el('option', { value: String(i), textContent: String(i), selected: i === this.multipv }));
    this.linesLabel = el('span');
    this.status = el('span', { className: 'an-engine-status', id: 'an-engine-status' });
    this.list = el('ol', { className: 'an-lines', id: 'an-engine-lines' });
    this.box = el(
      'section',
      { className: 'an-engine', id: 'an-engine' },
      el(
        'div',
        { className: 'an-engine-head' },
        el('label', { className: 'an-switch' }, this.switchEl, this.label),
        el('label', { className: 'an-lines-choice' }, this.linesLabel, this.linesSel),
        this.status,
      ),
      this.list,
    );
    this.switchEl.addEventListener('change', () => {
      this.on = this.switchEl.checked;
      save(onKey, this.on ? '1' : '0');
      this.restart();
    });
    this.linesSel.addEventListener('change', () => {
      this.multipv = Number(this.linesSel.value);
      save(linesKey, String(this.multipv));
      this.restart();
    });
    this.list.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('[data-rank]');
      const st = this.state();
      if (!b || !st) return;
      const line = st.lines[Number(b.dataset.rank)];
      if (line) this.onPlay(line.pvUci.slice(0, Number(b.dataset.k) + 1));
    });
  }

  // follow analyses p, the position shown, unless its analysis is done.
  follow(p: Position) {
    this.pos = p;
    this.restart();
  }

  // pause stops the engine until resume (learn from your mistakes must not
  // show the answer).
  pause(paused: boolean) {
    if (this.paused === paused) return;
    this.paused = paused;
    this.box.hidden = paused;
    this.restart();
  }

  // state is what the engine found in the position shown, when it is on.
  state(): EvalState | undefined {
    if (!this.on || this.paused || !this.pos) return undefined;
    return this.cache.get(this.cacheKey(this.pos));
  }

  stop() {
    clearTimeout(this.timer);
    this.abort?.abort();
    this.abort = null;
  }

  private cacheKey(p: Position) {
    return p.key + '|' + this.multipv;
  }

  private restart() {
    this.stop();
    this.render();
    this.onChange();
    const p = this.pos;
    if (!p || !this.on || this.paused || this.cache.get(this.cacheKey(p))?.done) return;
    // Stepping through moves quickly starts one search, at the last.
    this.timer = window.setTimeout(() => void this.run(p), 150);
  }

  private async run(p: Position) {
    const ac = new AbortController();
    this.abort = ac;
    const key = this.cacheKey(p);
    const old = this.cache.get(key);
    const live: EvalState = { lines: [], depth: 0, done: false };
    // The new search shows once it is as deep as what was known, the
    // ranks it has not reached yet from before.
    const publish = () => {
      if (old && live.depth < old.depth && !live.done) return;
      const lines = old ? old.lines.map((l, i) => live.lines[i] ?? l).slice(0, this.multipv) : live.lines;
      this.cache.set(key, { ...live, lines: live.lines.length ? lines : live.lines });
      if (this.pos && this.cacheKey(this.pos) === key) {
        this.render();
        this.onChange();
      }
    };
    try {
      await analyse(
        { fen: p.fen, moves: p.moves, multipv: this.multipv },
        ac.signal,
        (l) => {
          live.lines[l.multipv - 1] = l;
          if (l.multipv === 1) live.depth = l.depth;
          publish();
        },
        (d) => {
          live.done = true;
          if (!d.bestmove) live.final = d.score.mate === 0 ? 'checkmate' : 'stalemate';
          publish();
        },
      );
    } catch (e) {
      if (ac.signal.aborted) return;
      live.error = errText(e);
      live.done = true;
      publish();
    }
  }

  // render draws the panel: the switch, the number of lines, the depth and
  // the lines of the position shown.
  render() {
    this.label.textContent = t('analysis.engine');
    this.linesLabel.textContent = t('analysis.lines');
    this.switchEl.checked = this.on;
    this.linesSel.disabled = !this.on;
    const st = this.state();
    this.box.dataset.depth = String(st?.depth ?? 0);
    this.box.dataset.lines = String(st?.lines.filter(Boolean).length ?? 0);
    if (!this.on) {
      this.status.textContent = t('analysis.engineOff');
      this.list.replaceChildren();
      return;
    }
    if (!st) {
      this.status.textContent = t('analysis.starting');
      this.list.replaceChildren();
      return;
    }
    if (st.final || st.error) {
      this.status.textContent = st.error ?? t(st.final === 'checkmate' ? 'analysis.checkmate' : 'analysis.stalemate');
      this.list.replaceChildren();
      return;
    }
    const best = st.lines[0];
    this.status.textContent = best
      ? t(st.done ? 'analysis.depthDone' : 'analysis.depth', { depth: best.depth, nps: count(best.nps) })
      : t('analysis.starting');
    this.box.classList.toggle('running', !st.done);
    const ply = this.pos?.ply ?? 0;
    this.list.replaceChildren(
      ...st.lines.filter(Boolean).map((l, rank) => {
        const li = el('li', { className: 'an-line' }, el('span', { className: 'an-score', textContent: scoreText(l.score) }));
        l.pv.forEach((san, k) => {
          const p = ply + k + 1;
          if (k === 0 || p % 2 === 1) {
            li.append(el('span', { className: 'an-num', textContent: Math.ceil(p / 2) + (p % 2 === 1 ? '.' : '…') }));
          }
          const b = el('button', { type: 'button', className: 'an-pv-move', textContent: san });
          b.dataset.rank = String(rank);
          b.dataset.k = String(k);
          li.append(b);
        });
        return li;
      }),
    );
  }
}

function load(k: string): string | null {
  try {
    return localStorage.getItem(k);
  } catch {
    return null;
  }
}

function save(k: string, v: string) {
  try {
    localStorage.setItem(k, v);
  } catch {
    /* not remembered */
  }
}
