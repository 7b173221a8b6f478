import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  getReconnectDelayMs,
  isCartBehind,
  LIVE_RECONNECT_MAX_MS,
  LIVE_RECONNECT_MIN_MS,
  shouldSendCartVersion,
} from './live-events.rules';
import { liveEventSchema, liveEventsQuerySchema } from './live-events.schema';

const V1 = '2026-11-02T14:03:07.123456Z';
const V2 = '2026-11-02T14:03:07.123457Z';

describe('isCartBehind', () => {
  it('reloads when the event is newer, by a microsecond', () => {
    expect(isCartBehind(V1, V2)).toBe(true);
  });

  it('does not reload for the same or an older version (its own save, a late event)', () => {
    expect(isCartBehind(V2, V2)).toBe(false);
    expect(isCartBehind(V2, V1)).toBe(false);
  });

  it('reloads when there is no copy or the copy has no readable version', () => {
    expect(isCartBehind(undefined, V1)).toBe(true);
    expect(isCartBehind(null, V1)).toBe(true);
    expect(isCartBehind('yesterday', V1)).toBe(true);
  });

  it('ignores an event whose version is not one', () => {
    expect(isCartBehind(V1, 'soon')).toBe(false);
  });

  it('compares instants, not texts: an offset is read', () => {
    expect(isCartBehind('2026-11-02T09:03:07.123456-05:00', V2)).toBe(true);
    expect(isCartBehind('2026-11-02T09:03:07.123457-05:00', V2)).toBe(false);
  });
});

describe('shouldSendCartVersion', () => {
  it('sends the current version to a client without one or with another', () => {
    expect(shouldSendCartVersion(undefined, V2)).toBe(true);
    expect(shouldSendCartVersion(V1, V2)).toBe(true);
    expect(shouldSendCartVersion('not a version', V2)).toBe(true);
  });

  it('sends nothing to a client that is current', () => {
    expect(shouldSendCartVersion(V2, V2)).toBe(false);
  });
});

describe('getReconnectDelayMs', () => {
  it('doubles from the minimum and stops at the maximum', () => {
    expect(getReconnectDelayMs(0, 0)).toBe(LIVE_RECONNECT_MIN_MS / 2);
    expect(getReconnectDelayMs(1, 0)).toBe(LIVE_RECONNECT_MIN_MS);
    expect(getReconnectDelayMs(40, 0.999)).toBeLessThanOrEqual(LIVE_RECONNECT_MAX_MS);
  });

  it('stays within half and the whole of its step, whatever the attempt and jitter', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, jitter) => {
        const base = Math.min(LIVE_RECONNECT_MAX_MS, LIVE_RECONNECT_MIN_MS * 2 ** Math.min(attempt, 16));
        const delay = getReconnectDelayMs(attempt, jitter);
        return delay >= base / 2 && delay <= base;
      }),
    );
  });
});

describe('live event contract', () => {
  it('reads the events the stream sends, and nothing with a location in it is needed', () => {
    expect(liveEventSchema.parse({ type: 'cart', version: V1 })).toEqual({ type: 'cart', version: V1 });
    expect(liveEventSchema.parse({ type: 'order', orderId: 7 })).toEqual({ type: 'order', orderId: 7 });
    expect(liveEventSchema.safeParse({ type: 'cart' }).success).toBe(false);
  });

  it('refuses a cartVersion that is not a lastModified, saying what is expected', () => {
    const result = liveEventsQuerySchema.safeParse({ cartVersion: 'yesterday' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toContain('lastModified of GET shopping-carts');
    expect(liveEventsQuerySchema.parse({ cartVersion: V1 })).toEqual({ cartVersion: V1 });
  });
});
