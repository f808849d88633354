// analysisapi.ts speaks the server's API for what comes after a game
// (docs/server.md): the review (POST/GET /api/games/{id}/review, its
// progress on the game's event stream, and the moves tried instead of the
// game's: .../review/try), the analysis board's positions (POST
// /api/analyse), live analysis (POST /api/analysis, an event stream), its
// PGN (POST /api/pgn/read and /api/pgn/write) and lichess's named
// openings (GET /api/openings).

import { ApiError, request } from './api';
import type { MoveRecord, OpeningMatch, Score } from './api';
import type { GameTreeData } from './movetree';
import { postEvents } from './sse';

export type Judgement = '' | 'inaccuracy' | 'mistake' | 'blunder';

// ReviewMove is a move of a reviewed game (internal/review's Move).
export interface ReviewMove {
  ply: number; // from 1
  san: string;
  uci: string;
  color: 'white' | 'black'; // the mover
  eval: Score; // after the move, White's view; {mate: 0}: a checkmate on the board
  best: string; // the engine's move before it (UCI), when it was not this one
  bestSan: string;
  line: string[] | null; // the engine's line from the position before, in SAN
  judgement: Judgement;
  mate: '' | 'allowed' | 'missed';
  loss: number;
  accuracy: number;
}

// SideSummary is one side's summary: accuracy (null without moves), the
// counts and the average centipawn loss.
export interface SideSummary {
  accuracy: number | null;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  acpl: number;
}

export interface Review {
  white: SideSummary;
  black: SideSummary;
  opening: OpeningMatch | null;
  startFen: string;
  start: Score;
  moves: ReviewMove[];
  budget: { nodes?: number; movetimeMs?: number };
}

// ReviewProgress is a review running ("running": done of total positions
// searched), ended ("done", with the review) or failed ("failed").
export interface ReviewProgress {
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  review?: Review;
  error?: string;
}

// ReviewAnswer is what the server has of a game's review: the review, or
// the progress of the one running.
export type ReviewAnswer = { review: Review } | { progress: ReviewProgress };

function reviewAnswer(v: Review | ReviewProgress): ReviewAnswer {
  return 'status' in v ? { progress: v } : { review: v };
}

const gamePath = (id: string) => '/api/games/' + encodeURIComponent(id);

// getReview returns a game's review, or the progress of the one running;
// an ApiError 404 with code no_review or review_stale when there is none.
export async function getReview(id: string): Promise<ReviewAnswer> {
  return reviewAnswer(await request<Review | ReviewProgress>('GET', gamePath(id) + '/review'));
}

// requestReview asks for a game's review: the stored one when it is
// current (unless force), else the progress of the one started.
export async function requestReview(id: string, force = false): Promise<ReviewAnswer> {
  return reviewAnswer(await request<Review | ReviewProgress>('POST', gamePath(id) + '/review', force ? { force } : {}));
}

// TryAnswer is the server's judgement of a move tried instead of the
// game's (POST .../review/try).
export interface TryAnswer {
  uci: string;
  san: string;
  accepted: boolean;
  best: boolean;
  played: boolean;
  eval: Score;
  judgement: Judgement;
  mate: '' | 'allowed' | 'missed';
}

export async function tryMove(id: string, ply: number, move: string): Promise<TryAnswer> {
  return request<TryAnswer>('POST', gamePath(id) + '/review/try', { ply, move });
}

// ReviewEvents follows the review events of a game's event stream.
export class ReviewEvents {
  private es: EventSource;

  constructor(id: string, onProgress: (p: ReviewProgress) => void) {
    this.es = new EventSource(gamePath(id) + '/events');
    this.es.addEventListener('review', (e) => {
      try {
        onProgress(JSON.parse((e as MessageEvent).data) as ReviewProgress);
      } catch {
        /* a malformed event is ignored: the next one says the same */
      }
    });
  }

  stop() {
    this.es.close();
  }
}

// Position is the answer of POST /api/analyse: the position the moves lead
// to, its legal moves (UCI), and the moves with their SAN and position.
export interface Position {
  fen: string;
  turn: 'white' | 'black';
  legal: string[];
  check: boolean;
  status: string; // "playing" or "over"
  result: string;
  reason: string;
  moves?: MoveRecord[];
}

export async function position(fen: string, moves: string[]): Promise<Position> {
  return request<Position>('POST', '/api/analyse', { fen, moves });
}

export async function readPGN(pgn: string): Promise<GameTreeData> {
  return request<GameTreeData>('POST', '/api/pgn/read', { pgn });
}

export async function writePGN(tree: GameTreeData): Promise<string> {
  return (await request<{ pgn: string }>('POST', '/api/pgn/write', tree)).pgn;
}

// EngineLine is one line of a live analysis: its rank (1 the best), the
// depth, the score (White's view), and the moves in SAN and UCI.
export interface EngineLine {
  multipv: number;
  depth: number;
  seldepth?: number;
  score: Score;
  nodes: number;
  nps: number;
  timeMs: number;
  pv: string[];
  pvUci: string[];
}

export interface EngineDone {
  bestmove: string;
  bestSan: string;
  score: Score;
  depth: number;
}

// analyse runs a live analysis of the position moves lead to from fen
// (POST /api/analysis): onLine gets each line of each depth, onDone the end.
// It returns when the search ends, or quietly when signal aborts it.
export async function analyse(
  req: { fen: string; moves: string[]; multipv: number; movetime?: number },
  signal: AbortSignal,
  onLine: (l: EngineLine) => void,
  onDone: (d: EngineDone) => void,
): Promise<void> {
  await postEvents('/api/analysis', req, signal, (e) => {
    if (e.event === 'info') onLine(JSON.parse(e.data) as EngineLine);
    else if (e.event === 'done') onDone(JSON.parse(e.data) as EngineDone);
    else if (e.event === 'error') throw new ApiError(503, (JSON.parse(e.data) as { error: string }).error);
  });
}

// OpeningEntry is a named opening of GET /api/openings.
export interface OpeningEntry {
  eco: string;
  name: string;
  pgn: string;
  epd: string; // the position its moves reach: a FEN's first four fields
}

let openings: Promise<OpeningEntry[]> | null = null;

// listOpenings returns lichess's named openings, fetched once.
export function listOpenings(): Promise<OpeningEntry[]> {
  openings ??= request<{ openings: OpeningEntry[] }>('GET', '/api/openings').then(
    (r) => r.openings,
    (e) => {
      openings = null; // asked again next time
      throw e;
    },
  );
  return openings;
}
