import { z } from 'zod';
import type { LiveEvent } from '@stockpot/domain';
import type { LiveEventSource } from './live-event-sources';

/**
 * What the triggers of migration 0044 notify. The location and user ids are for this process's
 * routing only; a browser gets the LiveEvent made from it (no location, no data).
 */
const notificationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cart'), locationId: z.number().int(), version: z.string() }),
  z.object({ type: z.literal('order'), locationId: z.number().int(), orderId: z.number().int().nullable() }),
  z.object({ type: z.literal('session-ended'), sessionId: z.number().int() }),
  z.object({ type: z.literal('membership-ended'), userId: z.number().int(), locationId: z.number().int() }),
]);
export type LiveNotification = z.infer<typeof notificationSchema>;

/** One open stream: whose it is, where it listens, and how to reach it. */
export interface LiveSubscriber {
  locationId: number;
  sessionId: number;
  userId: number;
  send: (event: LiveEvent) => void;
  /** The source lost notifications: read the current state again. */
  resync: () => void;
  /** Close the stream (signed out, membership gone, server shutting down). */
  end: () => void;
}

/**
 * The fan-out of one server process: one LISTEN (started with the first stream) and the open
 * streams by location. Every process gets every notification; each delivers only to its own
 * streams of the notification's location, which is how no stream hears another location.
 */
export class LiveEventHub {
  private readonly byLocation = new Map<number, Set<LiveSubscriber>>();
  private starting: Promise<void> | null = null;
  private isClosed = false;

  constructor(
    private readonly source: LiveEventSource,
    private readonly onBadPayload: (payload: string) => void = () => undefined,
  ) {}

  /** Resolves once this process listens: a stream reads its catch-up state only after that. */
  listen(): Promise<void> {
    if (this.isClosed) return Promise.reject(new Error('The server is shutting down.'));
    this.starting ??= this.source
      .start({ onMessage: (payload) => this.dispatch(payload), onResumed: () => this.each((subscriber) => subscriber.resync()) })
      .catch((error: unknown) => {
        // The next stream tries again.
        this.starting = null;
        throw error;
      });
    return this.starting;
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    if (this.isClosed) {
      // After the caller has its unsubscribe in hand: ending runs the stream's close handler.
      queueMicrotask(() => subscriber.end());
      return () => undefined;
    }
    let set = this.byLocation.get(subscriber.locationId);
    if (!set) {
      set = new Set();
      this.byLocation.set(subscriber.locationId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byLocation.get(subscriber.locationId) === set) this.byLocation.delete(subscriber.locationId);
    };
  }

  get size(): number {
    let count = 0;
    this.byLocation.forEach((set) => (count += set.size));
    return count;
  }

  /** Routes one notification payload to the streams it concerns. */
  dispatch(payload: string): void {
    const parsed = parseNotification(payload);
    if (!parsed) {
      this.onBadPayload(payload);
      return;
    }
    switch (parsed.type) {
      case 'cart':
        return this.sendTo(parsed.locationId, { type: 'cart', version: parsed.version });
      case 'order':
        return this.sendTo(parsed.locationId, { type: 'order', orderId: parsed.orderId });
      case 'session-ended':
        return this.each((subscriber) => subscriber.sessionId === parsed.sessionId && subscriber.end());
      case 'membership-ended':
        return [...(this.byLocation.get(parsed.locationId) ?? [])]
          .filter((subscriber) => subscriber.userId === parsed.userId)
          .forEach((subscriber) => subscriber.end());
    }
  }

  /** Ends every stream and stops listening (shutdown: open streams would keep the server from closing). */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.each((subscriber) => subscriber.end());
    this.byLocation.clear();
    if (this.starting) await this.starting.catch(() => undefined);
    await this.source.stop();
  }

  private sendTo(locationId: number, event: LiveEvent): void {
    this.byLocation.get(locationId)?.forEach((subscriber) => subscriber.send(event));
  }

  private each(visit: (subscriber: LiveSubscriber) => unknown): void {
    [...this.byLocation.values()].flatMap((set) => [...set]).forEach(visit);
  }
}

function parseNotification(payload: string): LiveNotification | null {
  try {
    const parsed = notificationSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
