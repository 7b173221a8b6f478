/** What recipe costing's route modules share: response schemas, and the request's location, date and user. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope } from '@stockpot/domain';
import { getAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { requireRecipeCosting } from './recipe-guards';

/** The app a route module registers on (the recipes plugin's, with its Zod type provider). */
export type RecipesApp = Parameters<FastifyPluginAsyncZod>[0];

export const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
export const tags = ['recipes'];
export const idAnswer = envelope(z.object({ id: z.number().int() }));

/** A request's active location, its date and the user; every route needs recipe costing enabled for the location. */
export function createRecipeScope(app: RecipesApp) {
  return async (request: Parameters<typeof getAuth>[0]) => {
    const locationId = await requireActiveLocation(request);
    const today = await requireRecipeCosting(app.db, locationId);
    return { locationId, today, userId: getAuth(request).userId };
  };
}
