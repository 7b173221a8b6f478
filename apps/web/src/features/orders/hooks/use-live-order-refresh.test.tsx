import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { subscribeLiveEvents } from '../../../lib/live-event-listeners';
import { startLiveEvents } from '../../../lib/live-events';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { makeLocation } from '../../../test/fixtures';
import { useLiveOrderRefresh } from './use-live-order-refresh';

const LOCATION = 1;

/** A live stream that sends `text` and stays open, as the server's does. */
function streamOf(text: string): typeof fetch {
  return (async () =>
    new Response(new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new TextEncoder().encode(text)) }), {
      status: 200,
    })) as unknown as typeof fetch;
}

function setUp(orderId?: number) {
  useSession.setState({ authKey: 'key', activeLocation: makeLocation({ id: LOCATION }) });
  const queryClient = new QueryClient();
  const keys = {
    list: queryKeys.orderHistory.list(LOCATION, 1),
    order7: queryKeys.orderHistory.detail(LOCATION, 7),
    order8: queryKeys.orderHistory.detail(LOCATION, 8),
  };
  Object.values(keys).forEach((key) => queryClient.setQueryData(key, { loaded: true }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveOrderRefresh(orderId), { wrapper });
  const isStale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { keys, isStale, hook };
}

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

const live = (text: string) =>
  stops.push(startLiveEvents({ authKey: 'key', locationId: LOCATION, getCartVersion: () => null, fetchImpl: streamOf(text) }));

describe('useLiveOrderRefresh', () => {
  it("reads one order's page again on that order's change, not on another's", async () => {
    const { keys, isStale, hook } = setUp(7);
    stops.push(hook.unmount);
    live('event: order\ndata: {"type":"order","orderId":8}\n\nevent: order\ndata: {"type":"order","orderId":7}\n\n');
    await waitFor(() => expect(isStale(keys.order7)).toBe(true));
    expect(isStale(keys.order8)).toBe(false);
    expect(isStale(keys.list)).toBe(false);
  });

  it('reads the list again on any order change', async () => {
    const { keys, isStale, hook } = setUp();
    stops.push(hook.unmount);
    live('event: order\ndata: {"type":"order","orderId":null}\n\n');
    await waitFor(() => expect(isStale(keys.list)).toBe(true));
  });

  it('leaves the pages alone on a cart change', async () => {
    const { keys, isStale, hook } = setUp();
    stops.push(hook.unmount);
    // Listeners run in the order they subscribed: once this one has the event, the hook's had it.
    const delivered = new Promise<void>((resolve) => {
      const stop = subscribeLiveEvents((event) => {
        if (event.type !== 'cart') return;
        stop();
        resolve();
      });
    });
    live('event: cart\ndata: {"type":"cart","version":"2026-11-02T14:03:07.123456Z"}\n\n');
    await delivered;
    expect(isStale(keys.list)).toBe(false);
    expect(isStale(keys.order7)).toBe(false);
  });
});
