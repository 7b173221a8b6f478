import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, liveEventsQuerySchema, shouldSendCartVersion, type LiveEvent } from '@stockpot/domain';
import { getAuth } from '../auth-guard';
import { AppError } from '../errors';
import { readCartVersion } from '../cart/cart-version.repo';
import { requireActiveLocation } from '../location-scope';
import { isStreamStillAllowed } from './events.repo';
import { openSseStream } from './sse-stream';

/** The version a reconnecting client last had: the query's, else the standard Last-Event-ID header. */
function readLastEventId(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  return text && text.length <= 64 ? text.trim() : undefined;
}

/**
 * GET /api/v1/events (issue 40 "Live cart"): server-sent events of the caller's active location
 * (the tab's X-Location-Id, checked against membership like every scoped read). The stream starts
 * with `ready` (the process listens from here on) and, when the client's last cart version is not
 * the current one, the current version: that is the catch-up after a dropped connection.
 */
export const liveEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events of the active location: cart versions and order changes (type and ids only; read the data through the API)',
        querystring: liveEventsQuerySchema,
        response: {
          200: z.string().describe('text/event-stream'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = getAuth(request);
      const locationId = await requireActiveLocation(request);
      const clientVersion = request.query.cartVersion ?? readLastEventId(request.headers['last-event-id']);
      const hub = app.liveEvents;
      try {
        await hub.listen();
      } catch (error) {
        request.log.warn({ err: error }, 'live events: not listening');
        throw new AppError(
          503,
          'internal_error',
          'Live updates are not available right now. The page still works; reload it to see changes.',
        );
      }

      const stream = openSseStream(reply, () => {
        clearInterval(heartbeat);
        leave();
      });
      // The heartbeat also re-checks the session and membership: changes no notification reports
      // (a session that expired or went idle, a deactivated user) end the stream at the next beat.
      const check = { sessionId: auth.sessionId, userId: auth.userId, locationId, idleHours: app.config.SESSION_IDLE_HOURS };
      const heartbeat = setInterval(() => {
        stream.comment('keep-alive');
        isStreamStillAllowed(app.db, check).then(
          (isAllowed) => isAllowed || stream.end(),
          () => undefined,
        );
      }, app.config.EVENTS_HEARTBEAT_SECONDS * 1000);
      heartbeat.unref();

      // Events that arrive while the catch-up is read wait behind it, so the stream stays in order.
      let waiting: LiveEvent[] | null = [];
      const sendCurrentCart = async (knownVersion: string | undefined) => {
        const current = await readCartVersion(app.db, locationId);
        if (shouldSendCartVersion(knownVersion, current)) stream.send({ type: 'cart', version: current });
      };
      const leave = hub.subscribe({
        locationId,
        sessionId: auth.sessionId,
        userId: auth.userId,
        send: (event) => (waiting ? waiting.push(event) : stream.send(event)),
        // The process missed notifications while its LISTEN was down: the cart's version, and an
        // order change of unknown order (an open order-history page reads its list again).
        resync: () => {
          stream.send({ type: 'order', orderId: null });
          sendCurrentCart(undefined).catch(() => stream.end());
        },
        end: () => stream.end(),
      });

      try {
        stream.send({ type: 'ready' });
        await sendCurrentCart(clientVersion);
      } catch (error) {
        request.log.warn({ err: error }, 'live events: could not read the cart version');
        stream.end();
        return;
      }
      const held = waiting;
      waiting = null;
      held.forEach((event) => stream.send(event));
    },
  );
};
