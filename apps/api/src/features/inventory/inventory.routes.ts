import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerInventoryAnswersSweep } from './inventory-answers.job';
import { registerInventoryAcrossListsRoutes } from './inventory-across-lists.routes';
import { registerInventoryGroupItemRoutes } from './inventory-group-items.routes';
import { registerInventoryGroupRoutes } from './inventory-groups.routes';
import { registerInventoryItemHistoryRoutes } from './inventory-item-history.routes';
import { registerInventoryListRoutes } from './inventory-lists.routes';

/** The inventory comparison view (doc 2 §7 "Inventory lists and groups", "Group items"), one route module per job. */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerInventoryAnswersSweep(app);
  registerInventoryListRoutes(app);
  registerInventoryAcrossListsRoutes(app);
  registerInventoryGroupRoutes(app);
  registerInventoryGroupItemRoutes(app);
  registerInventoryItemHistoryRoutes(app);
};
