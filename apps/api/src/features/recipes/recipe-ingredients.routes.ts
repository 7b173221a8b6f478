import {
  envelope,
  ingredientOptionSchema,
  ingredientParamsSchema,
  ingredientRequestSchema,
  ingredientSearchQuerySchema,
  pagedEnvelope,
  recipeIdParamsSchema,
  recipeSchema,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { searchIngredients } from './ingredient-search.service';
import * as service from './recipe-ingredients.service';
import { createRecipeScope, errorResponses, tags, type RecipesApp } from './recipe-route-parts';

/** Candidates for the 'I want to add...' picker (doc 2 §7): catalogue items, generic groups or sub-recipes. */
export function registerIngredientSearchRoutes(app: RecipesApp): void {
  const scope = createRecipeScope(app);

  app.get(
    '/recipe/search-ingredients',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Candidates for 'I want to add...': catalogue items, generic groups or sub-recipes (search, 30 a page)",
        querystring: ingredientSearchQuerySchema,
        response: { 200: pagedEnvelope(ingredientOptionSchema), ...errorResponses },
      },
    },
    async (request) => searchIngredients(app.db, (await scope(request)).locationId, request.query),
  );
}

/** A recipe's ingredients (doc 2 §7 "Recipes"): add, change, remove; each answers the recipe with new totals. */
export function registerRecipeIngredientRoutes(app: RecipesApp): void {
  const scope = createRecipeScope(app);

  app.post(
    '/recipe/:id/ingredient',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Add an ingredient (item, generic or subrecipe); answers the recipe with new totals',
        params: recipeIdParamsSchema,
        body: ingredientRequestSchema,
        response: { 201: envelope(recipeSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await service.addIngredient(app.db, (await scope(request)).locationId, request.params.id, request.body) }),
  );

  app.patch(
    '/recipe/:id/ingredient/:ingredientId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Change an ingredient; answers the recipe with new totals',
        params: ingredientParamsSchema,
        body: ingredientRequestSchema,
        response: { 200: envelope(recipeSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.updateIngredient(
        app.db,
        (await scope(request)).locationId,
        request.params.id,
        request.params.ingredientId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/recipe/:id/ingredient/:ingredientId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Remove an ingredient; answers the recipe with new totals',
        params: ingredientParamsSchema,
        response: { 200: envelope(recipeSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.deleteIngredient(
        app.db,
        (await scope(request)).locationId,
        request.params.id,
        request.params.ingredientId,
      ),
    }),
  );
}
