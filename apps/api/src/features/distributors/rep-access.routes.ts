import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInviteBodySchema,
  apiErrorSchema,
  envelope,
  recordIdSchema,
  pagedEnvelope,
  repAccountSchema,
  repItemSchema,
  repItemsQuerySchema,
  repPricesBodySchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { acceptInvite, listRepAccounts, listRepItems, updateRepPrices } from './rep-access.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Sales reps after the invite (doc 3 §4 invite status accepted, §6 access types): accepting the
 * sign-up link, and the rep's own accounts and price updates. Not in the spec's API list: see
 * docs/decisions.md.
 */
export const repAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sales-rep-invites/accept',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['distributors'],
        summary: "Accept a sales rep's invite (the token of its sign-up link) and choose the rep's password",
        body: acceptInviteBodySchema,
        response: {
          200: envelope(z.object({ email: z.string(), location: z.string(), distributor: z.string() })),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ data: await acceptInvite(app.db, request.body.invite, request.body.password) }),
  );

  app.get(
    '/sales-rep/accounts',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary:
          'The accounts (location and distributor) the signed-in sales rep serves, and whether prices may be updated today',
        response: { 200: envelope(z.array(repAccountSchema)), ...errorResponses },
      },
    },
    async (request) => ({ data: await listRepAccounts(app.db, getAuth(request).userId) }),
  );

  app.get(
    '/sales-rep/accounts/:id/items',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: "A page of the rep's account order guide (its latest guide), searched by name, DIN or brand",
        params: z.object({ id: recordIdSchema({ type: 'id must be a number.', positive: 'id must be a positive number.' }) }),
        querystring: repItemsQuerySchema,
        response: { 200: pagedEnvelope(repItemSchema), ...errorResponses },
      },
    },
    async (request) => listRepItems(app.db, getAuth(request).userId, request.params.id, request.query),
  );

  app.patch(
    '/sales-rep/accounts/:id/prices',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: "A sales rep updates prices on the account's order guide, within its access type's limits",
        description: 'Unlimited: always; limited: between its start and end dates; none: 403. Lands as a new guide dated today.',
        params: z.object({ id: recordIdSchema({ type: 'id must be a number.', positive: 'id must be a positive number.' }) }),
        body: repPricesBodySchema,
        response: { 200: envelope(z.object({ orderGuideId: z.number().int(), updated: z.number().int() })), ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateRepPrices(app.db, getAuth(request).userId, request.params.id, request.body.prices),
    }),
  );
};
