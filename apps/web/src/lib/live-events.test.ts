import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@stockpot/domain';
import { subscribeLiveEvents } from './live-event-listeners';
import { startLiveEvents } from './live-events';

const V1 = '2026-11-02T14:03:07.123456Z';
const V2 = '2026-11-02T14:03:08.000001Z';

interface Call {
  url: string;
  headers: Headers;
  signal: AbortSignal;
  /** Pushes text to this call's stream; `end` closes it as a dropped connection would. */
  push: (text: string) => void;
  end: () => void;
}

/** A fetch whose answers the test writes: each call gets a stream it feeds, or the given status. */
function fakeFetch(statuses: number[] = []) {
  const calls: Call[] = [];
  let notify: () => void = () => undefined;
  const impl = (async (url: string, init: RequestInit) => {
    const status = statuses.shift() ?? 200;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
    const encoder = new TextEncoder();
    init.signal!.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    calls.push({
      url,
      headers: new Headers(init.headers),
      signal: init.signal!,
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    notify();
    return new Response(status === 200 ? body : JSON.stringify({ message: 'no' }), { status });
  }) as unknown as typeof fetch;
  const waitForCall = (n: number) =>
    new Promise<Call>((resolve) => {
      const check = () => calls.length >= n && resolve(calls[n - 1]);
      notify = check;
      check();
    });
  return { impl, calls, waitForCall };
}

function collect() {
  const events: LiveEvent[] = [];
  const waiters: Array<() => void> = [];
  const stop = subscribeLiveEvents((event) => {
    events.push(event);
    waiters.splice(0).forEach((resolve) => resolve());
  });
  const waitFor = async (count: number) => {
    while (events.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { events, waitFor, stop };
}

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

describe('startLiveEvents', () => {
  it('sends the bearer, the tab location and the cart version, and passes events on', async () => {
    const fetcher = fakeFetch();
    const seen = collect();
    stops.push(seen.stop, startLiveEvents({ authKey: 'key', locationId: 2, getCartVersion: () => V1, fetchImpl: fetcher.impl }));
    const call = await fetcher.waitForCall(1);
    expect(call.url).toBe(`/api/v1/events?cartVersion=${encodeURIComponent(V1)}`);
    expect(call.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(call.headers.get('X-Location-Id')).toBe('2');
    call.push('event: ready\ndata: {"type":"ready"}\n\n: keep-alive\n\n');
    call.push(`id: ${V2}\nevent: cart\ndata: {"type":"cart","version":"${V2}"}\n\n`);
    call.push('data: {"type":"unknown"}\n\n');
    await seen.waitFor(2);
    expect(seen.events).toEqual([{ type: 'ready' }, { type: 'cart', version: V2 }]);
  });

  it('reconnects after a drop with the last event id, and stops when told', async () => {
    const fetcher = fakeFetch();
    const seen = collect();
    const stop = startLiveEvents({
      authKey: 'key',
      locationId: 1,
      getCartVersion: () => null,
      fetchImpl: fetcher.impl,
      jitter: () => 0,
    });
    stops.push(seen.stop);
    const first = await fetcher.waitForCall(1);
    expect(first.url).toBe('/api/v1/events');
    first.push(`event: ready\ndata: {"type":"ready"}\n\nid: ${V1}\nevent: cart\ndata: {"type":"cart","version":"${V1}"}\n\n`);
    await seen.waitFor(2);
    first.end();
    const second = await fetcher.waitForCall(2);
    expect(second.headers.get('Last-Event-ID')).toBe(V1);
    expect(second.url).toBe(`/api/v1/events?cartVersion=${encodeURIComponent(V1)}`);
    stop();
    expect(second.signal.aborted).toBe(true);
  });

  it('does not retry a stream the server refused (signed out)', async () => {
    const fetcher = fakeFetch([401]);
    stops.push(
      startLiveEvents({ authKey: 'key', locationId: 1, getCartVersion: () => null, fetchImpl: fetcher.impl, jitter: () => 0 }),
    );
    await fetcher.waitForCall(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(fetcher.calls).toHaveLength(1);
  });
});
