/** One server-sent event as the text/event-stream framing gives it. */
export interface SseFrame {
  event: string;
  data: string;
  id: string | null;
}

/**
 * Reads a text/event-stream in chunks as they arrive (a chunk may end mid-line): each complete
 * event goes to `onFrame`, comment lines (the heartbeats) to `onComment`. The framing of the HTML
 * standard, minus what our server never sends (multi-line ids, `retry` is ignored).
 */
export function createSseParser(onFrame: (frame: SseFrame) => void, onComment: () => void = () => undefined) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;

  function readLine(line: string): void {
    if (line === '') {
      if (data.length > 0) onFrame({ event: event || 'message', data: data.join('\n'), id });
      event = '';
      data = [];
      id = null;
      return;
    }
    if (line.startsWith(':')) {
      onComment();
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  return {
    push(chunk: string): void {
      buffer += chunk;
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A lone \r at the end of a chunk may be the first half of \r\n: wait for the next chunk.
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
        readLine(line);
      }
    },
  };
}
