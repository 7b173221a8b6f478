import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  cartUpdateResponseSchema,
  envelope,
  orderGuardQuerySchema,
  orderGuardResponseSchema,
  suggestedOrderAddRequestSchema,
  suggestedOrdersResponseSchema,
  suggestionReportRowSchema,
} from '@stockpot/domain';
import { z } from 'zod';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { sendJsonText } from '../../platform/serializers';
import { getOrderGuard, getSuggestionReport } from './order-guard.service';
import * as service from './suggested-orders.service';
import { suggestionStateSql, type SuggestionState } from './suggestions-kept';

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
      // The kept answer's version is read with the session: a kept answer needs no statement of its own.
      config: { locationState: suggestionStateSql },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const session = request.locationState as SuggestionState | null | undefined;
      const text = await service.getSuggestedOrdersText(app.db, locationId, Date.now(), session);
      return sendJsonText(reply, text, suggestedOrdersResponseSchema, app.config.NODE_ENV !== 'production');
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

  app.get(
    '/suggested-orders/guard',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['suggested-orders'],
        summary:
          'Review-order flags for a distributor’s cart lines: far from the suggestion or the usual, or a repeat order for the date',
        querystring: orderGuardQuerySchema,
        response: { 200: envelope(orderGuardResponseSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await getOrderGuard(app.db, locationId, request.query) };
    },
  );

  app.get(
    '/suggested-orders/report',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['suggested-orders'],
        summary: 'Per group: how often suggested quantities were taken, and the mean change in cases',
        response: { 200: envelope(z.array(suggestionReportRowSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await getSuggestionReport(app.db, locationId) };
    },
  );
};
