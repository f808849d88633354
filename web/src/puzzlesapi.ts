// puzzlesapi.ts speaks the Puzzles page's API (docs/server.md, "Puzzles"):
// the puzzle player's token, kept in localStorage (the server knows the
// player by it, as it knows a game's player by the game's token), the
// next puzzle, a move judged, a hint, the solution, the player's rating.

import { ApiError, request } from './api';
import type {
  PuzzleHint,
  PuzzleLineRequest,
  PuzzleMoveAnswer,
  PuzzleMoveRequest,
  PuzzlePlayer,
  PuzzleSolution,
  PuzzleThemes,
  PuzzleToken,
  PuzzleView,
} from './wire';

const tokenKey = 'outpost.puzzlePlayer';
let memoryToken: string | null = null; // when localStorage refuses it

// playerToken returns the browser's puzzle token, asking the server for one
// the first time.
async function playerToken(): Promise<{ bearer: string }> {
  try {
    memoryToken ??= localStorage.getItem(tokenKey);
  } catch {
    /* storage disabled: a token for as long as the page is open */
  }
  if (!memoryToken) {
    memoryToken = (await request<PuzzleToken>('POST', '/api/puzzles/player', {})).token;
    try {
      localStorage.setItem(tokenKey, memoryToken);
    } catch {
      /* kept in memory */
    }
  }
  return { bearer: memoryToken };
}

// asPlayer sends a request as the puzzle player; a token the server does
// not take (another server's, say) is replaced once.
async function asPlayer<T>(method: string, path: string, body?: unknown): Promise<T> {
  try {
    return await request<T>(method, path, body, await playerToken());
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== 'no_puzzle_player') throw e;
    memoryToken = null;
    try {
      localStorage.removeItem(tokenKey);
    } catch {
      /* ignore */
    }
    return request<T>(method, path, body, await playerToken());
  }
}

const puzzlePath = (id: string) => '/api/puzzles/' + encodeURIComponent(id);

export const getPlayer = () => asPlayer<PuzzlePlayer>('GET', '/api/puzzles/player');
export const getThemes = () => request<PuzzleThemes>('GET', '/api/puzzles/themes');
export const nextPuzzle = (theme: string) =>
  asPlayer<PuzzleView>('GET', '/api/puzzles/next' + (theme ? '?theme=' + encodeURIComponent(theme) : ''));
export const getPuzzle = (id: string) => asPlayer<PuzzleView>('GET', puzzlePath(id));
export const playMove = (id: string, line: string[], move: string) =>
  asPlayer<PuzzleMoveAnswer>('POST', puzzlePath(id) + '/move', { line, move } satisfies PuzzleMoveRequest);
export const getHint = (id: string, line: string[]) =>
  asPlayer<PuzzleHint>('POST', puzzlePath(id) + '/hint', { line } satisfies PuzzleLineRequest);
export const getSolution = (id: string) => asPlayer<PuzzleSolution>('POST', puzzlePath(id) + '/solution', {});
