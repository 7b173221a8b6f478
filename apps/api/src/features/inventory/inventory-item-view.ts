/**
 * One group item as the inventory view shows it: its catalogue offer (today's catalogue row), a
 * sub-recipe's batch or its own custom fields, priced and packed, with its counts' totals.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@stockpot/db';
import {
  getBlockedAddReason,
  getNormalisedUnit,
  getNormalisedUnitPrice,
  getOnHandTotals,
  getSubRecipePackSize,
  parseCents,
  parsePackSize,
  parseUnitPrice,
  type GroupItem,
} from '@stockpot/domain';
import { intArray } from '../../platform/sql';
import { selectItemRows, type ItemRow, type LocationContext } from '../catalog/catalog.public';
import type { SubRecipeStock } from '../recipes/recipes.public';
import type { GroupItemRow } from './inventory-group-items.repo';

export function toItemSource(ids: readonly number[]) {
  return sql`SELECT t.item_distributor_id, t.ord FROM unnest(${intArray(ids)}) WITH ORDINALITY AS t(item_distributor_id, ord)`;
}

/**
 * The normalised unit price: per LB for an item priced per pound, per EA (or container) for one
 * priced by the each of a count pack, else the case price over the pack's display unit. An each of
 * a weight or volume pack has no known content (issue 32: its weight is not said), so no price.
 */
function getFinalUnitPrice(price: number, unitMeasure: string, packSize: string, isMarketPrice: boolean) {
  const pack = parsePackSize(packSize);
  if (isMarketPrice || price <= 0) return { finalUnitPrice: null, finalUnit: null };
  if (unitMeasure === 'LB') return { finalUnitPrice: price * 100, finalUnit: 'LB' };
  if (!pack) return { finalUnitPrice: null, finalUnit: null };
  if (unitMeasure === 'EA') {
    return pack.family === 'count'
      ? { finalUnitPrice: price * 100, finalUnit: getNormalisedUnit(pack) }
      : { finalUnitPrice: null, finalUnit: null };
  }
  return { finalUnitPrice: getNormalisedUnitPrice(price, pack), finalUnit: getNormalisedUnit(pack) };
}

export const num = (value: string | null) => (value === null ? 0 : Number(value));

/** What a group item is priced and packed as: its catalogue offer, a sub-recipe's batch, or its own custom fields. */
export function getStockFacts(row: GroupItemRow, cat: ItemRow | undefined, sub: SubRecipeStock | undefined) {
  if (cat)
    return { packSize: row.customPackSize ?? cat.packSize, unitMeasure: cat.unitMeasure, price: parseCents(cat.effectivePrice) };
  if (sub)
    return { packSize: getSubRecipePackSize(sub.subRecipeYield, sub.subRecipeYieldUom), unitMeasure: 'CS', price: sub.batchCost };
  return {
    packSize: row.customPackSize ?? '',
    unitMeasure: row.unitMeasure ?? 'CS',
    price: row.price === null ? 0 : parseCents(row.price),
  };
}

/** A group item as the view answers it, and whether it can go to the cart (for the group's order to par). */
export interface ReadItem {
  item: GroupItem;
  isOrderable: boolean;
}

type Counts = { onHand: number; onHandPack: number; onHandUom: number };

/** The count fields every kind of group item shows: its counts, their totals and the final unit price. */
function countFields(
  row: GroupItemRow,
  counts: Counts,
  facts: { packSize: string; unitMeasure: string; price: number; isMarketPrice: boolean },
) {
  const totals = getOnHandTotals({ packSize: facts.packSize, unitMeasure: facts.unitMeasure, price: facts.price }, counts);
  const final = getFinalUnitPrice(facts.price, facts.unitMeasure, facts.packSize, facts.isMarketPrice);
  return {
    sortIndex: row.sortIndex,
    ...counts,
    totalOnHand: num(row.totalOnHand),
    totalOnHandAmount: parseCents(row.totalOnHandAmount),
    collectiveOnHand: totals.collectiveOnHand,
    collectiveOnHandUom: totals.collectiveOnHandUom,
    finalUnitPrice: final.finalUnitPrice,
    finalUnit: final.finalUnit,
  };
}

/**
 * A group item as the view shows it. Each item is one object literal with every field in the
 * schema's order, built once per answer: no spreads (an object grown by spreads and one-by-one
 * additions is slow to build and to write, and a page has about 300 of them).
 */
export function toGroupItem(
  row: GroupItemRow,
  cat: ItemRow | undefined,
  sub: SubRecipeStock | undefined,
  ctx: Pick<LocationContext, 'displayMatch' | 'displayRebate'>,
): ReadItem {
  const counts: Counts = { onHand: num(row.onHand), onHandPack: num(row.onHandPack), onHandUom: num(row.onHandUom) };
  if (row.kind === 'item' && cat) {
    const packSize = row.customPackSize ?? cat.packSize;
    const pack = parsePackSize(packSize);
    const price = parseCents(cat.effectivePrice);
    // Match, savings and the electronic-invoice mark read as the order list reads them (catalog toListItem).
    const hasMatch = ctx.displayMatch && cat.matchId !== null;
    const savings = ctx.displayMatch ? cat.bestSavings : 0;
    const item: GroupItem = {
      id: row.id,
      name: cat.name,
      description: cat.description,
      din: cat.din,
      brand: cat.brand,
      distributor: cat.distributor,
      distributorId: cat.distributorId,
      imageUrl: cat.imageUrl,
      brandImageUrl: cat.brandImageUrl,
      unitMeasure: cat.unitMeasure,
      price,
      unitPrice: parseUnitPrice(cat.unitPrice),
      packSize: cat.packSize,
      customPackSize: row.customPackSize,
      packSizeUom: pack?.uom ?? cat.packSizeUom,
      unitQuantity: pack?.unitQuantity ?? cat.unitQuantity,
      unitSize: pack ? Number(pack.unitSize.num) / Number(pack.unitSize.den) : Number(cat.unitSize),
      unitType: cat.unitMeasure,
      isPartner: cat.isPartner,
      rebate: ctx.displayRebate ? parseCents(cat.rebate) : 0,
      isPunchedOut: cat.isPunchedOut,
      isUnpurchasable: cat.isUnpurchasable,
      isOutOfStock: cat.status !== 'active',
      orderGuideId: cat.orderGuideId,
      isPurchased: cat.purchasedQuantity > 0,
      lastPurchasedQty: cat.lastPurchasedQty,
      lastPurchasedDate: cat.lastPurchasedDate,
      lastPurchasedPrice: cat.lastPurchasedPrice === null ? null : parseCents(cat.lastPurchasedPrice),
      matchId: hasMatch ? cat.matchId : null,
      matchType: hasMatch ? (cat.matchIsExact ? 'ExactMatch' : 'SavingsOption') : null,
      savings,
      showSavings: savings > 0,
      itemDistributorId: cat.itemDistributorId,
      genericItemId: row.id,
      genericCustomItemId: null,
      subRecipeId: row.subRecipeId,
      isPreferred: row.isPreferred,
      autoAdded: row.autoAdded,
      isCatchWeight: cat.isCatchWeight,
      isMarketPrice: cat.isMarketPrice,
      isPriceOutdated: cat.isPriceOutdated,
      isFromInvoice: cat.invoiceDate !== null,
      isElectronicInvoiceItem: cat.purchasedPrice !== null && cat.invoiceDate !== null,
      purchasedPrice: cat.purchasedPrice === null ? null : parseCents(cat.purchasedPrice),
      invoiceDate: cat.invoiceDate,
      endDate: cat.endDate,
      isCustomItem: false,
      isSubRecipe: false,
      ...countFields(row, counts, { packSize, unitMeasure: cat.unitMeasure, price, isMarketPrice: cat.isMarketPrice }),
      isCustomPackSize: row.customPackSize !== null,
      isBestBuy: false,
    };
    return { item, isOrderable: getBlockedAddReason(cat, false) === null };
  }
  // A custom item, or a sub-recipe counted in batches of its yield at today's batch cost.
  const { packSize, unitMeasure, price } = getStockFacts(row, undefined, sub);
  const pack = parsePackSize(packSize);
  const name = sub ? sub.name : (row.description ?? '');
  const item: GroupItem = {
    id: row.id,
    name,
    description: name,
    din: row.din ?? '',
    brand: row.brand ?? '',
    distributor: row.distributorName ?? '',
    distributorId: null,
    imageUrl: '',
    brandImageUrl: '',
    unitMeasure,
    price,
    unitPrice: pack ? getNormalisedUnitPrice(price, pack) : 0,
    packSize,
    customPackSize: row.customPackSize,
    packSizeUom: pack?.uom ?? '',
    unitQuantity: pack?.unitQuantity ?? 0,
    unitSize: pack ? Number(pack.unitSize.num) / Number(pack.unitSize.den) : 0,
    unitType: unitMeasure,
    isPartner: false,
    rebate: 0,
    isPunchedOut: false,
    isUnpurchasable: false,
    isOutOfStock: false,
    orderGuideId: null,
    isPurchased: false,
    lastPurchasedQty: null,
    lastPurchasedDate: null,
    lastPurchasedPrice: null,
    matchId: null,
    matchType: null,
    savings: 0,
    showSavings: false,
    itemDistributorId: null,
    genericItemId: null,
    genericCustomItemId: row.kind === 'custom' ? row.id : null,
    subRecipeId: row.subRecipeId,
    isPreferred: row.isPreferred,
    autoAdded: row.autoAdded,
    isCatchWeight: false,
    isMarketPrice: false,
    isPriceOutdated: false,
    isFromInvoice: false,
    isElectronicInvoiceItem: false,
    purchasedPrice: null,
    invoiceDate: null,
    endDate: null,
    isCustomItem: row.kind === 'custom',
    isSubRecipe: row.kind === 'subrecipe',
    ...countFields(row, counts, { packSize, unitMeasure, price, isMarketPrice: false }),
    isCustomPackSize: false,
    isBestBuy: false,
  };
  return { item, isOrderable: false };
}

/** Today's catalogue rows of the linked offers, by item-distributor id: one read for any number of group items. */
export async function selectLinkedOffers(
  tx: Database,
  ctx: LocationContext,
  rows: readonly GroupItemRow[],
): Promise<Map<number, ItemRow>> {
  const ids = rows.filter((row) => row.kind === 'item').map((row) => row.itemDistributorId!);
  if (ids.length === 0) return new Map();
  return new Map((await selectItemRows(tx, ctx, toItemSource(ids))).map((cat) => [cat.itemDistributorId, cat]));
}
