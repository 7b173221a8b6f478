import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope, pastOrderOptionSchema } from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { selectPastOrderOptions } from './past-orders.repo';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema };

/** The Past Orders choices of the filters modal (doc 1 §2 "Filters modal", §3 "Past order"). */
export const pastOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/past-options',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: "The active location's last 50 orders, for the Past Orders filter",
        response: { 200: envelope(z.array(pastOrderOptionSchema)), ...errorResponses },
      },
    },
    async (request) => ({ data: await selectPastOrderOptions(app.db, await requireActiveLocation(request)) }),
  );
};
