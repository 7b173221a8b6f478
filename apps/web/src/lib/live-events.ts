import { getBearerKey, getReconnectDelayMs, LIVE_HEARTBEAT_SECONDS } from '@stockpot/domain';
import { API_BASE } from './api-client';
import { emitLiveEvent } from './live-event-listeners';
import { createSseParser } from './sse-parser';

/**
 * The live channel of issue 40: GET /api/v1/events read with fetch and a stream reader, because
 * EventSource cannot send the bearer header. One stream per tab, for the tab's session and
 * location (the shell opens it); features listen through subscribeLiveEvents (live-event-listeners.ts) and read their data
 * again through the ordinary API. A dropped stream is opened again with a growing wait and catches
 * up from the cart's version; a refused one (signed out, location gone) is not.
 */

/**
 * The check of each event (the domain's zod schema, 24 KB gzip) loads when the stream first opens,
 * not with the page, which has no use for it before (issue 38). A failed load is retried as a
 * dropped stream is.
 */
const loadEventParser = () => import('./live-event-parse').then((m) => m.parseLiveEvent);

/** The stream opens this long after the page: its first data and code load first. */
const START_DELAY_MS = 800;

/** A stream silent this long (no heartbeat) is taken for dropped, even if the socket never said so. */
const SILENCE_LIMIT_MS = LIVE_HEARTBEAT_SECONDS * 2_400;

export interface LiveStreamOptions {
  authKey: string;
  locationId: number;
  /** The cart version this tab holds, sent on every (re)connect so the server sends a newer one. */
  getCartVersion: () => string | null;
  /** Test seam: fetch and the reconnect wait. */
  fetchImpl?: typeof fetch;
  jitter?: () => number;
}

/** Opens the tab's stream and keeps it open until the returned stop is called. */
export function startLiveEvents(options: LiveStreamOptions): () => void {
  const { authKey, locationId, getCartVersion, fetchImpl = fetch, jitter = Math.random } = options;
  let isStopped = false;
  let attempt = 0;
  let lastEventId: string | null = null;
  let current: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  async function connectOnce(): Promise<'retry' | 'refused'> {
    const abort = new AbortController();
    current = abort;
    let silence: ReturnType<typeof setTimeout> | null = null;
    const awake = () => {
      if (silence) clearTimeout(silence);
      silence = setTimeout(() => abort.abort(), SILENCE_LIMIT_MS);
    };
    try {
      const parseLiveEvent = await loadEventParser();
      const version = getCartVersion() ?? lastEventId;
      const headers = new Headers({
        Accept: 'text/event-stream',
        Authorization: `Bearer ${getBearerKey(authKey)}`,
        'X-Location-Id': String(locationId),
      });
      if (lastEventId) headers.set('Last-Event-ID', lastEventId);
      const query = version ? `?cartVersion=${encodeURIComponent(version)}` : '';
      awake();
      // Low priority: a request that never ends must not count as the page still loading (Lighthouse
      // waits for high-priority requests to finish).
      const response = await fetchImpl(`${API_BASE}/events${query}`, {
        headers,
        signal: abort.signal,
        cache: 'no-store',
        priority: 'low',
      });
      // 400 (no such location for this user), 401 (signed out) and 404 (a server without live
      // events) will not heal by retrying.
      if ([400, 401, 403, 404].includes(response.status)) return 'refused';
      if (!response.ok || !response.body) return 'retry';
      const parser = createSseParser((frame) => {
        const event = parseLiveEvent(safeJson(frame.data));
        if (!event) return;
        if (frame.id) lastEventId = frame.id;
        if (event.type === 'ready') attempt = 0;
        emitLiveEvent(event);
      }, awake);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || isStopped) break;
        awake();
        parser.push(value);
      }
      return 'retry';
    } catch {
      return 'retry';
    } finally {
      if (silence) clearTimeout(silence);
      abort.abort();
    }
  }

  function run(): void {
    if (isStopped) return;
    void connectOnce().then((outcome) => {
      if (isStopped || outcome === 'refused') return;
      retryTimer = setTimeout(
        () => {
          retryTimer = null;
          run();
        },
        getReconnectDelayMs(attempt, jitter()),
      );
      attempt += 1;
    });
  }

  /** Back online: try now rather than at the end of a long wait. */
  const onOnline = () => {
    if (!retryTimer) return;
    clearTimeout(retryTimer);
    retryTimer = null;
    run();
  };
  window.addEventListener('online', onOnline);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    run();
  }, START_DELAY_MS);

  return () => {
    isStopped = true;
    window.removeEventListener('online', onOnline);
    if (retryTimer) clearTimeout(retryTimer);
    current?.abort();
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
