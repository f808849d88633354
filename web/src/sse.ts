// sse.ts reads a server-sent event stream that a POST answered (EventSource
// only GETs): POST /api/analysis streams the analysis board's lines so.

import { ApiError } from './api';

export interface StreamEvent {
  event: string; // "message" when the event has no name
  data: string;
}

// EventParser splits a text/event-stream into events as the HTML standard
// does for what Outpost's server sends: "event:" and "data:" lines (data
// lines joined with newlines), comments (":") ignored, an empty line ending
// an event. It takes the text in chunks, however they are cut.
export class EventParser {
  private rest = '';
  private event = '';
  private data: string[] = [];

  push(chunk: string): StreamEvent[] {
    const out: StreamEvent[] = [];
    let text = this.rest + chunk;
    // A "\r" at the end may be the first half of a "\r\n".
    const held = text.endsWith('\r') ? '\r' : '';
    if (held) text = text.slice(0, -1);
    const lines = text.split(/\r\n|\r|\n/);
    this.rest = (lines.pop() ?? '') + held;
    for (const line of lines) {
      if (line === '') {
        if (this.data.length > 0) out.push({ event: this.event || 'message', data: this.data.join('\n') });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
    }
    return out;
  }
}

// postEvents POSTs body to path as JSON and hands each event of the
// answer's stream to onEvent until the stream ends or signal aborts it
// (then it returns quietly). An error answer is an ApiError.
export async function postEvents(
  path: string,
  body: unknown,
  signal: AbortSignal,
  onEvent: (e: StreamEvent) => void,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      cache: 'no-store',
      signal,
    });
  } catch (e) {
    if (signal.aborted) return;
    throw new ApiError(0, String(e), 'unreachable');
  }
  if (!res.ok) {
    let b: { error?: string; code?: string; params?: Record<string, string | number> } = {};
    try {
      b = await res.json();
    } catch {
      /* not JSON: the status says it */
    }
    throw new ApiError(res.status, b.error || res.statusText, b.code, b.params);
  }
  if (!res.body) return;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parser = new EventParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const e of parser.push(decoder.decode(value, { stream: true }))) onEvent(e);
    }
  } catch (e) {
    if (signal.aborted) return;
    throw e instanceof ApiError ? e : new ApiError(0, String(e), 'unreachable');
  }
}
