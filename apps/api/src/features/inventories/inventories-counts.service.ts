/**
 * Counting against the inventory under way: one item's count (the count it replaces goes to
 * history) and the offline batch sync (doc 2 §4 "Returning online").
 */
import { type Database } from '@stockpot/db';
import { resolveCountConflict, type UpdateItemBatchRequest, type UpdateItemBatchResponse } from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import * as inventoryView from '../inventory/inventory.public';
import * as repo from './inventories.repo';
import { NOT_ACTIVE, inventoryNotFound, requireEnabled } from './inventories-guards';

/** Writes counts through the comparison view's on-hand rule (it keys a catalogue item by its offer id). */
function writeCount(
  tx: Database,
  locationId: number,
  item: repo.CountedGroupItem,
  counts: { onHand?: number; onHandPack?: number; onHandUom?: number },
) {
  const key = item.kind === 'item' ? item.itemDistributorId! : item.id;
  return inventoryView.updateOnHand(tx, locationId, item.listId, item.groupId, item.kind, key, counts);
}

/** PATCH /inventory/{id}/item/{itemId}: a count against the active inventory; the count it replaces goes to history. */
export async function countItem(
  db: Database,
  locationId: number,
  userId: number,
  inventoryId: number,
  itemId: number,
  body: { onHand?: number; onHandPack?: number; onHandUom?: number },
): Promise<{ collectiveOnHand: number; collectiveOnHandUom: string; totalOnHand: number; totalOnHandAmount: number }> {
  await requireEnabled(db, locationId);
  const inventory = await repo.findInventory(db, locationId, inventoryId);
  if (!inventory) throw inventoryNotFound();
  const item = await repo.findCountedItem(db, locationId, itemId);
  if (!item) throw notFound('Item');
  if (inventory.status !== 'active') throw badRequest(NOT_ACTIVE);
  return db.transaction(async (tx) => {
    const current = await repo.findCountedItem(tx, locationId, itemId, undefined, true);
    if (!current) throw notFound('Item');
    await repo.insertHistory(tx, {
      locationId,
      groupItemId: itemId,
      inventoryId,
      onHand: current.onHand,
      onHandPack: current.onHandPack,
      onHandUom: current.onHandUom,
      countedAt: current.updatedAt,
      reason: 'replaced',
      userId,
      batchId: null,
    });
    return writeCount(tx, locationId, current, body);
  });
}

/**
 * PATCH /comparison-views/update-item-batch (doc 2 §4 "Returning online"): every offline edit in
 * one transaction. A batch id seen before answers its first result and writes nothing; per item,
 * the later count wins (resolveCountConflict) and the other one is kept in the item's history.
 */
export async function applyItemBatch(
  db: Database,
  locationId: number,
  userId: number,
  body: UpdateItemBatchRequest,
): Promise<UpdateItemBatchResponse> {
  await requireEnabled(db, locationId);
  return db.transaction(async (tx) => {
    if (!(await repo.claimBatch(tx, locationId, userId, body.batchId))) {
      const previous = (await repo.findBatchResult(tx, locationId, body.batchId)) as UpdateItemBatchResponse;
      return { ...previous, replayed: true };
    }
    const itemIds = [...new Set(body.batch.map((entry) => entry.id))].sort((a, b) => a - b);
    await repo.lockCountedItems(tx, locationId, itemIds);
    const flags = await repo.findLocationFlags(tx, locationId);
    const inventoryId = flags?.activeInventoryId ?? null;
    let applied = 0;
    let kept = 0;
    for (const entry of body.batch) {
      const current = await repo.findCountedItem(tx, locationId, entry.id, entry.genericGroupId, true);
      if (!current) throw notFound('Item');
      const history = { locationId, groupItemId: entry.id, inventoryId, userId, batchId: body.batchId };
      if (resolveCountConflict(current.updatedAt, entry.countedAt) === 'keep') {
        await repo.insertHistory(tx, {
          ...history,
          onHand: String(entry.onHand),
          onHandPack: String(entry.onHandPack),
          onHandUom: String(entry.onHandUom),
          countedAt: entry.countedAt,
          reason: 'superseded',
        });
        kept++;
        continue;
      }
      await repo.insertHistory(tx, {
        ...history,
        onHand: current.onHand,
        onHandPack: current.onHandPack,
        onHandUom: current.onHandUom,
        countedAt: current.updatedAt,
        reason: 'replaced',
      });
      await writeCount(tx, locationId, current, {
        onHand: entry.onHand,
        onHandPack: entry.onHandPack,
        onHandUom: entry.onHandUom,
      });
      await repo.setCountedAt(tx, locationId, entry.id, entry.countedAt);
      applied++;
    }
    if (body.comparisonViewId !== undefined && !(await repo.clearOnInventory(tx, locationId, body.comparisonViewId)))
      throw notFound('Inventory list');
    const result: UpdateItemBatchResponse = { batchId: body.batchId, applied, kept, replayed: false };
    await repo.saveBatchResult(tx, locationId, body.batchId, result);
    return result;
  });
}
