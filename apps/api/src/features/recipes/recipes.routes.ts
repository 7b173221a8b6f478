import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerMenuCategoryRoutes } from './menu-categories.routes';
import { registerRecipeCopyRoutes } from './recipe-copy.routes';
import { registerRecipeCrudRoutes } from './recipe-crud.routes';
import { registerIngredientSearchRoutes, registerRecipeIngredientRoutes } from './recipe-ingredients.routes';
import { registerRecipeListRoutes } from './recipe-list.routes';
import { registerRecipePrintRoutes } from './recipe-print.routes';

/**
 * Recipe costing (doc 2 §7 "Recipes"); every route needs recipe costing enabled for the location.
 * One route module per job, registered in the order the routes always were.
 */
export const recipesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerMenuCategoryRoutes(app);
  registerRecipeListRoutes(app);
  registerIngredientSearchRoutes(app);
  registerRecipePrintRoutes(app);
  registerRecipeCrudRoutes(app);
  registerRecipeCopyRoutes(app);
  registerRecipeIngredientRoutes(app);
};
