import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  cartUpdateResponseSchema,
  envelope,
  suggestedOrderAddRequestSchema,
  suggestedOrdersResponseSchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import * as service from './suggested-orders.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** Suggested orders of the active location (issue 37). */
export const suggestedOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/suggested-orders',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['suggested-orders'],
        summary: 'What to order per distributor, with the next delivery, its cut-off and each line’s arithmetic',
        response: { 200: suggestedOrdersResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return service.getSuggestedOrders(app.db, locationId);
    },
  );

  app.post(
    '/suggested-orders/add-to-cart',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['suggested-orders'],
        summary: 'Put a distributor’s suggested lines (or the groups named) in the cart through the cart’s rules',
        body: suggestedOrderAddRequestSchema,
        response: { 200: envelope(cartUpdateResponseSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      const cart = await service.addSuggestedToCart(app.db, locationId, getAuth(request).userId, request.body);
      return { data: cart };
    },
  );
};
