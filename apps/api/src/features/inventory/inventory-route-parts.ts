/** What the inventory view's route modules share: response schemas, query shapes and the request's location and user. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope, genericGroupSchema, pagedEnvelope, wholeNumberSchema } from '@stockpot/domain';
import { getAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';

/** The app a route module registers on (the inventory plugin's, with its Zod type provider). */
export type InventoryApp = Parameters<FastifyPluginAsyncZod>[0];

export const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
export const tags = ['inventory'];
export const pageQuery = z.object({
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: 200 }).default(100),
});
export const groupReadQuery = z.object({ expand: z.string().max(200).default('items') });
export const groupsPageSchema = pagedEnvelope(genericGroupSchema);
export const idAnswer = envelope(z.object({ id: z.number().int() }));

/** The active location and the signed-in user of a request. */
export const context = async (request: Parameters<typeof getAuth>[0]) => ({
  locationId: await requireActiveLocation(request),
  userId: getAuth(request).userId,
});
