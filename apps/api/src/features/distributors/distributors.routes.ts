import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope, orderingDistributorSchema, recordIdSchema } from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { getOrderingDistributor, listOrderingDistributors } from './distributors.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** An IANA time zone name the runtime knows, e.g. America/New_York (doc 1 §9's default). */
const timezoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(
    (zone) => {
      // Names only: an offset such as +05:00 means the opposite sign in PostgreSQL.
      if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'timezone must be a time zone name such as America/New_York.' },
  );

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

  app.get(
    '/distributors/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: 'One distributor of the active location; delivery dates start today in the time zone given',
        params: z.object({
          id: recordIdSchema({ type: 'id must be a number.', positive: 'id must be a positive number.' }),
        }),
        querystring: z.object({ timezone: timezoneSchema.optional() }),
        response: { 200: envelope(orderingDistributorSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await getOrderingDistributor(app.db, await requireActiveLocation(request), request.params.id, request.query.timezone),
    }),
  );
};
