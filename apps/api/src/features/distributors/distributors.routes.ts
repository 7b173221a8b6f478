import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope, orderingDistributorSchema } from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { listOrderingDistributors } from './distributors.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema };

/** The active location's distributors (doc 1 §7 GET /distributors): filters modal and special-request form. */
export const distributorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/distributors',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: "The active location's distributors with minimum order, delivery dates and card acceptance",
        response: { 200: envelope(z.array(orderingDistributorSchema)), ...errorResponses },
      },
    },
    async (request) => ({ data: await listOrderingDistributors(app.db, await requireActiveLocation(request)) }),
  );
};
