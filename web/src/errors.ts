// errors.ts says an error to the player, in their language: an answer of
// the server by its code (the catalogue's error.CODE, with the server's
// params), never its English reason or a raw "chess: …" text.

import { ApiError } from './api';
import { t } from './i18n';
import type { MessageKey } from './i18n';

// errText returns the words for error e.
export function errText(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code) {
      const key = ('error.' + e.code) as MessageKey;
      const params = { ...e.params };
      // A nested reason (why a move is illegal) is itself a code.
      if (typeof params.reason === 'string') {
        const why = ('why.' + params.reason) as MessageKey;
        if (t(why) !== why) params.reason = t(why, e.params);
      }
      const text = t(key, params);
      if (text !== key) return text;
    }
    // An answer without a code this page knows (a newer server): its
    // reason, without a Go package's prefix ("chess: ").
    const msg = e.message.replace(/^([a-z]+: )+/, '');
    return msg ? msg.charAt(0).toUpperCase() + msg.slice(1) : t('error.status', { status: e.status || '–' });
  }
  return t('error.status', { status: e instanceof Error ? e.message : String(e) });
}
