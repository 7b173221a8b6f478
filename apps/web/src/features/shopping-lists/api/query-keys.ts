import { getShoppingListsQueryKey } from '../../../shared/ordering-options/use-ordering-options';

export { getShoppingListsQueryKey };

/** Every shopping-list query of a location starts with this, so one invalidation reaches them all. */
export const getShoppingListsRootKey = (locationId: number | null) => ['shopping-lists', locationId] as const;
export const getShoppingListQueryKey = (locationId: number | null, listId: number) =>
  ['shopping-lists', locationId, 'detail', listId] as const;
export const getShoppingListItemsQueryKey = (locationId: number | null, listId: number, limit: number) =>
  ['shopping-lists', locationId, 'items', listId, limit] as const;
