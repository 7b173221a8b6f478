import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  humanErrorMap,
  apiErrorSchema,
  copyToLocationParamsSchema,
  createRecipeRequestSchema,
  envelope,
  getRecipeRange,
  ingredientOptionSchema,
  ingredientParamsSchema,
  ingredientSearchQuerySchema,
  ingredientRequestSchema,
  menuCategoryIdParamsSchema,
  menuCategoryRequestSchema,
  menuCategorySchema,
  pagedEnvelope,
  printQuerySchema,
  recipeFiltersSchema,
  recipeIdParamsSchema,
  recipeRowSchema,
  recipeSchema,
  recipesQuerySchema,
  updateRecipeRequestSchema,
  type RecipeFilter,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { badRequest } from '../../platform/errors';
import { PDF_CONTENT_TYPE } from '../../platform/documents/purchase-order';
import { renderRecipesPdf } from './recipes.pdf';
import * as service from './recipes.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['recipes'];
const idAnswer = envelope(z.object({ id: z.number().int() }));

function parseFilters(text: string | undefined): RecipeFilter[] {
  if (!text) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('filters must be a JSON list of { field, operator, value }.', 'validation_error');
  }
  // Read as the field filters, so its texts name it ("filters must be a list.") instead of the library's words.
  const parsed = z.object({ filters: recipeFiltersSchema }).safeParse({ filters: json }, { error: humanErrorMap });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'filters is not a list of filters.';
    throw badRequest(message, 'validation_error', [{ field: 'filters', message }]);
  }
  return parsed.data.filters;
}

/** Recipe costing (doc 2 §7 "Recipes"); every route needs recipe costing enabled for the location. */
export const recipesRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = async (request: Parameters<typeof getAuth>[0]) => {
    const locationId = await requireActiveLocation(request);
    const today = await service.requireRecipeCosting(app.db, locationId);
    return { locationId, today, userId: getAuth(request).userId };
  };

  // ---------------------------------------------------------------- menu categories
  app.get(
    '/recipe-menu-category',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The location's menu categories (value, label)",
        response: { 200: envelope(z.array(menuCategorySchema)), ...errorResponses },
      },
    },
    async (request) => ({ data: await service.listCategories(app.db, (await scope(request)).locationId) }),
  );

  app.post(
    '/recipe-menu-category',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Create a menu category',
        body: menuCategoryRequestSchema,
        response: { 201: envelope(menuCategorySchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.createCategory(app.db, (await scope(request)).locationId, request.body.name) }),
  );

  app.patch(
    '/recipe-menu-category/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Rename a menu category',
        params: menuCategoryIdParamsSchema,
        body: menuCategoryRequestSchema,
        response: { 200: envelope(menuCategorySchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.renameCategory(app.db, (await scope(request)).locationId, request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/recipe-menu-category/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Delete a menu category with its recipes',
        params: menuCategoryIdParamsSchema,
        response: { 200: idAnswer, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.deleteCategory(app.db, (await scope(request)).locationId, request.params.id) }),
  );

  // ---------------------------------------------------------------- recipes
  app.get(
    '/recipe',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'A page of recipes: filters (JSON), expand (posQuantitySold, posTotalSold, menu), bgn_date/end_date, sort, page, limit',
        querystring: recipesQuerySchema,
        response: { 200: pagedEnvelope(recipeRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      // One statement answers (issue 17): the list reads the recipe-costing flag itself; only the
      // default week of POS sales needs the location's date first.
      const locationId = await requireActiveLocation(request);
      const q = request.query;
      const expand = q.expand
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const range =
        q.bgn_date || q.end_date
          ? // A custom range does not read the date.
            getRecipeRange('custom', '', {
              start: (q.bgn_date ?? q.end_date)!.slice(0, 10),
              end: (q.end_date ?? q.bgn_date)!.slice(0, 10),
            })
          : expand.some((e) => e.startsWith('pos'))
            ? getRecipeRange('weekly', await service.requireRecipeCosting(app.db, locationId))
            : null;
      return service.listRecipes(app.db, locationId, {
        filters: parseFilters(q.filters),
        expand,
        range,
        sort: q.sort,
        page: q.page,
        limit: q.limit,
      });
    },
  );

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
    async (request) => service.searchIngredients(app.db, (await scope(request)).locationId, request.query),
  );

  app.get(
    '/recipe/print',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Where to fetch a PDF of the chosen recipes (an authenticated file)',
        querystring: printQuerySchema,
        response: { 200: envelope(z.object({ url: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId } = await scope(request);
      await service.getRecipesForPrint(app.db, locationId, request.query.recipes);
      return { data: { url: `recipe/print.pdf?recipes=${request.query.recipes.join(',')}` } };
    },
  );

  app.get(
    '/recipe/print.pdf',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The chosen recipes as a PDF',
        querystring: printQuerySchema,
        produces: [PDF_CONTENT_TYPE],
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { locationId } = await scope(request);
      const recipes = await service.getRecipesForPrint(app.db, locationId, request.query.recipes);
      const pdf = await renderRecipesPdf(recipes);
      return reply
        .header('Content-Type', PDF_CONTENT_TYPE)
        .header('Content-Disposition', 'inline; filename="recipes.pdf"')
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

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
    async (request) => ({ data: await service.getRecipe(app.db, (await scope(request)).locationId, request.params.id) }),
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

  // ---------------------------------------------------------------- ingredients
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
};
