import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  bulkCreateOrderItemsSchema,
  checkItemsRequestSchema,
  completeReceivingRequestSchema,
  envelope,
  idSchema,
  newOrderItemSchema,
  orderItemSchema,
  orderSummarySchema,
  preRejectRequestSchema,
  preRejectResultSchema,
  receivingSurveySchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { bulkCreateItems, checkItems, completeReceiving, createCustomItem, preReject, saveSurvey } from './receiving.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const idParams = z.object({ id: idSchema });

/** Receiving an order (doc 3 §4 "Receiving", §7 "Orders"); the Complete-receiving call is PATCH /orders/{id} (decisions.md). */
export const receivingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/check-items/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'Accept or reject lines of an order being received (the same call twice changes nothing)',
        params: idParams,
        body: checkItemsRequestSchema,
        response: { 200: envelope(z.array(orderItemSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await checkItems(app.db, locationId, request.params.id, request.body.itemList) };
    },
  );

  app.post(
    '/orders/pre-reject/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'Order Checked: saves the line states, checks every line is checked and priced, answers the pre-reject result',
        params: idParams,
        description: 'With receivingVersion (from GET orders/{id}), answers 409 when receiving was completed since.',
        body: preRejectRequestSchema,
        response: { 200: envelope(preRejectResultSchema), 409: apiErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      const { itemList, items, receivingVersion } = request.body;
      return { data: await preReject(app.db, locationId, request.params.id, itemList, items, receivingVersion) };
    },
  );

  app.patch(
    '/orders/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'Complete receiving: invoice number, line edits and states; marks the order received (idempotent)',
        params: idParams,
        description: 'With receivingVersion (from GET orders/{id}), answers 409 when someone completed receiving since.',
        body: completeReceivingRequestSchema,
        response: { 200: envelope(orderSummarySchema), 409: apiErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      const userId = getAuth(request).userId;
      return { data: await completeReceiving(app.db, locationId, request.params.id, request.body, userId) };
    },
  );

  app.post(
    '/orders/survey/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'The receiving check survey of an order (the last answer is kept)',
        params: idParams,
        body: receivingSurveySchema,
        response: { 200: envelope(z.object({ saved: z.literal(true) })), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      await saveSurvey(app.db, locationId, getAuth(request).userId, request.params.id, request.body);
      return { data: { saved: true as const } };
    },
  );

  app.post(
    '/order-items/create-custom',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'Add a new item to an order being received (Add New Item)',
        body: newOrderItemSchema,
        response: { 201: envelope(orderItemSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      return reply.code(201).send({ data: await createCustomItem(app.db, locationId, request.body) });
    },
  );

  app.post(
    '/order-items/bulk-create',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'Add catalogue items that arrived to an order being received',
        description:
          "Each item_distributor_id must be on the location's order guide from the order's distributor and not punched out (400 naming it otherwise). An item already added this way has its quantity set, so a retry adds nothing twice.",
        body: bulkCreateOrderItemsSchema,
        response: { 201: envelope(z.array(orderItemSchema)), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      return reply.code(201).send({ data: await bulkCreateItems(app.db, locationId, request.body) });
    },
  );
};
