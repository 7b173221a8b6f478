import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  envelope,
  shoppingCartMatchSchema,
  swapRejectRequestSchema,
  swapRequestSchema,
  swapResponseSchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { getShoppingCartMatches } from './savings-matches.service';
import { rejectSwaps, swapItems } from './savings-swaps.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** The savings step (doc 1 §2 "Savings", §4 "Savings", §7 shopping-cart-matches, swap, swap-reject). */
export const savingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/items/shopping-cart-matches',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['savings'],
        summary: 'Each catalogue line of the cart with its savings matches and the swap or rejects decided on it',
        response: { 200: envelope(z.array(shoppingCartMatchSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await getShoppingCartMatches({ db: app.db, locationId, userId: getAuth(request).userId }) };
    },
  );

  app.post(
    '/items/swap',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['savings'],
        summary: 'Swap cart lines to their matches, or swap back (old = the swapped-in item, new = the original)',
        body: swapRequestSchema,
        response: { 200: envelope(swapResponseSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await swapItems({ db: app.db, locationId, userId: getAuth(request).userId }, request.body) };
    },
  );

  app.post(
    '/items/swap-reject',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['savings'],
        summary:
          "Reject a suggested match (type 'reject'), or cancel a reject so the pair is a suggested swap again (type 'swap')",
        body: swapRejectRequestSchema,
        response: { 200: envelope(swapResponseSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await rejectSwaps({ db: app.db, locationId, userId: getAuth(request).userId }, request.body) };
    },
  );
};
