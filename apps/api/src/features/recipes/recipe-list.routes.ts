import { z } from 'zod';
import {
  humanErrorMap,
  getRecipeRange,
  pagedEnvelope,
  recipeFiltersSchema,
  recipeRowSchema,
  recipesQuerySchema,
  type RecipeFilter,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { answerFormat, sendKept } from '../../platform/kept-reads';
import { requireActiveLocation } from '../../platform/location-scope';
import { badRequest } from '../../platform/errors';
import * as service from './recipe-list.service';
import { errorResponses, tags, type RecipesApp } from './recipe-route-parts';

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

const recipePageSchema = pagedEnvelope(recipeRowSchema);
const RECIPE_PAGE_FORMAT = answerFormat(1, [recipePageSchema]);

/** The recipe list (doc 2 §7 "Recipes"): filters, expand, the POS sales range, sort and paging. */
export function registerRecipeListRoutes(app: RecipesApp): void {
  app.get(
    '/recipe',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'A page of recipes: filters (JSON), expand (posQuantitySold, posTotalSold, menu), bgn_date/end_date, sort, page, limit',
        querystring: recipesQuerySchema,
        response: { 200: recipePageSchema, ...errorResponses },
      },
      config: { locationContext: true },
    },
    // A kept read (platform/kept-reads.ts): recipes, their stored costs, menu categories and POS
    // sales change when someone writes them, and those writes mark the location (migration 0060).
    // The default week of POS sales ends on the location's date, which a kept answer is kept under.
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const q = request.query;
      const filters = parseFilters(q.filters);
      const expand = q.expand
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const custom =
        q.bgn_date || q.end_date
          ? { start: (q.bgn_date ?? q.end_date)!.slice(0, 10), end: (q.end_date ?? q.bgn_date)!.slice(0, 10) }
          : null;
      const weekly = custom === null && expand.some((e) => e.startsWith('pos'));
      const page = { filters, expand, custom, weekly, sort: q.sort, page: q.page, limit: q.limit };
      return sendKept(reply, {
        locationId,
        key: `${RECIPE_PAGE_FORMAT};recipes;${JSON.stringify(page)}`,
        build: (db, ctx) =>
          service.listRecipes(db, locationId, {
            filters,
            expand,
            range: custom ? getRecipeRange('custom', '', custom) : weekly ? getRecipeRange('weekly', ctx.today) : null,
            sort: q.sort,
            page: q.page,
            limit: q.limit,
          }),
        schema: recipePageSchema,
      });
    },
  );
}
