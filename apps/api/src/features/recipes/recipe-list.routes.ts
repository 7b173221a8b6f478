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
import { requireActiveLocation } from '../../platform/location-scope';
import { badRequest } from '../../platform/errors';
import { requireRecipeCosting } from './recipe-guards';
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
            ? getRecipeRange('weekly', await requireRecipeCosting(app.db, locationId))
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
}
