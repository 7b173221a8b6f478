import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import { refreshLocationReadModel, syncCustomOrder, type Database } from '@stockpot/db';
import {
  findMatches,
  getDefaultSort,
  getMatchCasePrice,
  getSortMoveProblem,
  parseCents,
  toPageMeta,
  type customOrderRequestSchema,
  type FilterOptions,
  type ItemDetail,
  type ItemMatch,
  type LastPurchasedItem,
  type ListItem,
  type LinkedItems,
  type ListSort,
  type MatchCandidate,
  type PageMeta,
  getUnitPrice,
  LINKED_ITEM_REMOVED_MESSAGE,
} from '@stockpot/domain';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { getEffectivePrice } from '../../platform/item-price';
import { placeInSequence, renumberSequence, type SortSequence } from '../../platform/sort-order';
import * as repo from './catalog.repo';
import type { ItemRow, LocationContext } from './catalog.repo';

export type { LocationContext } from './catalog.repo';

/**
 * The active location's context (time zone, today, display flags) for every item query. Brings the
 * location's read model up to date first when offers were changed without refreshing it, or its
 * prices were computed for another day (the read-time check behind the nightly refresh).
 */
export async function getLocationContext(db: Database, locationId: number): Promise<LocationContext> {
  const found = await repo.findLocationContext(db, locationId);
  if (!found) throw notFound('Location');
  const { readModelStale, ...ctx } = found;
  if (readModelStale) await refreshLocationReadModel(db, locationId, { today: ctx.today });
  return ctx;
}

/**
 * A projected row as the list contract has it. Match and savings fields are shown only where the
 * location displays matches (display_match), the rebate only where it displays rebates.
 */
export function toListItem(row: ItemRow, ctx: LocationContext): ListItem {
  const purchasedPrice = row.purchasedPrice === null ? null : parseCents(row.purchasedPrice);
  const hasInvoice = purchasedPrice !== null && row.invoiceDate !== null;
  const hasMatch = ctx.displayMatch && row.matchId !== null;
  const savings = ctx.displayMatch ? row.bestSavings : 0;
  return {
    id: row.itemDistributorId,
    itemDistributorId: row.itemDistributorId,
    itemId: row.itemId,
    // Generic groups belong to the inventory view (doc 2); no item is in one yet.
    genericItemId: null,
    merchantId: row.merchantId,
    name: row.name,
    description: row.description,
    customDescription: null,
    din: row.din,
    brand: row.brand,
    distributor: row.distributor,
    distributorId: row.distributorId,
    imageUrl: row.imageUrl,
    brandImageUrl: row.brandImageUrl,
    unitMeasure: row.unitMeasure,
    price: parseCents(row.price),
    purchasedPrice,
    // The unit-price rule on the price the buyer pays (getUnitPrice), not the guide's stored figure.
    unitPrice: getUnitPrice(getEffectivePrice(row), row.unitMeasure, row.packSize).unitPrice,
    unitQuantity: row.unitQuantity,
    unitSize: row.unitSize,
    unitType: row.unitMeasure,
    uom: row.uom,
    packSize: row.packSize,
    customPackSize: null,
    packSizeUom: row.packSizeUom,
    rebate: ctx.displayRebate ? parseCents(row.rebate) : 0,
    savings,
    showSavings: savings > 0,
    savingItems: ctx.displayMatch ? row.savingItems : 0,
    sortIndex: row.sortIndex,
    status: row.status,
    type: 'item',
    lastPurchasedDate: row.lastPurchasedDate,
    lastPurchasedQty: row.lastPurchasedQty,
    lastPurchasedPrice: row.lastPurchasedPrice === null ? null : parseCents(row.lastPurchasedPrice),
    matchId: hasMatch ? row.matchId : null,
    matchType: hasMatch ? (row.matchIsExact ? 'ExactMatch' : 'SavingsOption') : null,
    orderGuideId: row.orderGuideId,
    endDate: row.endDate,
    invoiceDate: row.invoiceDate,
    caseQuantity: row.cartQuantity,
    count: 0,
    averageWeight: row.averageWeight,
    notes: '',
    isCatchWeight: row.isCatchWeight,
    isFixedWeight: row.isFixedWeight,
    isPunchedOut: row.isPunchedOut,
    isPurchased: row.purchasedQuantity > 0,
    isMarketPrice: row.isMarketPrice,
    isPartner: row.isPartner,
    isPriceOutdated: row.isPriceOutdated,
    isUnpurchasable: row.isUnpurchasable,
    isElectronicInvoiceItem: hasInvoice,
    isFromInvoice: hasInvoice,
    isSubRecipe: false,
    isCustomItem: false,
    isPreferred: false,
    autoAdded: false,
    isOnOrderGuide: row.orderGuideId !== null && !row.isPunchedOut,
    subRecipeId: null,
    genericCustomItemId: null,
    belongsToGroup: row.belongsToGroup,
    isExactSearchMatch: row.isExactSearchMatch,
  };
}

/** The sort a list request gets: the one asked for, else relevance while searching and Most Purchased otherwise. */
export function resolveSort(filters: FilterOptions): ListSort {
  const sort = filters.sort ?? getDefaultSort(filters.search);
  // Relevance needs a search; without one it falls back to the default.
  return sort === 'relevance' && !filters.search ? 'most-purchased' : sort;
}

/** GET items: one page of the location's list and its paging block. */
export async function listItems(
  db: Database,
  locationId: number,
  query: { filterOptions: FilterOptions; limit: number; page: number },
): Promise<{ data: ListItem[]; _meta: PageMeta }> {
  const ctx = await getLocationContext(db, locationId);
  const { filterOptions: filters, limit, page } = query;
  const sort = resolveSort(filters);
  const readPage = async (tx: Database, pass: repo.SearchPass) => {
    const source = repo.listPageSource(ctx, filters, sort, limit, (page - 1) * limit, pass);
    const rows = await repo.selectItemRows(tx, ctx, source, { search: filters.search, withTotal: true });
    // The page carries its total; only a page past the end needs its own count.
    const total = rows[0]?.totalCount ?? (page > 1 ? await repo.countListItems(tx, ctx, filters, pass) : 0);
    return { rows, total };
  };
  let result = await readPage(db, 'exact');
  // The typo pass only when the exact pass finds nothing at all.
  if (result.total === 0 && filters.search && repo.canCorrectTypos(filters.search)) {
    result = await repo.withTypoThreshold(db, (tx) => readPage(tx, 'typo'));
  }
  return { data: result.rows.map((row) => toListItem(row, ctx)), _meta: toPageMeta(result.total, page, limit) };
}

export async function listSearchSuggestions(db: Database, locationId: number, search: string, limit: number) {
  const ctx = await getLocationContext(db, locationId);
  return repo.selectSuggestions(db, ctx, search, limit);
}

type CustomOrderData = z.infer<typeof customOrderRequestSchema>['custom_order_data'];

/** The catalogue's custom order of a location as a sequence: indexed items first, then the rest by name. */
function customOrderSequence(locationId: number): SortSequence {
  return {
    table: 'location_items',
    scope: (s) => sql`${s}.location_id = ${locationId}`,
    renumberJoin: sql`JOIN item_distributors d ON d.id = s.item_distributor_id JOIN items i ON i.id = d.item_id`,
    renumberOrder: sql`s.sort_index ASC NULLS LAST, lower(i.name) COLLATE "C", s.item_distributor_id`,
  };
}

/**
 * POST items/custom-order (doc 1 §4 "Drag reorder"): puts the item at the top, at the bottom, or
 * right after the item now above it (the first of `item_distributor_ids`; with only an item below,
 * send `special: 'top'`), by the one reorder rule (placeInSequence). When some items have never
 * been ordered, the location's sequence is renumbered first. `reference_sort_index` from the
 * client is not trusted.
 */
export async function moveInCustomOrder(
  db: Database,
  locationId: number,
  data: CustomOrderData,
): Promise<{ itemDistributorId: number; sortIndex: number }> {
  const id = data.item_distributor_id;
  const problem = getSortMoveProblem({ movedId: id, neighbourIds: data.item_distributor_ids, special: data.special ?? null });
  if (problem === 'own-neighbour') throw badRequest('An item cannot be its own neighbour.', 'invalid_custom_order');
  if (problem === 'no-place') {
    throw badRequest('Send the item now above the moved one, or special top or bottom.', 'invalid_custom_order');
  }
  return db.transaction(async (tx) => {
    await repo.lockCustomOrder(tx, locationId);
    // Whatever else is waiting for the read model first, so the sync below carries only this move.
    await refreshLocationReadModel(tx, locationId);
    const known = await repo.findSortIndexes(tx, locationId, [id, ...data.item_distributor_ids]);
    if ([id, ...data.item_distributor_ids].some((itemId) => !known.has(itemId))) throw notFound('Item');
    const sequence = customOrderSequence(locationId);
    if (await repo.hasUnindexedItems(tx, locationId)) await renumberSequence(tx, sequence);
    const sortIndex = await placeInSequence(tx, sequence, {
      movedId: id,
      aboveId: data.item_distributor_ids[0] ?? null,
      special: data.special ?? null,
    });
    await syncCustomOrder(tx, locationId);
    return { itemDistributorId: id, sortIndex };
  });
}

function toMatchCandidate(row: ItemRow): MatchCandidate {
  const price = getEffectivePrice(row);
  return {
    itemDistributorId: row.itemDistributorId,
    distributorId: row.distributorId,
    name: row.name,
    genericName: row.genericName,
    manufacturer: row.manufacturer,
    manufacturerCode: row.manufacturerCode,
    brand: row.brand,
    packSize: row.packSize,
    price: getMatchCasePrice(price, row.unitMeasure, row.packSize) ?? 0,
    isMarketPrice: row.isMarketPrice,
    isUnpurchasable: row.isUnpurchasable,
    isActive: row.status === 'active',
    isPunchedOut: row.isPunchedOut,
  };
}

/**
 * GET items/matches/{id}: the item's savings matches by the domain rules (findMatches) over the
 * location's orderable items of the same generic product or manufacturer code, read in one query.
 */
export async function getItemMatches(
  db: Database,
  locationId: number,
  itemDistributorId: number,
): Promise<{ itemDistributorId: number; matches: ItemMatch[] }> {
  const ctx = await getLocationContext(db, locationId);
  const rows = await repo.selectItemRows(db, ctx, repo.matchCandidatesSource(ctx, itemDistributorId));
  const item = rows.find((row) => row.itemDistributorId === itemDistributorId);
  if (!item) throw notFound('Item');
  // Candidates in id order, so equal matches rank the same way as in the list's SQL.
  const candidates = rows.filter((row) => row !== item).sort((a, b) => a.itemDistributorId - b.itemDistributorId);
  const byId = new Map(candidates.map((row) => [row.itemDistributorId, row]));
  const matches = findMatches(
    toMatchCandidate(item),
    candidates.map((row) => toMatchCandidate(row)),
  );
  return {
    itemDistributorId,
    matches: matches.map((match) => ({
      ...toListItem(byId.get(match.itemDistributorId)!, ctx),
      // Relative to the item asked about, not to the match's own matches.
      matchId: itemDistributorId,
      matchType: match.matchType,
      savings: match.savings,
      showSavings: match.savings > 0,
      normalisedUnitPrice: match.unitPrice,
      normalisedUnit: match.unit,
      reasons: match.reasons,
    })),
  };
}

/**
 * GET items/get-last-purchased: purchased items with a cheaper match, largest savings first. Savings
 * are a match feature, so a location that does not display matches gets none.
 */
export async function getLastPurchased(
  db: Database,
  locationId: number,
  page: number,
  limit: number,
): Promise<{ data: LastPurchasedItem[]; _meta: PageMeta }> {
  const ctx = await getLocationContext(db, locationId);
  if (!ctx.displayMatch) return { data: [], _meta: toPageMeta(0, page, limit) };
  const rows = await repo.selectLastPurchased(db, ctx, limit, (page - 1) * limit);
  const total = rows[0]?.totalCount ?? (page > 1 ? await repo.countLastPurchased(db, ctx) : 0);
  return {
    data: rows.map(({ totalCount: _total, purchasedPrice, savingsPrice, ...row }) => ({
      ...row,
      purchasedPrice: parseCents(purchasedPrice),
      savingsPrice: parseCents(savingsPrice),
    })),
    _meta: toPageMeta(total, page, limit),
  };
}

/**
 * GET /items/{id}?analytics=1: one item of the active location, read like a list row; a foreign or
 * unknown id is a 404. With analytics, the location's purchase history of the item.
 */
export async function getItemDetail(
  db: Database,
  locationId: number,
  itemDistributorId: number,
  withAnalytics: boolean,
): Promise<ItemDetail> {
  const ctx = await getLocationContext(db, locationId);
  const [row] = await repo.selectItemRows(db, ctx, repo.singleItemSource(ctx, itemDistributorId));
  if (!row) throw notFound('Item');
  if (!withAnalytics) return { ...toListItem(row, ctx), analytics: null };
  const stats = await repo.selectItemAnalytics(db, ctx, itemDistributorId);
  const totalSpent = parseCents(stats.totalSpent);
  return {
    ...toListItem(row, ctx),
    analytics: {
      orderCount: stats.orderCount,
      totalQuantity: stats.totalQuantity,
      totalSpent,
      // Integer cents, rounded half up: no float arithmetic on money.
      averagePrice:
        stats.totalQuantity > 0 ? Math.floor((2 * totalSpent + stats.totalQuantity) / (2 * stats.totalQuantity)) : null,
      firstOrderedDate: stats.firstOrderedDate,
      lastOrderedDate: stats.lastOrderedDate,
    },
  };
}

/**
 * The linked-items modal's call (doc 1 §7 "Item-distributor groups for linked items", path not
 * shown): every generic group of the location's inventory lists that links the item, with the
 * group's catalogue items as list rows. Punched-out items are filtered out (doc 1 §7), as are custom
 * items and sub-recipes (not catalogue offers) and items the location no longer has. An item of the
 * location that is in no group any more answers 409 with doc 1 §8's message; any other id is 404.
 */
export async function getLinkedItems(db: Database, locationId: number, itemDistributorId: number): Promise<LinkedItems> {
  const ctx = await getLocationContext(db, locationId);
  const groups = await repo.selectLinkedGroups(db, locationId, itemDistributorId);
  if (groups.length === 0) {
    const [own] = await repo.selectItemRows(db, ctx, repo.offersSource(ctx, [itemDistributorId]));
    if (!own) throw notFound('Item');
    throw new AppError(409, 'removed_from_group', LINKED_ITEM_REMOVED_MESSAGE);
  }
  const ids = [...new Set(groups.flatMap((group) => group.itemDistributorIds))];
  const rows = await repo.selectItemRows(db, ctx, repo.offersSource(ctx, ids));
  const byId = new Map(rows.filter((row) => !row.isPunchedOut).map((row) => [row.itemDistributorId, toListItem(row, ctx)]));
  return {
    itemDistributorId,
    groups: groups.map((group) => ({
      id: group.groupId,
      name: group.name,
      inventoryListId: group.inventoryListId,
      inventoryListName: group.inventoryListName,
      items: group.itemDistributorIds.flatMap((id) => byId.get(id) ?? []),
    })),
  };
}
