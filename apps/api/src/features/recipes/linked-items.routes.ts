import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, linkedIngredientItemSchema, linkedItemParamsSchema } from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { requireRecipeCosting } from './recipe-guards';
import { errorResponses, tags } from './recipe-route-parts';
import * as service from './linked-items.service';

/**
 * GET recipe/item/{id}/genericItem/{id} and recipe/item/{id}/genericCustomItem/{id} (doc 2 §7): the
 * first id is the generic group (a generic ingredient's ingredient_id), the second the linked item
 * (its genericItemId or genericCustomItemId). The answer is the item as the ingredient lists it.
 */
export const recipeLinkedItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = async (request: Parameters<typeof requireActiveLocation>[0]) => {
    const locationId = await requireActiveLocation(request);
    await requireRecipeCosting(app.db, locationId);
    return locationId;
  };
  const routes = [
    { path: '/recipe/item/:id/genericItem/:itemId', kind: 'item', what: 'catalogue item or sub-recipe' },
    { path: '/recipe/item/:id/genericCustomItem/:itemId', kind: 'custom', what: 'custom item' },
  ] as const;
  for (const route of routes) {
    app.get(
      route.path,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: `A ${route.what} linked to a generic group, with its price, pack and last purchase`,
          params: linkedItemParamsSchema,
          response: { 200: envelope(linkedIngredientItemSchema), ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.getLinkedItem(app.db, await scope(request), request.params.id, route.kind, request.params.itemId),
      }),
    );
  }
};
