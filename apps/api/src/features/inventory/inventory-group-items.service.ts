/**
 * A group's items (doc 2 §7 "Group items"): link catalogue offers and sub-recipes, add a custom
 * item, take one out, toggle the preferred heart, and the Add/Link dialog's catalogue search.
 */
import type { Database } from '@stockpot/db';
import {
  parseCents,
  toDecimalString,
  toPageMeta,
  type CustomItemRequest,
  type GenericGroup,
  type GroupItem,
  type ItemFilterQuery,
  type LinkCandidate,
  type PageMeta,
} from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { toItemFilters } from '../../platform/item-filters-sql';
import { getLocationContext } from '../catalog/catalog.public';
import * as groupsRepo from './inventory-groups.repo';
import * as itemsRepo from './inventory-group-items.repo';
import type { GroupItemRow } from './inventory-group-items.repo';
import { groupNotFound, itemNotFound, requireEditor, requireGroup } from './inventory-guards';
import { getGroup } from './inventory-groups-read.service';

const subRecipeNotFound = () => notFound('Sub-recipe');
export const NOT_A_SUB_RECIPE =
  'Only a recipe marked as a sub-recipe can be linked to a generic group. Mark it as a sub-recipe in recipe costing first.';
export const NOTHING_TO_LINK = 'Choose at least one item or sub-recipe to link.';

/**
 * Link items (doc 2 §7 "Link items to a group"): offers of the location's catalogue and the
 * location's sub-recipes; ones already in the group are kept once.
 */
export async function linkItems(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
  groupId: number,
  body: { items: number[]; subrecipes: number[] },
): Promise<GenericGroup> {
  await requireGroup(db, locationId, listId, groupId);
  const ids = [...new Set(body.items)];
  const known = await itemsRepo.findLocationItemIds(db, locationId, ids);
  if (ids.some((id) => !known.has(id))) throw itemNotFound();
  const subIds = [...new Set(body.subrecipes)];
  const checkSubRecipes = (found: Map<number, boolean>) => {
    if (subIds.some((id) => !found.has(id))) throw subRecipeNotFound();
    if (subIds.some((id) => !found.get(id)))
      throw badRequest(NOT_A_SUB_RECIPE, 'bad_request', [{ field: 'subrecipes', message: NOT_A_SUB_RECIPE }]);
  };
  checkSubRecipes(await itemsRepo.findLocationRecipes(db, locationId, subIds));
  if (ids.length === 0 && subIds.length === 0)
    throw badRequest(NOTHING_TO_LINK, 'validation_error', [{ field: 'items', message: NOTHING_TO_LINK }]);
  await requireEditor(db, userId);
  await db.transaction(async (tx) => {
    if (!(await groupsRepo.findGroup(tx, locationId, listId, groupId, true))) throw groupNotFound();
    // Re-read under a share lock: a recipe switched off as a sub-recipe meanwhile is not linked.
    checkSubRecipes(await itemsRepo.findLocationRecipes(tx, locationId, subIds, true));
    await itemsRepo.linkItems(tx, locationId, groupId, ids);
    await itemsRepo.linkSubRecipes(tx, locationId, groupId, subIds);
  });
  return getGroup(db, locationId, listId, groupId);
}

export async function addCustomItem(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
  groupId: number,
  body: CustomItemRequest,
): Promise<GroupItem> {
  await requireGroup(db, locationId, listId, groupId);
  await requireEditor(db, userId);
  const packSize = `${body.packSize.outerPack}/${body.packSize.innerPack} ${body.packSize.uom}`;
  const id = await db.transaction(async (tx) => {
    if (!(await groupsRepo.findGroup(tx, locationId, listId, groupId, true))) throw groupNotFound();
    return itemsRepo.insertCustomItem(tx, locationId, groupId, {
      description: body.description,
      distributor: body.distributor,
      unitMeasure: body.unitMeasure,
      price: toDecimalString(Math.round(body.price * 100), 2),
      packSize,
      din: body.din.trim(),
      brand: body.brand.trim(),
    });
  });
  const group = await getGroup(db, locationId, listId, groupId);
  return group.items!.find((item) => item.id === id)!;
}

export async function removeGroupItem(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
  groupId: number,
  kind: GroupItemRow['kind'],
  itemId: number,
): Promise<{ id: number }> {
  await requireGroup(db, locationId, listId, groupId);
  await db.transaction(async (tx) => {
    const row = await itemsRepo.findGroupItem(tx, locationId, groupId, kind, itemId);
    if (!row) throw itemNotFound();
    await requireEditor(tx, userId);
    await itemsRepo.deleteGroupItem(tx, locationId, row.id);
  });
  return { id: itemId };
}

/** POST generic-item/toggle-is-preferred/{id} (doc 2 §7): flips the preferred flag of a group item (its row id). */
export async function togglePreferred(
  db: Database,
  locationId: number,
  userId: number,
  id: number,
): Promise<{ is_preferred: boolean }> {
  return db.transaction(async (tx) => {
    const row = await itemsRepo.findGroupItemById(tx, locationId, id);
    if (!row) throw itemNotFound();
    await requireEditor(tx, userId);
    await itemsRepo.setPreferred(tx, locationId, id, !row.isPreferred);
    return { is_preferred: !row.isPreferred };
  });
}

export async function searchLinkCandidates(
  db: Database,
  locationId: number,
  listId: number,
  groupId: number,
  query: { search: string; page: number; limit: number } & ItemFilterQuery,
): Promise<{ data: LinkCandidate[]; _meta: PageMeta }> {
  await requireGroup(db, locationId, listId, groupId);
  const ctx = await getLocationContext(db, locationId);
  const rows = await itemsRepo.searchCandidates(db, locationId, groupId, ctx.today, query.search, toItemFilters(query), {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map(({ total: _total, price, ...row }) => ({ ...row, price: parseCents(price) })),
    _meta: toPageMeta(rows[0]?.total ?? 0, query.page, query.limit),
  };
}
