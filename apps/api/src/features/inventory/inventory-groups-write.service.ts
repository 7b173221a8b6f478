/**
 * Changes to a list's generic groups (doc 2 §7 "Inventory lists and groups"): create, rename, par
 * level, order, move to another list, delete, and each group's 'Show Items in' unit.
 */
import type { Database } from '@stockpot/db';
import { INVENTORY_TEXTS, NOT_CONVERTIBLE_MESSAGE, toDecimalString, type GenericGroup } from '@stockpot/domain';
import { badRequest } from '../../platform/errors';
import { getLocationContext } from '../catalog/catalog.public';
import * as listsRepo from './inventory-lists.repo';
import * as groupsRepo from './inventory-groups.repo';
import { groupNotFound, listNotFound, requireEditor, withDuplicate } from './inventory-guards';
import { getGroup, readGroups } from './inventory-groups-read.service';

const duplicateGroup = () =>
  badRequest(INVENTORY_TEXTS.duplicateGroup, 'duplicate_group', [{ field: 'name', message: INVENTORY_TEXTS.duplicateGroup }]);

/** Puts `moved` at `position` (0 = top, past the end = bottom) in the order of `ids`. */
function placeAt(ids: readonly number[], moved: number, position: number): number[] {
  const rest = ids.filter((id) => id !== moved);
  const at = Math.min(position, rest.length);
  return [...rest.slice(0, at), moved, ...rest.slice(at)];
}

export async function createGroup(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
  body: { name: string; new_sort?: number },
): Promise<{ id: number; name: string }> {
  if (!(await listsRepo.findList(db, locationId, listId))) throw listNotFound();
  await requireEditor(db, userId);
  const id = await withDuplicate(
    () =>
      db.transaction(async (tx) => {
        if (!(await listsRepo.findList(tx, locationId, listId, true))) throw listNotFound();
        if (await groupsRepo.isGroupNameTaken(tx, locationId, listId, body.name, null)) throw duplicateGroup();
        const order = await groupsRepo.selectGroupOrder(tx, locationId, listId);
        const created = await groupsRepo.insertGroup(tx, locationId, listId, body.name, order.length);
        await groupsRepo.writeGroupOrder(tx, locationId, listId, placeAt(order, created, body.new_sort ?? order.length));
        return created;
      }),
    duplicateGroup,
  );
  return { id, name: body.name };
}

export async function updateGroup(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
  groupId: number,
  body: { name?: string; parLevel?: number; new_sort?: number },
): Promise<GenericGroup> {
  if (!(await groupsRepo.findGroup(db, locationId, listId, groupId))) throw groupNotFound();
  await requireEditor(db, userId);
  await withDuplicate(
    () =>
      db.transaction(async (tx) => {
        if (!(await listsRepo.findList(tx, locationId, listId, true))) throw listNotFound();
        if (!(await groupsRepo.findGroup(tx, locationId, listId, groupId, true))) throw groupNotFound();
        if (body.name !== undefined && (await groupsRepo.isGroupNameTaken(tx, locationId, listId, body.name, groupId)))
          throw duplicateGroup();
        await groupsRepo.updateGroup(tx, locationId, groupId, {
          name: body.name,
          parLevel: body.parLevel === undefined ? undefined : toDecimalString(Math.round(body.parLevel * 100), 2),
        });
        if (body.new_sort !== undefined) {
          const order = await groupsRepo.selectGroupOrder(tx, locationId, listId);
          await groupsRepo.writeGroupOrder(tx, locationId, listId, placeAt(order, groupId, body.new_sort));
        }
      }),
    duplicateGroup,
  );
  return getGroup(db, locationId, listId, groupId, '');
}

export async function deleteGroup(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
  groupId: number,
): Promise<{ id: number }> {
  if (!(await groupsRepo.findGroup(db, locationId, listId, groupId))) throw groupNotFound();
  await requireEditor(db, userId);
  await db.transaction(async (tx) => {
    if (!(await listsRepo.findList(tx, locationId, listId, true))) throw listNotFound();
    if (!(await groupsRepo.findGroup(tx, locationId, listId, groupId, true))) throw groupNotFound();
    // A group that is a recipe's generic ingredient leaves those recipes with it (doc 2 §8 "Delete group").
    await groupsRepo.deleteRecipeIngredientsOfGroup(tx, locationId, groupId);
    await groupsRepo.deleteGroup(tx, locationId, groupId);
    await groupsRepo.writeGroupOrder(tx, locationId, listId, await groupsRepo.selectGroupOrder(tx, locationId, listId));
  });
  return { id: groupId };
}

/** PATCH …/move: the group goes to the end of the target list (the `name` payload carries the target list's id). */
export async function moveGroup(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
  groupId: number,
  targetListId: number,
): Promise<{ id: number; comparisonViewId: number }> {
  if (!(await groupsRepo.findGroup(db, locationId, listId, groupId))) throw groupNotFound();
  if (!(await listsRepo.findList(db, locationId, targetListId))) throw listNotFound();
  await requireEditor(db, userId);
  if (targetListId === listId) return { id: groupId, comparisonViewId: listId };
  await withDuplicate(
    () =>
      db.transaction(async (tx) => {
        // Lock both lists in id order, so two opposite moves cannot deadlock.
        for (const id of [listId, targetListId].sort((a, b) => a - b))
          if (!(await listsRepo.findList(tx, locationId, id, true))) throw listNotFound();
        const group = await groupsRepo.findGroup(tx, locationId, listId, groupId, true);
        if (!group) throw groupNotFound();
        if (await groupsRepo.isGroupNameTaken(tx, locationId, targetListId, group.name, null)) throw duplicateGroup();
        const targetOrder = await groupsRepo.selectGroupOrder(tx, locationId, targetListId);
        await groupsRepo.updateGroup(tx, locationId, groupId, { listId: targetListId, sort: targetOrder.length });
        await groupsRepo.writeGroupOrder(tx, locationId, listId, await groupsRepo.selectGroupOrder(tx, locationId, listId));
      }),
    duplicateGroup,
  );
  return { id: groupId, comparisonViewId: targetListId };
}

/** POST reset-sorts: the list's groups in the order of the ids sent (Save on Rearrange); groups not sent keep their order after them. */
export async function resetGroupOrder(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
  ids: readonly number[],
): Promise<{ groups: number[] }> {
  if (!(await listsRepo.findList(db, locationId, listId))) throw listNotFound();
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw badRequest('Send each group once.', 'invalid_reorder');
  const current = await groupsRepo.selectGroupOrder(db, locationId, listId);
  if (unique.some((id) => !current.includes(id))) throw groupNotFound();
  await requireEditor(db, userId);
  return db.transaction(async (tx) => {
    if (!(await listsRepo.findList(tx, locationId, listId, true))) throw listNotFound();
    const order = await groupsRepo.selectGroupOrder(tx, locationId, listId);
    if (unique.some((id) => !order.includes(id))) throw groupNotFound();
    const next = [...unique, ...order.filter((id) => !unique.includes(id))];
    await groupsRepo.writeGroupOrder(tx, locationId, listId, next);
    return { groups: next };
  });
}

/** POST group-unit: each group's 'Show Items in' unit, which must be one its items convert to. */
export async function setGroupUnits(
  db: Database,
  locationId: number,
  userId: number,
  entries: readonly { groupId: number; unitId: number }[],
): Promise<{ groupId: number; unitId: number; totalOnHand: number }[]> {
  const ids = [...new Set(entries.map((entry) => entry.groupId))];
  const groups = await groupsRepo.findGroupsByIds(db, locationId, ids);
  if (groups.length !== ids.length) throw groupNotFound();
  await requireEditor(db, userId);
  const ctx = await getLocationContext(db, locationId);
  const read = await readGroups(db, ctx, groups, false);
  for (const entry of entries) {
    const group = read.find((g) => g.id === entry.groupId)!;
    if (!group.units.some((unit) => unit.id === entry.unitId)) {
      throw badRequest(NOT_CONVERTIBLE_MESSAGE, 'not_convertible', [{ field: 'unitId', message: NOT_CONVERTIBLE_MESSAGE }]);
    }
  }
  await db.transaction(async (tx) => {
    for (const entry of entries) await groupsRepo.updateGroup(tx, locationId, entry.groupId, { unitId: entry.unitId });
  });
  const after = await readGroups(db, ctx, await groupsRepo.findGroupsByIds(db, locationId, ids), false);
  return entries.map((entry) => ({
    groupId: entry.groupId,
    unitId: entry.unitId,
    totalOnHand: after.find((g) => g.id === entry.groupId)!.totalOnHand,
  }));
}
