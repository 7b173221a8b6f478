import { sql } from 'drizzle-orm';
import type { Database } from '@stockpot/db';
import {
  getAppendSortIndex,
  getDuplicateListNameMessage,
  getSortMoveProblem,
  renumberSortIndexes,
  parseCents,
  SHOPPING_LIST_FULL_MESSAGE,
  SHOPPING_LIST_MAX_ITEMS,
  toPageMeta,
  type PageMeta,
  type ShoppingList,
  type ShoppingListItem,
  type ShoppingListSummary,
  getUnitPrice,
} from '@stockpot/domain';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { placeInSequence, type SortSequence } from '../../platform/sort-order';
import { getLocationContext, selectItemRows, type ItemRow, type LocationContext } from '../catalog/catalog.public';
import { getEffectivePrice } from '../../platform/item-price';
import * as repo from './shopping-lists.repo';
import type { ListItemRow } from './shopping-lists.repo';

const listNotFound = () => notFound('Shopping list');
const itemNotFound = () => notFound('Item');

/** A list row as doc 1 §3 "Shopping list" has it; the price is the effective price (doc 1 §4), as the cart uses. */
function toShoppingListItem(row: ItemRow, listRow: ListItemRow, ctx: LocationContext): ShoppingListItem {
  return {
    id: listRow.id,
    itemId: row.itemId,
    itemDistributorId: row.itemDistributorId,
    name: row.name,
    brand: row.brand,
    distributor: row.distributor,
    distributorId: row.distributorId,
    din: row.din,
    price: getEffectivePrice(row),
    unitPrice: getUnitPrice(getEffectivePrice(row), row.unitMeasure, row.packSize).unitPrice,
    unitMeasure: row.unitMeasure,
    packSize: row.packSize,
    imageUrl: row.imageUrl,
    isPunchedOut: row.isPunchedOut,
    isUnpurchasable: row.isUnpurchasable,
    isMarketPrice: row.isMarketPrice,
    isCatchWeight: row.isCatchWeight,
    rebate: ctx.displayRebate ? parseCents(row.rebate) : 0,
    status: row.status,
    customDescription: null,
    sortIndex: listRow.sortIndex,
  };
}

async function readItems(db: Database, ctx: LocationContext, listRows: ListItemRow[]): Promise<ShoppingListItem[]> {
  if (listRows.length === 0) return [];
  const rows = await selectItemRows(db, ctx, repo.listItemsSource(ctx.locationId, listRows));
  const byId = new Map(listRows.map((row) => [row.itemDistributorId, row]));
  return rows.map((row) => toShoppingListItem(row, byId.get(row.itemDistributorId)!, ctx));
}

/** A unique-index violation from either driver (a name taken by a concurrent create or rename). */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function duplicateName(name: string): AppError {
  return badRequest(getDuplicateListNameMessage(name), 'duplicate_list_name', [
    { field: 'name', message: getDuplicateListNameMessage(name) },
  ]);
}

/** GET shopping-lists: every list of the location, by name, with its item count. */
export function listShoppingLists(db: Database, locationId: number): Promise<ShoppingListSummary[]> {
  return repo.selectLists(db, locationId);
}

/** GET shopping-lists/{id}: the list with all of its items in list order; a foreign id is a 404. */
export async function getShoppingList(db: Database, locationId: number, listId: number): Promise<ShoppingList> {
  const list = await repo.findList(db, locationId, listId);
  if (!list) throw listNotFound();
  const ctx = await getLocationContext(db, locationId);
  const listRows = await repo.selectListItemRows(db, locationId, listId);
  return {
    id: list.id,
    name: list.name,
    itemCount: listRows.length,
    itemDistributorIds: listRows.map((row) => row.itemDistributorId),
    itemList: await readItems(db, ctx, listRows),
  };
}

/** GET shopping-lists/{id}/items: one page of the list's items with `_meta`. */
export async function getShoppingListItems(
  db: Database,
  locationId: number,
  listId: number,
  page: number,
  limit: number,
): Promise<{ data: ShoppingListItem[]; _meta: PageMeta }> {
  const list = await repo.findList(db, locationId, listId);
  if (!list) throw listNotFound();
  const ctx = await getLocationContext(db, locationId);
  const total = await repo.countItems(db, locationId, listId);
  const listRows = await repo.selectListItemRows(db, locationId, listId, { limit, offset: (page - 1) * limit });
  return { data: await readItems(db, ctx, listRows), _meta: toPageMeta(total, page, limit) };
}

/**
 * POST shopping-lists: a new list, its name unique in the location (case-insensitively), with the
 * given items in the order sent. Items not in the location's catalogue are a 404, as every foreign id.
 */
export async function createShoppingList(
  db: Database,
  locationId: number,
  userId: number,
  body: { name: string; itemList: { itemDistributorId: number }[] },
): Promise<ShoppingList> {
  const ids = [...new Set(body.itemList.map((entry) => entry.itemDistributorId))];
  let listId: number;
  try {
    listId = await db.transaction(async (tx) => {
      if (await repo.isNameTaken(tx, locationId, body.name, null)) throw duplicateName(body.name);
      const known = await repo.findLocationItemIds(tx, locationId, ids);
      if (ids.some((id) => !known.has(id))) throw itemNotFound();
      const id = await repo.insertList(tx, locationId, body.name, userId);
      const indexes = renumberSortIndexes(ids.length);
      await repo.insertItems(
        tx,
        locationId,
        id,
        ids.map((itemDistributorId, position) => ({ itemDistributorId, sortIndex: indexes[position] })),
      );
      return id;
    });
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error)) throw duplicateName(body.name);
    throw error;
  }
  return getShoppingList(db, locationId, listId);
}

/** PATCH shopping-lists/{id}: a new name, under the same uniqueness rule. */
export async function renameShoppingList(
  db: Database,
  locationId: number,
  listId: number,
  name: string,
): Promise<{ id: number; name: string }> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await repo.lockList(tx, locationId, listId))) throw listNotFound();
      if (await repo.isNameTaken(tx, locationId, name, listId)) throw duplicateName(name);
      await repo.renameList(tx, locationId, listId, name);
      return { id: listId, name };
    });
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

/** DELETE shopping-lists/{id}: the list and its rows; the catalogue's items stay as they are. */
export async function deleteShoppingList(db: Database, locationId: number, listId: number): Promise<{ id: number }> {
  if (!(await repo.deleteList(db, locationId, listId))) throw listNotFound();
  return { id: listId };
}

/**
 * POST shopping-lists/{id}/add-one: appends one of the location's items at the bottom. Adding an
 * item already on the list changes nothing and says so (`isAdded: false`).
 */
export async function addOneItem(
  db: Database,
  locationId: number,
  listId: number,
  itemDistributorId: number,
): Promise<{ item: ShoppingListItem; isAdded: boolean }> {
  const isAdded = await db.transaction(async (tx) => {
    if (!(await repo.lockList(tx, locationId, listId))) throw listNotFound();
    if (!(await repo.findLocationItemIds(tx, locationId, [itemDistributorId])).has(itemDistributorId)) throw itemNotFound();
    if (await repo.findListItem(tx, locationId, listId, itemDistributorId)) return false;
    if ((await repo.countItems(tx, locationId, listId)) >= SHOPPING_LIST_MAX_ITEMS) {
      throw badRequest(SHOPPING_LIST_FULL_MESSAGE, 'shopping_list_full');
    }
    const sortIndex = getAppendSortIndex(await repo.findMaxSortIndex(tx, locationId, listId));
    await repo.insertItems(tx, locationId, listId, [{ itemDistributorId, sortIndex }]);
    await repo.touchList(tx, locationId, listId);
    return true;
  });
  const ctx = await getLocationContext(db, locationId);
  const listRow = await repo.findListItem(db, locationId, listId, itemDistributorId);
  if (!listRow) throw itemNotFound();
  const [item] = await readItems(db, ctx, [listRow]);
  return { item, isAdded };
}

/** DELETE shopping-lists/{id}/{itemId}: takes the item (by item-distributor id) off the list. */
export async function removeItem(
  db: Database,
  locationId: number,
  listId: number,
  itemDistributorId: number,
): Promise<{ id: number; itemDistributorId: number }> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockList(tx, locationId, listId))) throw listNotFound();
    if (!(await repo.deleteListItem(tx, locationId, listId, itemDistributorId))) throw itemNotFound();
    await repo.touchList(tx, locationId, listId);
    return { id: listId, itemDistributorId };
  });
}

/** A shopping list as a sequence of the one reorder rule, in its order (sort index, then id). */
function listSequence(locationId: number, listId: number): SortSequence {
  return {
    table: 'shopping_list_items',
    scope: (s) => sql`${s}.location_id = ${locationId} AND ${s}.shopping_list_id = ${listId}`,
    renumberOrder: sql`s.sort_index, s.id`,
  };
}

export interface ReorderInput {
  item_distributor_id: number;
  item_distributor_ids: number[];
  reference_sort_index: number | null;
  tag_id: number;
  special: 'top' | 'bottom' | null;
}

/**
 * Reorder a list item (doc 1 §7) in the list `tag_id`: to the top, to the bottom, or right after
 * the item now above it (the first of item_distributor_ids). The new index is halfway between the
 * neighbours the server finds; when they have no room left the list is renumbered first.
 * `reference_sort_index` is what the client saw and is not trusted.
 */
export async function reorderItem(
  db: Database,
  locationId: number,
  input: ReorderInput,
): Promise<{ itemDistributorId: number; sortIndex: number }> {
  const id = input.item_distributor_id;
  const listId = input.tag_id;
  const [above] = input.item_distributor_ids;
  const problem = getSortMoveProblem({ movedId: id, neighbourIds: input.item_distributor_ids, special: input.special });
  if (problem === 'own-neighbour') throw badRequest('An item cannot be its own neighbour.', 'invalid_reorder');
  if (problem === 'no-place') {
    throw badRequest(
      "Send the item now above the moved one in item_distributor_ids, or special 'top' or 'bottom'.",
      'invalid_reorder',
    );
  }
  return db.transaction(async (tx) => {
    if (!(await repo.lockList(tx, locationId, listId))) throw listNotFound();
    const moved = await repo.findListItem(tx, locationId, listId, id);
    if (!moved) throw itemNotFound();
    const neighbour =
      above === undefined || input.special === 'top' ? null : await repo.findListItem(tx, locationId, listId, above);
    if (above !== undefined && input.special !== 'top' && !neighbour) throw itemNotFound();

    const sortIndex = await placeInSequence(tx, listSequence(locationId, listId), {
      movedId: id,
      aboveId: above ?? null,
      special: input.special,
    });
    await repo.touchList(tx, locationId, listId);
    return { itemDistributorId: id, sortIndex };
  });
}
