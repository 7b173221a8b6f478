import type { FastifyInstance } from 'fastify';
import { LiveEventHub } from './live-event-hub';
import { createLiveEventSource } from './live-event-sources';

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: LiveEventHub;
  }
}

/**
 * Decorates app.liveEvents: this process's LISTEN and its open streams. The LISTEN connection opens
 * with the first stream, so a process nobody streams from holds none. Streams are ended before the
 * server closes (preClose): an open stream would otherwise keep a graceful shutdown waiting.
 */
export function registerLiveEvents(app: FastifyInstance): void {
  const source = createLiveEventSource(app.db, app.databaseKind, app.log, app.config.EVENTS_LISTEN_URL);
  const hub = new LiveEventHub(source, (payload) => app.log.warn({ payload }, 'live events: a notification of unknown shape'));
  app.decorate('liveEvents', hub);
  app.addHook('preClose', async () => {
    await hub.close();
  });
}
