import { z } from 'zod';
import { listItemSchema } from './catalog.schema';

/**
 * One generic group an item is linked in (doc 2 "Generic group"), with the group's catalogue items
 * as the place-order list shows them. Punched-out and custom items (and sub-recipes) are filtered
 * out of the answer (doc 1 §7 "Item-distributor groups for linked items").
 */
export const linkedItemGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The inventory list (comparison view) the group belongs to. */
  inventoryListId: z.number().int(),
  inventoryListName: z.string(),
  items: z.array(listItemSchema),
});
export type LinkedItemGroup = z.infer<typeof linkedItemGroupSchema>;

/** GET /items/{id}/linked-items (path not shown in doc 1 §7): the item's groups, list order then group order. */
export const linkedItemsSchema = z.object({
  itemDistributorId: z.number().int(),
  groups: z.array(linkedItemGroupSchema),
});
export type LinkedItems = z.infer<typeof linkedItemsSchema>;
