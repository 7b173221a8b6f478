import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, envelope, gettingStartedSchema } from '@stockpot/domain';
import { requireActiveLocation } from '../../platform/location-scope';
import { readGettingStarted } from './getting-started.service';

/** The first-run empty state and its "Get started" checklist (issue 31), for the active location only. */
export const gettingStartedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getting-started',
    {
      schema: {
        tags: ['getting-started'],
        summary: "The active location's distributors, guides, delivery days and first order: the Get started checklist",
        response: { 200: envelope(gettingStartedSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await readGettingStarted(app.db, locationId) };
    },
  );
};
