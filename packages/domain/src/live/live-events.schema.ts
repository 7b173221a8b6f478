import { z } from 'zod';
import { parseCartVersion } from '../cart/cart-version.rules';

/**
 * The live channel's contract (issue 40 "Live cart"): GET /api/v1/events is a stream of
 * server-sent events, each `data:` one of these. An event carries no location and no cart or order
 * data, only what changed and its version: the client reads the data again through the ordinary
 * location-scoped API, so the channel cannot show one location another's data.
 */

/** A cart version as GET shopping-carts answers it (lastModified). */
export const cartVersionSchema = z
  .string()
  .trim()
  .refine(
    (text) => parseCartVersion(text) !== null,
    'must be a lastModified of GET shopping-carts, such as 2026-11-02T14:03:07.123456Z',
  );

export const liveEventSchema = z.discriminatedUnion('type', [
  /** First on every stream: the server listens for this location now; nothing since is missed. */
  z.object({ type: z.literal('ready') }),
  /** The active location's cart has this version now; `id:` of the event is the version too. */
  z.object({ type: z.literal('cart'), version: z.string() }),
  /** An order of the location was placed or changed status (dispatched, received, invoiced); null: several at once. */
  z.object({ type: z.literal('order'), orderId: z.number().int().nullable() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];

/**
 * GET /api/v1/events. `cartVersion` (or the standard Last-Event-ID header a reconnect sends) is the
 * last cart version the client has; the stream starts with the current one when it differs.
 */
export const liveEventsQuerySchema = z.object({ cartVersion: cartVersionSchema.optional() });
