// errors.ts says an error to the player, in their language: an answer of
// the server by its code (the catalogue's error.CODE, with the server's
// params: docs/server.md lists them), never its English reason or a raw
// "chess: …" text. An illegal move's reason is itself a code (params.why,
// the catalogue's why.WHY).

import { ApiError } from './api';
import { lang, t } from './i18n';
import type { MessageKey } from './i18n';
import { colorName, pieceName, reasonPhrase, resultText } from './words';

const pieceLetters: Record<string, string> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };

// params returns the server's params in words: colours, pieces, a game's
// result and reason, and an illegal move's reason.
function words(p: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(p)) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    else if (Array.isArray(v)) out[k] = v.join(t('list.sep'));
  }
  if (out.color === 'white' || out.color === 'black') out.color = colorName(out.color);
  if (typeof out.piece === 'string' && pieceLetters[out.piece]) out.piece = pieceName(pieceLetters[out.piece]);
  if (typeof out.result === 'string') out.result = resultText(out.result) || out.result;
  if (typeof out.reason === 'string') out.reason = reasonPhrase(out.reason);
  if (typeof out.why === 'string') {
    const key = ('why.' + out.why) as MessageKey;
    const side = t(out.side === 'queenside' ? 'why.queenside' : 'why.kingside');
    // Inside the reason a colour names the pieces ("no white king"): lower
    // case where the language has case.
    const color = typeof out.color === 'string' && lang() === 'en' ? out.color.toLowerCase() : out.color;
    out.why = t(key) !== key ? t(key, { ...out, color, side }) : '';
  }
  return out;
}

// pgnChecks are the checks of a PGN's moves; a bad_pgn answer with another
// check is about the PGN's FEN tag.
const pgnChecks = ['illegal_move', 'after_end'];

// parseText says a bad_fen or bad_pgn answer: the check that failed
// (params.check, the catalogue's parse.CHECK) in the page's language; for
// a check this page does not know, the parser's English (params.detail) on
// an English page and a plain sentence on others, never English inside
// another language.
function parseText(code: 'bad_fen' | 'bad_pgn', p: Record<string, string | number>): string {
  const why = checkText(p);
  if (why) {
    if (code === 'bad_fen') return t('error.bad_fen', { why });
    return t(pgnChecks.includes(String(p.check)) ? 'error.bad_pgn' : 'error.bad_pgn_fen', { why });
  }
  if (lang() === 'en' && typeof p.detail === 'string' && p.detail) return t(code === 'bad_fen' ? 'error.bad_fen' : 'error.bad_pgn', { why: p.detail });
  return t(code === 'bad_fen' ? 'error.bad_fen_unknown' : 'error.bad_pgn_unknown');
}

// checkText says the check a parse answer names (params.check, in words),
// or '' when this page does not know it.
function checkText(p: Record<string, string | number>): string {
  const key = ('parse.' + p.check) as MessageKey;
  return typeof p.check === 'string' && p.check && t(key) !== key ? t(key, p) : '';
}

// fenReason returns why the FEN of a bad_fen answer is not a legal
// position, in the page's language ("White has 0 kings, not 1"), or ''
// for another answer or a check this page does not know.
export function fenReason(e: unknown): string {
  return e instanceof ApiError && e.code === 'bad_fen' ? checkText(words(e.params)) : '';
}

// errText returns the words for error e.
export function errText(e: unknown): string {
  if (e instanceof ApiError) {
    // An aborted game has no result to say "by" with.
    if ((e.code === 'time_up' || e.code === 'game_over') && e.params.reason === 'aborted') return t('end.aborted');
    if (e.code === 'bad_fen' || e.code === 'bad_pgn') return parseText(e.code, words(e.params));
    if (e.code) {
      const key = ('error.' + e.code) as MessageKey;
      const text = t(key, words(e.params));
      if (text !== key) return text;
    }
    // An answer without a code this page knows (a newer server): its
    // reason, without a Go package's prefix ("chess: ").
    const msg = e.message.replace(/^([a-z]+: )+/, '');
    return msg ? msg.charAt(0).toUpperCase() + msg.slice(1) : t('error.status', { status: e.status || '–' });
  }
  return t('error.status', { status: e instanceof Error ? e.message : String(e) });
}
