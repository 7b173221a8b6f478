import { describe, expect, it } from 'vitest';
import { createSseParser, type SseFrame } from './sse-parser';

function parse(chunks: string[]) {
  const frames: SseFrame[] = [];
  let comments = 0;
  const parser = createSseParser(
    (frame) => frames.push(frame),
    () => (comments += 1),
  );
  chunks.forEach((chunk) => parser.push(chunk));
  return { frames, comments };
}

const STREAM =
  'retry: 2000\n\n' +
  'event: ready\ndata: {"type":"ready"}\n\n' +
  ': keep-alive\n\n' +
  'id: 2026-11-02T14:03:07.123456Z\nevent: cart\ndata: {"type":"cart","version":"2026-11-02T14:03:07.123456Z"}\n\n';

describe('createSseParser', () => {
  it('reads events, their ids and the heartbeats', () => {
    expect(parse([STREAM])).toEqual({
      frames: [
        { event: 'ready', data: '{"type":"ready"}', id: null },
        {
          event: 'cart',
          data: '{"type":"cart","version":"2026-11-02T14:03:07.123456Z"}',
          id: '2026-11-02T14:03:07.123456Z',
        },
      ],
      comments: 1,
    });
  });

  it('gives the same events however the stream is cut into chunks', () => {
    const whole = parse([STREAM]);
    for (let size = 1; size <= 9; size += 1) {
      const chunks = STREAM.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(parse(chunks)).toEqual(whole);
    }
  });

  it('accepts CRLF and CR line ends, also split between chunks', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    expect(parse([crlf]).frames).toEqual(parse([STREAM]).frames);
    // Every chunk ends between a \r and its \n.
    expect(parse(crlf.split(/(?<=\r)/)).frames).toEqual(parse([STREAM]).frames);
    // A CR at a chunk's end may be half a CRLF: it is read when the next chunk comes.
    expect(parse([STREAM.replace(/\n/g, '\r'), ': next\r']).frames).toEqual(parse([STREAM]).frames);
  });

  it('keeps an event that has not ended for the next chunk', () => {
    expect(parse(['event: cart\ndata: {"a":1}\n']).frames).toEqual([]);
  });
});
