import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  cartChangesResponseSchema,
  cartSchema,
  cartUpdateQuerySchema,
  cartUpdateRequestSchema,
  cartUpdateResponseSchema,
  envelope,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { getCart, saveCart } from './cart.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** The active location's cart (doc 1 §7 GET and POST shopping-carts). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shopping-carts',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['cart'],
        summary: "The active location's cart and its version (lastModified)",
        response: { 200: envelope(cartSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getCart(app.db, await requireActiveLocation(request)) }),
  );

  app.post(
    '/shopping-carts',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['cart'],
        summary:
          'Save quantity changes and special requests; lines someone else changed come back in sameModifiedItems. answer=changes: only the lines written and removed when the client was current',
        querystring: cartUpdateQuerySchema,
        body: cartUpdateRequestSchema,
        response: { 200: envelope(z.union([cartUpdateResponseSchema, cartChangesResponseSchema])), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await saveCart(app.db, locationId, getAuth(request).userId, request.body, request.query.answer) };
    },
  );
};
