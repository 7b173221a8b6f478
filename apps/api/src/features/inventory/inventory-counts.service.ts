/**
 * Counting on hand (doc 2 §4): a group item's counts with their totals recomputed here from its
 * pack size and today's price, the pack size it is counted in, and the cases a delivery adds.
 */
import type { Database } from '@stockpot/db';
import { canEditPackSize, getOnHandTotals, toDecimalString, type GroupItem } from '@stockpot/domain';
import { badRequest } from '../../platform/errors';
import { getLocationContext, type ItemRow } from '../catalog/catalog.public';
import { getSubRecipeStock, type SubRecipeStock } from '../recipes/recipes.public';
import * as itemsRepo from './inventory-group-items.repo';
import * as countsRepo from './inventory-counts.repo';
import type { GroupItemRow } from './inventory-group-items.repo';
import { itemNotFound, requireEditor, requireGroup } from './inventory-guards';
import { getGroup } from './inventory-groups-read.service';
import { getStockFacts, num, selectLinkedOffers } from './inventory-item-view';

/**
 * Writes a group item's counts with the totals of doc 2 §4 recomputed from its pack size and
 * today's price (`cat`, the linked offer's catalogue row; none for a custom item).
 */
async function writeCounts(
  tx: Database,
  locationId: number,
  row: GroupItemRow,
  cat: ItemRow | undefined,
  counts: { onHand: number; onHandPack: number; onHandUom: number },
  sub?: SubRecipeStock,
) {
  const { packSize, unitMeasure, price } = getStockFacts(row, cat, sub);
  const totals = getOnHandTotals({ packSize, unitMeasure, price }, counts);
  await countsRepo.writeOnHand(tx, locationId, row.id, {
    onHand: String(counts.onHand),
    onHandPack: String(counts.onHandPack),
    onHandUom: String(counts.onHandUom),
    totalOnHand: String(totals.totalOnHand),
    totalOnHandAmount: toDecimalString(totals.totalOnHandAmount, 2),
  });
  return totals;
}

/**
 * PATCH …/item/{itemId}, …/custom/{id} and …/subrecipe/{id}: new counts; the totals are recomputed
 * here (doc 2 §4), not trusted from the client.
 */
export async function updateOnHand(
  db: Database,
  locationId: number,
  listId: number,
  groupId: number,
  kind: GroupItemRow['kind'],
  itemId: number,
  body: { onHand?: number; onHandPack?: number; onHandUom?: number },
): Promise<{ collectiveOnHand: number; collectiveOnHandUom: string; totalOnHand: number; totalOnHandAmount: number }> {
  await requireGroup(db, locationId, listId, groupId);
  const ctx = await getLocationContext(db, locationId);
  return db.transaction(async (tx) => {
    const row = await itemsRepo.findGroupItem(tx, locationId, groupId, kind, itemId);
    if (!row) throw itemNotFound();
    const offers = await selectLinkedOffers(tx, ctx, [row]);
    const sub =
      row.subRecipeId === null ? undefined : (await getSubRecipeStock(tx, locationId, [row.subRecipeId])).get(row.subRecipeId);
    if (row.kind === 'subrecipe' && !sub) throw itemNotFound();
    const counts = {
      onHand: body.onHand ?? num(row.onHand),
      onHandPack: body.onHandPack ?? num(row.onHandPack),
      onHandUom: body.onHandUom ?? num(row.onHandUom),
    };
    return writeCounts(tx, locationId, row, offers.get(row.itemDistributorId ?? 0), counts, sub);
  });
}

export const CATCH_WEIGHT_PACK_SIZE_MESSAGE = 'The pack size of a catch-weight item cannot be changed: it is counted by weight.';

/**
 * Change pack size (doc 2 §5 Edit Packsize / Default Packsize, §7): the pack size this group item
 * is counted in, or null for the catalogue's. The counts stay; their totals are recomputed with the
 * new pack in the same transaction. Answers the item as the view shows it.
 */
export async function changePackSize(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
  groupId: number,
  itemDistributorId: number,
  packSize: string | null,
): Promise<GroupItem> {
  await requireGroup(db, locationId, listId, groupId);
  await requireEditor(db, userId);
  const ctx = await getLocationContext(db, locationId);
  const rowId = await db.transaction(async (tx) => {
    const row = await itemsRepo.findGroupItem(tx, locationId, groupId, 'item', itemDistributorId);
    const cat = row && (await selectLinkedOffers(tx, ctx, [row])).get(itemDistributorId);
    if (!row || !cat) throw itemNotFound();
    if (!canEditPackSize({ isCustomItem: false, isSubRecipe: false, isCatchWeight: cat.isCatchWeight, customPackSize: null }))
      throw badRequest(CATCH_WEIGHT_PACK_SIZE_MESSAGE);
    await countsRepo.writeCustomPackSize(tx, locationId, row.id, packSize);
    const counts = { onHand: num(row.onHand), onHandPack: num(row.onHandPack), onHandUom: num(row.onHandUom) };
    await writeCounts(tx, locationId, { ...row, customPackSize: packSize }, cat, counts);
    return row.id;
  });
  const group = await getGroup(db, locationId, listId, groupId);
  return group.items!.find((item) => item.id === rowId)!;
}

/**
 * Received cases raise (an edit of a completed receiving lowers) the full cases on hand of every
 * group item linked to the offer, in every list; never below zero. Runs in the caller's transaction
 * (Complete receiving), with only the change since the last completion.
 */
export async function addReceivedCases(
  tx: Database,
  locationId: number,
  changes: readonly { itemDistributorId: number; caseDelta: number }[],
): Promise<void> {
  const deltas = new Map<number, number>();
  for (const { itemDistributorId, caseDelta } of changes)
    deltas.set(itemDistributorId, (deltas.get(itemDistributorId) ?? 0) + caseDelta);
  const rows = await itemsRepo.findLinkedItems(
    tx,
    locationId,
    [...deltas.keys()].filter((id) => deltas.get(id) !== 0),
  );
  if (rows.length === 0) return;
  const offers = await selectLinkedOffers(tx, await getLocationContext(tx, locationId), rows);
  for (const row of rows) {
    const onHand = Math.max(0, num(row.onHand) + deltas.get(row.itemDistributorId!)!);
    const counts = { onHand, onHandPack: num(row.onHandPack), onHandUom: num(row.onHandUom) };
    await writeCounts(tx, locationId, row, offers.get(row.itemDistributorId!), counts);
  }
}
