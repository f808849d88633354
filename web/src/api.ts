// api.ts speaks the server's JSON API (docs/server.md): typed requests, the
// player tokens kept in localStorage, and the server-sent event stream of one
// game. The server is authoritative; nothing here decides a rule of chess.

import type {
  DrawOfferAnswer,
  GameState,
  Hint,
  MoveInfo,
  MoveRequest,
  NewGameRequest,
  NewGameResponse,
  SettingsRequest,
  Summary,
  Thinking,
} from './wire';

export type Side = 'human' | 'ai';
export type ColorName = 'white' | 'black';

// ApiError is a 4xx or 5xx answer, or no answer: message is the server's
// reason in English (for the log), code the stable name of the error that
// the page says in the player's language (errors.ts), with its params.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = '',
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

const tokenPrefix = 'outpost.token.';
const tokenKey = (id: string) => tokenPrefix + id;

export function tokenFor(id: string): string | null {
  try {
    return localStorage.getItem(tokenKey(id));
  } catch {
    return null;
  }
}

function saveToken(id: string, token: string) {
  try {
    localStorage.setItem(tokenKey(id), token);
  } catch {
    /* storage disabled: the game is playable until the page is closed */
  }
  memoryTokens.set(id, token);
}

// memoryTokens keeps tokens when localStorage refuses them.
const memoryTokens = new Map<string, string>();

function token(id: string): string | null {
  return tokenFor(id) ?? memoryTokens.get(id) ?? null;
}

export function forgetToken(id: string) {
  try {
    localStorage.removeItem(tokenKey(id));
  } catch {
    /* ignore */
  }
  memoryTokens.delete(id);
}

// request sends a JSON request and returns the answer; a failure is an
// ApiError with the server's reason. auth is the game whose player token
// goes with it, or a token itself ({bearer}).
export async function request<T>(method: string, path: string, body?: unknown, auth?: string | { bearer: string }): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const t = typeof auth === 'string' ? token(auth) : auth.bearer;
    if (t) headers['Authorization'] = 'Bearer ' + t;
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'the server cannot be reached', 'unreachable');
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    let msg = res.statusText || 'error ' + res.status;
    let code = '';
    let params: Record<string, string | number> = {};
    if (data && typeof data === 'object' && 'error' in data) {
      const d = data as { error: unknown; code?: unknown; params?: unknown };
      if (typeof d.error === 'string') msg = d.error;
      if (typeof d.code === 'string') code = d.code;
      if (d.params && typeof d.params === 'object') params = d.params as Record<string, string | number>;
    } else if (typeof data === 'string' && data.trim()) msg = data.trim();
    throw new ApiError(res.status, msg, code, params);
  }
  return data as T;
}

// unwrapState accepts either a bare GameState or {game: GameState}.
function unwrapState(v: unknown): GameState | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o.fen === 'string' && Array.isArray(o.moves)) return o as unknown as GameState;
  if (o.game && typeof o.game === 'object') return unwrapState(o.game);
  if (o.state && typeof o.state === 'object') return unwrapState(o.state);
  return null;
}

export async function createGame(g: NewGameRequest): Promise<NewGameResponse> {
  const c = await request<NewGameResponse>('POST', '/api/games', g);
  saveToken(c.id, c.token);
  return c;
}

// listGames returns the newest games on the server (everyone's).
export async function listGames(): Promise<Summary[]> {
  return gamesOf(await request<unknown>('GET', '/api/games?limit=200'));
}

// maxIDs is the most games GET /api/games?ids= lists at once.
const maxIDs = 500;

// listMyGames returns the games this browser holds the tokens of (its
// own, however old), newest first.
export async function listMyGames(): Promise<Summary[]> {
  const ids = myGameIDs();
  const parts: Promise<Summary[]>[] = [];
  for (let i = 0; i < ids.length; i += maxIDs) {
    const q = ids.slice(i, i + maxIDs).join(',');
    parts.push(request<unknown>('GET', '/api/games?limit=1000&ids=' + q).then(gamesOf));
  }
  const games = (await Promise.all(parts)).flat();
  return games.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

function gamesOf(v: unknown): Summary[] {
  if (Array.isArray(v)) return v as Summary[];
  if (v && typeof v === 'object' && Array.isArray((v as { games?: unknown }).games)) {
    return (v as { games: Summary[] }).games;
  }
  return [];
}

// myGameIDs returns the ids of the games this browser holds the tokens of.
function myGameIDs(): string[] {
  const ids = new Set(memoryTokens.keys());
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(tokenPrefix)) ids.add(k.slice(tokenPrefix.length));
    }
  } catch {
    /* storage disabled: the games of this page only */
  }
  return [...ids].filter((id) => /^[a-z2-7]{12}$/.test(id));
}

export async function getGame(id: string): Promise<GameState> {
  const v = await request<unknown>('GET', '/api/games/' + encodeURIComponent(id));
  const s = unwrapState(v);
  if (!s) throw new ApiError(500, 'the server sent a game this page cannot read', 'unreadable_game');
  return s;
}

export function pgnURL(id: string): string {
  return '/api/games/' + encodeURIComponent(id) + '/pgn';
}

export async function getPGN(id: string): Promise<string> {
  const res = await fetch(pgnURL(id), { cache: 'no-store' });
  if (!res.ok) throw new ApiError(res.status, 'the PGN could not be fetched', 'pgn_fetch');
  return res.text();
}

async function mutate(id: string, method: string, what: string, body?: unknown): Promise<GameState | null> {
  const v = await request<unknown>(method, '/api/games/' + encodeURIComponent(id) + what, body, id);
  return unwrapState(v);
}

export const sendMove = (id: string, move: string, ply: number) => mutate(id, 'POST', '/moves', { move, ply } satisfies MoveRequest);
export const takeback = (id: string) => mutate(id, 'POST', '/takeback', {});
export const redo = (id: string) => mutate(id, 'POST', '/redo', {});
export const resign = (id: string) => mutate(id, 'POST', '/resign', {});
export const claimDraw = (id: string) => mutate(id, 'POST', '/draw', {});
export const acceptDraw = (id: string) => mutate(id, 'POST', '/draw/accept', {});
export const declineDraw = (id: string) => mutate(id, 'POST', '/draw/decline', {});

export async function offerDraw(id: string): Promise<DrawOfferAnswer> {
  return request<DrawOfferAnswer>('POST', '/api/games/' + encodeURIComponent(id) + '/draw/offer', {}, id);
}
export const patchGame = (id: string, p: SettingsRequest) => mutate(id, 'PATCH', '', p);

// rematch starts a new game with the settings of game id and the colours
// swapped (POST /api/games/{id}/rematch), and keeps its token.
export async function rematch(id: string): Promise<NewGameResponse> {
  const c = await request<NewGameResponse>('POST', '/api/games/' + encodeURIComponent(id) + '/rematch', {}, id);
  saveToken(c.id, c.token);
  return c;
}

export async function hint(id: string): Promise<Hint> {
  return request<Hint>('POST', '/api/games/' + encodeURIComponent(id) + '/hint', {}, id);
}

export async function deleteGame(id: string): Promise<void> {
  await request<unknown>('DELETE', '/api/games/' + encodeURIComponent(id), undefined, id);
  forgetToken(id);
}

export function canPlay(id: string): boolean {
  return token(id) !== null;
}

// Events follows one game's server-sent events. EventSource reconnects by
// itself after a network error, and each connection starts with the current
// state; when the browser gives up (the server answered with an error, as
// while it shuts down), Events starts again itself a little later.
// onConnected says whether the stream is up, so the page can say that the
// server is gone instead of showing a state that may be stale. A state
// event holds only the moves that changed (those after movesFrom plies):
// Events applies them to the moves it has, and hands on whole states.
export class Events {
  private es: EventSource | null = null;
  private retry = 0;
  private moves: MoveInfo[] = [];

  constructor(
    readonly id: string,
    private onState: (s: GameState) => void,
    private onThinking: (t: Thinking) => void,
    private onDeleted: () => void,
    private onConnected: (up: boolean) => void = () => undefined,
  ) {}

  start() {
    this.stop();
    const es = new EventSource('/api/games/' + encodeURIComponent(this.id) + '/events');
    es.addEventListener('open', () => this.onConnected(true));
    es.addEventListener('error', () => {
      if (this.es !== es) return;
      this.onConnected(false);
      if (es.readyState === EventSource.CLOSED) this.retry = window.setTimeout(() => this.start(), 2000);
    });
    es.addEventListener('state', (e) => {
      try {
        const s = unwrapState(JSON.parse((e as MessageEvent).data));
        if (!s) return;
        const from = s.movesFrom ?? 0;
        if (from > this.moves.length) {
          // Changes to moves this page does not have: take the whole state.
          void getGame(this.id).then((full) => this.whole(full), () => {});
          return;
        }
        this.whole({ ...s, moves: this.moves.slice(0, from).concat(s.moves), movesFrom: 0 });
      } catch {
        /* a malformed event is ignored; the next one repairs the view */
      }
    });
    es.addEventListener('thinking', (e) => {
      try {
        this.onThinking(JSON.parse((e as MessageEvent).data) as Thinking);
      } catch {
        /* ignore */
      }
    });
    es.addEventListener('deleted', () => {
      this.stop();
      this.onDeleted();
    });
    this.es = es;
  }

  stop() {
    clearTimeout(this.retry);
    this.es?.close();
    this.es = null;
  }

  // whole hands on a whole state, whose moves the next changes apply to.
  private whole(s: GameState) {
    this.moves = s.moves;
    this.onState(s);
  }
}
