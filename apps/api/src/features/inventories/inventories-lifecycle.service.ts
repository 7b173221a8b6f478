/**
 * The inventory lifecycle (doc 2 §4 "Inventory lifecycle"; doc 3 §4 "Inventory completion"):
 * start (clears every on-hand value), complete (a snapshot of every item with its price and value
 * at that moment, then on-hand zeroed), reopen (owner title only).
 */
import { type Database } from '@stockpot/db';
import { INVENTORIES_TEXTS, canReopenInventory, toDecimalString, type PastInventory } from '@stockpot/domain';
import { badRequest, forbidden } from '../../platform/errors';
import { getLocationContext } from '../catalog/catalog.public';
import * as repo from './inventories.repo';
import {
  ALREADY_ACTIVE,
  ALREADY_COMPLETE,
  NOT_COMPLETE,
  NOTHING_TO_COMPLETE,
  OTHER_ACTIVE,
  inventoryNotFound,
  requireEnabled,
  toPastInventory,
} from './inventories-guards';
import { readLive, sumViews, toSnapshotRows } from './inventories-views';

export async function startInventory(
  db: Database,
  locationId: number,
  userId: number,
  startDate: string,
): Promise<PastInventory> {
  await requireEnabled(db, locationId);
  const id = await db.transaction(async (tx) => {
    const flags = await repo.findLocationFlags(tx, locationId, true);
    if (flags?.activeInventoryId) throw badRequest(ALREADY_ACTIVE);
    const created = await repo.insertInventory(tx, locationId, userId, startDate);
    await repo.setActiveInventory(tx, locationId, created);
    await repo.zeroOnHand(tx, locationId);
    return created;
  });
  const row = await repo.findInventory(db, locationId, id);
  return toPastInventory(row!);
}

/**
 * Complete (doc 2 §4): the active inventory's items are copied with their prices and values, the
 * active inventory is cleared and every on-hand value zeroed, in one transaction.
 */
export async function completeInventory(
  db: Database,
  locationId: number,
  userId: number,
  inventoryId?: number,
): Promise<PastInventory> {
  await requireEnabled(db, locationId);
  const ctx = await getLocationContext(db, locationId);
  const id = await db.transaction(async (tx) => {
    const flags = await repo.findLocationFlags(tx, locationId, true);
    const active = flags?.activeInventoryId ?? null;
    if (inventoryId !== undefined && inventoryId !== active) {
      const named = await repo.findInventory(tx, locationId, inventoryId);
      if (!named) throw inventoryNotFound();
      throw badRequest(ALREADY_COMPLETE);
    }
    if (active === null) throw badRequest(NOTHING_TO_COMPLETE);
    const views = await readLive(tx, locationId, active);
    await repo.insertSnapshot(tx, locationId, active, toSnapshotRows(views));
    await repo.markCompleted(tx, locationId, active, userId, ctx.today, toDecimalString(sumViews(views), 2));
    await repo.setActiveInventory(tx, locationId, null);
    await repo.zeroOnHand(tx, locationId);
    return active;
  });
  return toPastInventory((await repo.findInventory(db, locationId, id))!);
}

/**
 * Reopen (doc 2 §4, §6): owner title only. The inventory becomes the active one again and its
 * counts go back on the items that still exist (the others start at 0), so the counter corrects
 * what was counted; completing again takes a new snapshot.
 */
export async function reopenInventory(
  db: Database,
  locationId: number,
  userId: number,
  inventoryId: number,
): Promise<PastInventory> {
  await requireEnabled(db, locationId);
  if (!(await repo.findInventory(db, locationId, inventoryId))) throw inventoryNotFound();
  if (!canReopenInventory(await repo.findUserTitle(db, userId))) throw forbidden(INVENTORIES_TEXTS.reopenOwnerOnly);
  await db.transaction(async (tx) => {
    const flags = await repo.findLocationFlags(tx, locationId, true);
    const row = await repo.findInventory(tx, locationId, inventoryId, true);
    if (!row) throw inventoryNotFound();
    if (row.status !== 'completed') throw badRequest(NOT_COMPLETE);
    if (flags?.activeInventoryId) throw badRequest(OTHER_ACTIVE);
    await repo.zeroOnHand(tx, locationId);
    await repo.restoreCounts(tx, locationId, inventoryId);
    await repo.markReopened(tx, locationId, inventoryId);
    await repo.setActiveInventory(tx, locationId, inventoryId);
  });
  return toPastInventory((await repo.findInventory(db, locationId, inventoryId))!);
}
