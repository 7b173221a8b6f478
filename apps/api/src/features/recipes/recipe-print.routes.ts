import { z } from 'zod';
import { envelope, printQuerySchema } from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { PDF_CONTENT_TYPE } from '../../platform/documents/purchase-order';
import { renderRecipesPdf } from './recipes.pdf';
import * as service from './recipe-read.service';
import { createRecipeScope, errorResponses, tags, type RecipesApp } from './recipe-route-parts';

/** Printing recipes (doc 2 §7 "Recipes"): where to fetch the PDF of the chosen recipes, and the PDF. */
export function registerRecipePrintRoutes(app: RecipesApp): void {
  const scope = createRecipeScope(app);

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
}
