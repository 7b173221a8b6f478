import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPaymentMethodRequestSchema,
  apiErrorSchema,
  deletedPaymentMethodSchema,
  envelope,
  pagedEnvelope,
  paymentMethodSchema,
  paymentMethodTokenParamsSchema,
  toPageMeta,
  updatePaymentMethodRequestSchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { addCard, deleteCard, getCard, listCards, updateCard } from './cards.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const tags = ['cards'];

/** Saved cards of the caller's active location (doc 3 §2.9, §7 "Cards and help"). */
export const cardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment-methods',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The active location's saved cards, the default first",
        response: { 200: pagedEnvelope(paymentMethodSchema), ...errorResponses },
      },
    },
    async (request) => {
      const data = await listCards(app.db, await requireActiveLocation(request));
      // One page holds every card: a location keeps a handful.
      return { data, _meta: toPageMeta(data.length, 1, Math.max(1, data.length)) };
    },
  );

  app.get(
    '/payment-methods/:token',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'One saved card',
        params: paymentMethodTokenParamsSchema,
        response: { 200: envelope(paymentMethodSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getCard(app.db, await requireActiveLocation(request), request.params.token) }),
  );

  app.post(
    '/payment-methods',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Save a card the payment gateway tokenised in the browser',
        description:
          'Body: the gateway token, nickname, default, cardId, and the billing address the gateway was given ' +
          '(address_line1, address_line2, address_city, address_state, address_zip). Brand, last 4 and expiry come from the gateway.',
        body: addPaymentMethodRequestSchema,
        response: { 200: envelope(paymentMethodSchema), 201: envelope(paymentMethodSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const { card, created } = await addCard(
        app.db,
        app.paymentGateway,
        { userId: getAuth(request).userId, locationId },
        request.body,
      );
      return reply.code(created ? 201 : 200).send({ data: card });
    },
  );

  app.patch(
    '/payment-methods/:token',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Change a card's nickname, billing address or default",
        params: paymentMethodTokenParamsSchema,
        body: updatePaymentMethodRequestSchema,
        response: { 200: envelope(paymentMethodSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateCard(app.db, await requireActiveLocation(request), request.params.token, request.body),
    }),
  );

  app.delete(
    '/payment-methods/:token',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Delete a saved card',
        params: paymentMethodTokenParamsSchema,
        response: { 200: envelope(deletedPaymentMethodSchema), ...errorResponses },
      },
    },
    async (request) => {
      await deleteCard(app.db, await requireActiveLocation(request), request.params.token);
      return { data: { token: request.params.token, deleted: true as const } };
    },
  );
};
