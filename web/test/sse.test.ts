import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventParser } from '../src/sse';

test('EventParser: events, however the stream is cut', () => {
  const text = ': keep-alive\n\nevent: info\ndata: {"a":1}\n\nevent: done\r\ndata: x\r\ndata: y\r\n\r\ndata: plain\n\n';
  const want = [
    { event: 'info', data: '{"a":1}' },
    { event: 'done', data: 'x\ny' },
    { event: 'message', data: 'plain' },
  ];
  assert.deepEqual(new EventParser().push(text), want);
  for (const size of [1, 2, 5, 7]) {
    const p = new EventParser();
    const got = [];
    for (let i = 0; i < text.length; i += size) got.push(...p.push(text.slice(i, i + size)));
    assert.deepEqual(got, want, 'chunks of ' + size);
  }
  // An event without its empty line is not over yet.
  const p = new EventParser();
  assert.deepEqual(p.push('event: info\ndata: 1\n'), []);
  assert.deepEqual(p.push('\n'), [{ event: 'info', data: '1' }]);
});
