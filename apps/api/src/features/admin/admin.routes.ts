import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLocationSchema,
  adminUserSchema,
  apiErrorSchema,
  envelope,
  idSchema,
  locationFilterSchema,
  merchantLoginRequestSchema,
  pagedEnvelope,
  signedInUserSchema,
  wholeNumberSchema,
} from '@stockpot/domain';
import { getAuth } from '../../platform/auth-guard';
import { listAllLocations, listUsersOfLocation, loginAsMerchant } from './admin.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** `filters` of GET locations/all: a JSON list of nickname-like filters (doc 3 §7). */
const filtersSchema = z
  .string()
  .max(1000, 'filters is too long.')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filters must be a JSON list.' });
      return z.NEVER;
    }
  })
  .pipe(z.array(locationFilterSchema, { error: 'filters must be a JSON list.' }).max(5, 'filters may hold at most 5 entries.'));

/** The administrator's login-as (doc 3 §2.12, §7 "Messages and locations", "Authentication and sign-up"). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/locations/all',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every location, searchable by nickname (administrators only)',
        querystring: z.object({
          filters: filtersSchema.optional(),
          page: wholeNumberSchema({ min: 1, max: 100_000 }).default(1),
        }),
        response: { 200: pagedEnvelope(adminLocationSchema), ...errorResponses },
      },
    },
    async (request) => {
      const search = (request.query.filters ?? []).map((f) => f.value.trim()).find(Boolean) ?? '';
      return listAllLocations(app.db, getAuth(request), { search, page: request.query.page });
    },
  );

  app.get(
    '/locations/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'The users of a location (administrators only)',
        params: z.object({ id: idSchema }),
        response: { 200: envelope(z.array(adminUserSchema)), ...errorResponses },
      },
    },
    async (request) => ({ data: await listUsersOfLocation(app.db, getAuth(request), request.params.id) }),
  );

  app.post(
    '/users/merchant-login',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sign in as a user of a location (administrators only; audited)',
        body: merchantLoginRequestSchema,
        response: { 200: envelope(signedInUserSchema), ...errorResponses },
      },
    },
    async (request) => {
      const data = await loginAsMerchant(app.db, {
        auth: getAuth(request),
        userId: request.body.user_id,
        locationId: request.body.merchant_id,
        ttlDays: app.config.SESSION_TTL_DAYS,
        userAgent: request.headers['user-agent'] ?? '',
        clientAddress: request.ip,
      });
      return { data };
    },
  );
};
