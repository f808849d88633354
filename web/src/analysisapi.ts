// analysisapi.ts speaks the server's API for what comes after a game
// (docs/server.md): the review (POST/GET /api/games/{id}/review, its
// progress on the game's event stream, and the moves tried instead of the
// game's: .../review/try), the analysis board's positions (POST
// /api/analyse), live analysis (POST /api/analysis, an event stream), its
// PGN (POST /api/pgn/read and /api/pgn/write) and lichess's named
// openings (GET /api/openings).

import { ApiError, request } from './api';
import type {
  AnalyseRequest,
  Analysis,
  AnalysisDone,
  AnalysisLine,
  GameTree,
  LiveAnalysisRequest,
  OpeningEntry,
  PGNRequest,
  PGNText,
  Review,
  ReviewProgress,
  ReviewRequest,
  TryAnswer,
  TryRequest,
} from './wire';
import { postEvents } from './sse';

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
  const body: ReviewRequest = force ? { force } : {};
  return reviewAnswer(await request<Review | ReviewProgress>('POST', gamePath(id) + '/review', body));
}

export async function tryMove(id: string, ply: number, move: string): Promise<TryAnswer> {
  return request<TryAnswer>('POST', gamePath(id) + '/review/try', { ply, move } satisfies TryRequest);
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

export async function position(fen: string, moves: string[]): Promise<Analysis> {
  return request<Analysis>('POST', '/api/analyse', { fen, moves } satisfies AnalyseRequest);
}

export async function readPGN(pgn: string): Promise<GameTree> {
  return request<GameTree>('POST', '/api/pgn/read', { pgn } satisfies PGNRequest);
}

export async function writePGN(tree: GameTree): Promise<string> {
  return (await request<PGNText>('POST', '/api/pgn/write', tree)).pgn;
}

// analyse runs a live analysis of the position moves lead to from fen
// (POST /api/analysis): onLine gets each line of each depth, onDone the end.
// It returns when the search ends, or quietly when signal aborts it.
export async function analyse(
  req: LiveAnalysisRequest,
  signal: AbortSignal,
  onLine: (l: AnalysisLine) => void,
  onDone: (d: AnalysisDone) => void,
): Promise<void> {
  await postEvents('/api/analysis', req, signal, (e) => {
    if (e.event === 'info') onLine(JSON.parse(e.data) as AnalysisLine);
    else if (e.event === 'done') onDone(JSON.parse(e.data) as AnalysisDone);
    else if (e.event === 'error') throw new ApiError(503, (JSON.parse(e.data) as { error: string }).error);
  });
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
