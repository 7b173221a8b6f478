import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  envelope,
  idSchema,
  orderHistoryRowSchema,
  orderQuerySchema,
  ordersQuerySchema,
  orderSummarySchema,
  pagedEnvelope,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { getOrderSummary, listOrderHistory } from './order-history.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** Order history reads (doc 3 §7 "Orders": GET /orders, GET /orders/{id}?expand=items). */
export const orderHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: "The active location's orders, newest first (24 a page)",
        querystring: ordersQuerySchema,
        response: { 200: pagedEnvelope(orderHistoryRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return listOrderHistory(app.db, locationId, request.query.page, request.query.limit);
    },
  );

  app.get(
    '/orders/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'One order of the active location; expand=items adds its lines',
        params: z.object({ id: idSchema }),
        querystring: orderQuerySchema,
        response: { 200: envelope(orderSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      const withItems = (request.query.expand ?? '').split(',').includes('items');
      return { data: await getOrderSummary(app.db, locationId, request.params.id, withItems) };
    },
  );
};
