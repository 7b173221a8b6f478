import { z } from 'zod';
import { copyToLocationParamsSchema, envelope, recipeIdParamsSchema, recipeSchema } from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import * as service from './recipe-copy.service';
import { createRecipeScope, errorResponses, tags, type RecipesApp } from './recipe-route-parts';

/** Copies of a recipe (doc 2 §7 "Recipes"): duplicate it here, or copy it to another location of the user. */
export function registerRecipeCopyRoutes(app: RecipesApp): void {
  const scope = createRecipeScope(app);

  app.post(
    '/recipe/:id/duplicate',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Duplicate a recipe with its ingredients',
        params: recipeIdParamsSchema,
        response: { 201: envelope(recipeSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.duplicateRecipe(app.db, (await scope(request)).locationId, request.params.id) }),
  );

  app.post(
    '/recipe/:id/copy-to-location/:locationId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Copy a recipe to another location of the user',
        params: copyToLocationParamsSchema,
        response: {
          201: envelope(z.object({ id: z.number().int(), locationId: z.number().int(), skipped: z.number().int() })),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { locationId, userId } = await scope(request);
      const data = await service.copyToLocation(app.db, locationId, userId, request.params.id, request.params.locationId);
      return reply.code(201).send({ data });
    },
  );
}
