import { z } from 'zod';
import {
  createRecipeRequestSchema,
  envelope,
  recipeIdParamsSchema,
  recipeSchema,
  updateRecipeRequestSchema,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { getRecipe } from './recipe-read.service';
import * as service from './recipe-write.service';
import { createRecipeScope, errorResponses, idAnswer, tags, type RecipesApp } from './recipe-route-parts';

/** One recipe (doc 2 §7 "Recipes"): read it with its costs, create, edit its fields or totals, delete. */
export function registerRecipeCrudRoutes(app: RecipesApp): void {
  const scope = createRecipeScope(app);

  app.get(
    '/recipe/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'One recipe with its ingredients, costs, menu and comparison view',
        params: recipeIdParamsSchema,
        querystring: z.object({ expand: z.string().max(200).optional() }),
        response: { 200: envelope(recipeSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getRecipe(app.db, (await scope(request)).locationId, request.params.id) }),
  );

  app.post(
    '/recipe',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Create a recipe or sub-recipe',
        body: createRecipeRequestSchema,
        response: { 201: envelope(recipeSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.createRecipe(app.db, (await scope(request)).locationId, request.body) }),
  );

  app.patch(
    '/recipe/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Edit a recipe's fields, or its totals (price, marginGrossProfit, foodCostPercentage)",
        params: recipeIdParamsSchema,
        body: updateRecipeRequestSchema,
        response: { 200: envelope(recipeSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.updateRecipe(app.db, (await scope(request)).locationId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/recipe/:id',
    {
      preHandler: requireAuth,
      schema: { tags, summary: 'Delete a recipe', params: recipeIdParamsSchema, response: { 200: idAnswer, ...errorResponses } },
    },
    async (request) => ({ data: await service.deleteRecipe(app.db, (await scope(request)).locationId, request.params.id) }),
  );
}
