// evaluation.ts: what the evaluation bar shows. Only the engine's real
// opinion of a position belongs there: a full-strength search (the AI's own
// at level 8 or max, or a hint's, which is always full strength), or the
// result at the end of a game. A weakened level's search scores are not
// shown in the bar (level 1 may think -0.97 where the engine thinks -0.24);
// without an opinion the bar says it has none.

import type { Score } from './wire';
import { scoreFraction, scoreText } from './words';

export type EvalSource = 'engine' | 'hint';

export interface Evaluation {
  score: Score; // White's view
  depth: number;
  source: EvalSource;
  best?: string; // the search's best move (UCI), if it said
}

// positionKey is a FEN without its move counters: the same position reached
// by other moves (a take back and a replay) has the same evaluation.
export function positionKey(fen: string): string {
  return fen.split(' ').slice(0, 4).join(' ');
}

// KeyValueStore is where Evaluations are kept across a reload (the page's
// sessionStorage).
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

// Evaluations keeps the full-strength evaluations seen in a game, by
// position; a deeper search of a position replaces a shallower one. Given a
// store and a key, it starts from what the store holds under the key and
// writes every change there, so a reload finds the hints' evaluations again.
export class Evaluations {
  private byPos = new Map<string, Evaluation>();

  constructor(
    private store?: KeyValueStore,
    private key = '',
  ) {
    try {
      const saved: unknown = JSON.parse(store?.getItem(key) ?? '[]');
      if (Array.isArray(saved)) this.byPos = new Map(saved as [string, Evaluation][]);
    } catch {
      /* nothing kept, or not ours: start empty */
    }
  }

  set(fen: string, e: Evaluation) {
    const k = positionKey(fen);
    const old = this.byPos.get(k);
    if (old && e.depth < old.depth) return;
    this.byPos.set(k, e);
    try {
      this.store?.setItem(this.key, JSON.stringify([...this.byPos]));
    } catch {
      /* storage full or refused: kept in memory only */
    }
  }

  // get returns the evaluation of the position fen, if one was seen; or,
  // when the move that led there (last, in UCI, from the position before)
  // was the best move of a search of that position, that search's: a full
  // strength engine plays its best line, so its score is the position's
  // after its move, one ply shallower.
  get(fen: string, before?: string, last?: string): Evaluation | undefined {
    const e = this.byPos.get(positionKey(fen));
    if (e || !before || !last) return e;
    const b = this.byPos.get(positionKey(before));
    if (!b || b.best !== last) return undefined;
    return { score: b.score, depth: Math.max(0, b.depth - 1), source: b.source };
  }
}

export interface BarView {
  kind: 'none' | 'result' | EvalSource;
  fraction: number; // White's share of the bar, 0..1
  text: string; // the number written on the bar
  depth?: number;
}

// barView is the bar for a position: the game's result when it is the final
// position of a finished game (result "1-0", "0-1", "1/2-1/2"), else its
// full-strength evaluation, else none.
export function barView(result: string, e: Evaluation | undefined): BarView {
  switch (result) {
    case '1-0':
      return { kind: 'result', fraction: 1, text: '1-0' };
    case '0-1':
      return { kind: 'result', fraction: 0, text: '0-1' };
    case '1/2-1/2':
      return { kind: 'result', fraction: 0.5, text: '½-½' };
  }
  if (!e) return { kind: 'none', fraction: 0.5, text: '' };
  return { kind: e.source, fraction: scoreFraction(e.score), text: scoreText(e.score), depth: e.depth };
}
