import { z } from 'zod';
import { envelope, menuCategoryIdParamsSchema, menuCategoryRequestSchema, menuCategorySchema } from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import * as service from './menu-categories.service';
import { createRecipeScope, errorResponses, idAnswer, tags, type RecipesApp } from './recipe-route-parts';

/** Menu categories (doc 2 §7 "Recipes"): list, create, rename, delete with their recipes. */
export function registerMenuCategoryRoutes(app: RecipesApp): void {
  const scope = createRecipeScope(app);

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
}
