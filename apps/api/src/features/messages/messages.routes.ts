import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  broadcastMessageSchema,
  envelope,
  locationMessageSchema,
  messagesQuerySchema,
  readBroadcastRequestSchema,
  readMessagesRequestSchema,
} from '@stockpot/domain';
import { getAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { getUnreadBroadcasts, getUnreadMessages, readBroadcast, readMessages } from './messages.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const readResponse = envelope(z.object({ read: z.literal(true) }));

/** Location and broadcast messages shown as pop-ups on place-order (doc 3 §4 "Messages", §7). */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/get-message',
    {
      schema: {
        tags: ['messages'],
        summary: "The location's unread messages",
        querystring: messagesQuerySchema,
        response: { 200: envelope(z.array(locationMessageSchema)), ...errorResponses },
      },
    },
    async (request) => ({ data: await getUnreadMessages(app.db, getAuth(request).userId, request.query.merchant_id) }),
  );

  app.post(
    '/users/read-message',
    {
      schema: {
        tags: ['messages'],
        summary: 'Mark location messages of the active location read',
        body: readMessagesRequestSchema,
        response: { 200: readResponse, ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      await readMessages(app.db, getAuth(request).userId, locationId, request.body.ids);
      return { data: { read: true as const } };
    },
  );

  app.get(
    '/users/get-broadcast-message',
    {
      schema: {
        tags: ['messages'],
        summary: 'Unread platform broadcasts, newest first',
        querystring: messagesQuerySchema,
        response: { 200: envelope(z.array(broadcastMessageSchema)), ...errorResponses },
      },
    },
    async (request) => ({ data: await getUnreadBroadcasts(app.db, getAuth(request).userId, request.query.merchant_id) }),
  );

  app.post(
    '/users/read-broadcast-message',
    {
      schema: {
        tags: ['messages'],
        summary: 'Mark a broadcast read',
        body: readBroadcastRequestSchema,
        response: { 200: readResponse, ...errorResponses },
      },
    },
    async (request) => {
      await readBroadcast(app.db, getAuth(request).userId, request.body.id);
      return { data: { read: true as const } };
    },
  );
};
