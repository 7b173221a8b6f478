import { liveEventSchema, type LiveEvent } from '@stockpot/domain';

/** A live stream read the way the web client reads it: fetch with the bearer header and a body reader. */
export interface TestStream {
  status: number;
  events: LiveEvent[];
  comments: string[];
  ids: string[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  isEnded: () => boolean;
  /** Waits for the first event (from the stream's start) that matches; fails after `timeoutMs`. */
  waitFor: (match: (event: LiveEvent) => boolean, timeoutMs?: number) => Promise<LiveEvent>;
  waitForComment: (timeoutMs?: number) => Promise<string>;
  close: () => void;
}

export async function openTestStream(
  baseUrl: string,
  headers: Record<string, string>,
  query = '',
): Promise<TestStream & { body: unknown }> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/events${query}`, { headers, signal: abort.signal });
  const events: LiveEvent[] = [];
  const comments: string[] = [];
  const ids: string[] = [];
  let isEnded = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  let body: unknown = null;
  let ended: Promise<void> = Promise.resolve();
  if (response.ok) {
    ended = (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            for (const line of frame.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              if (line.startsWith('id: ')) ids.push(line.slice(4));
              if (line.startsWith('data: ')) events.push(liveEventSchema.parse(JSON.parse(line.slice(6))));
            }
            notify();
          }
        }
      } catch {
        // aborted by close()
      } finally {
        isEnded = true;
        notify();
      }
    })();
  } else {
    body = await response.json();
    isEnded = true;
  }

  function waitUntil<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found !== undefined) {
          cleanup();
          resolve(found);
        } else if (isEnded) {
          cleanup();
          reject(new Error(`the stream ended before ${what}; events: ${JSON.stringify(events)}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${what} within ${timeoutMs} ms; events: ${JSON.stringify(events)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  }

  return {
    status: response.status,
    body,
    events,
    comments,
    ids,
    ended,
    isEnded: () => isEnded,
    waitFor: (match, timeoutMs = 10_000) => waitUntil(() => events.find(match), timeoutMs, 'matching event'),
    waitForComment: (timeoutMs = 10_000) => waitUntil(() => comments.find((c) => c !== ''), timeoutMs, 'comment'),
    close: () => abort.abort(),
  };
}
