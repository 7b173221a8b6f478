/**
 * The inventory comparison view (doc 2 §2–§7): inventory lists, their generic groups and the
 * items of each group with on-hand counts. Rules come from packages/domain (inventory.rules,
 * units.rules); catalogue items read through the catalogue's projection, so an item's price,
 * punched-out state and purchase history are the ones the place-order list shows.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import {
  CASE_UNIT,
  INVENTORY_TEXTS,
  NO_EDIT_PERMISSION,
  NOT_CONVERTIBLE_MESSAGE,
  canEditPackSize,
  findBestBuy,
  getBlockedAddReason,
  getGroupOnHand,
  getGroupUnits,
  getNormalisedUnit,
  getNormalisedUnitPrice,
  getOnHandTotals,
  getOrderToPar,
  HISTORIC_ON_HAND_ROWS,
  getSubRecipePackSize,
  parseCents,
  parseUnitPrice,
  parsePackSize,
  sortGroupItems,
  toDecimalString,
  toPageMeta,
  type CustomItemRequest,
  type GenericGroup,
  type GroupItem,
  type GroupStockItem,
  type GroupTotals,
  type InventoryList,
  type InventorySort,
  type LinkCandidate,
  type PageMeta,
  type GroupSummary,
  type HistoricRecord,
  type ListWithGroups,
  type ItemFilterQuery,
  type ItemPriceAnalytics,
} from '@stockpot/domain';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { intArray, selectItemRows, type ItemRow, type LocationContext } from '../catalog/catalog.repo';
import { getLocationContext } from '../catalog/catalog.service';
import { getSubRecipeStock, type SubRecipeStock } from '../recipes/recipes.service';
import { toItemFilters } from '../../platform/item-filters-sql';
import * as repo from './inventory.repo';
import { getPriceWindows, withPriceAnalytics } from './price-analytics.service';
import type { GroupItemRow, GroupRow, ListRow } from './inventory.repo';

/**
 * Group spend ("purchased", doc 2 §3) covers this many calendar days of the location, today
 * included (not shown in the spec). Whole days, so a stored page stays right for its whole day.
 */
export const GROUP_SPEND_DAYS = 30;

const listNotFound = () => notFound('Inventory list');
const groupNotFound = () => notFound('Generic group');
const itemNotFound = () => notFound('Item');
const subRecipeNotFound = () => notFound('Sub-recipe');
export const NOT_A_SUB_RECIPE =
  'Only a recipe marked as a sub-recipe can be linked to a generic group. Mark it as a sub-recipe in recipe costing first.';
export const NOTHING_TO_LINK = 'Choose at least one item or sub-recipe to link.';

/** A unique-index violation from either driver (a name taken by a concurrent write). */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const duplicateGroup = () =>
  badRequest(INVENTORY_TEXTS.duplicateGroup, 'duplicate_group', [{ field: 'name', message: INVENTORY_TEXTS.duplicateGroup }]);
const duplicateList = (name: string) => {
  const message = `An inventory list named "${name}" already exists. Choose another name.`;
  return badRequest(message, 'duplicate_list_name', [{ field: 'name', message }]);
};

/** Runs a write; a unique violation the checks did not see (a concurrent write) answers as the duplicate it is. */
async function withDuplicate<T>(write: () => Promise<T>, duplicate: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** editComparisonView (doc 2 §6) governs every change to the view's structure; counting on hand is open to all. */
export async function requireEditor(db: Database, userId: number): Promise<void> {
  const [row] = await queryRows<{ canEdit: boolean }>(
    db,
    sql`SELECT edit_comparison_view AS "canEdit" FROM users WHERE id = ${userId}`,
  );
  if (!row?.canEdit) throw forbidden(NO_EDIT_PERMISSION);
}

const toList = (row: ListRow): InventoryList => ({ ...row, userId: row.userId ?? null });

// ---------------------------------------------------------------- lists

export async function listInventoryLists(
  db: Database,
  locationId: number,
  page: number,
  limit: number,
): Promise<{ data: InventoryList[]; _meta: PageMeta }> {
  const total = await repo.countLists(db, locationId);
  const rows = await repo.selectLists(db, locationId, { limit, offset: (page - 1) * limit });
  return { data: rows.map(toList), _meta: toPageMeta(total, page, limit) };
}

export async function listAllInventoryLists(db: Database, locationId: number): Promise<InventoryList[]> {
  return (await repo.selectLists(db, locationId)).map(toList);
}

export async function getInventoryList(db: Database, locationId: number, listId: number): Promise<InventoryList> {
  const row = await repo.findList(db, locationId, listId);
  if (!row) throw listNotFound();
  return toList(row);
}

export async function createInventoryList(
  db: Database,
  locationId: number,
  userId: number,
  name: string,
): Promise<InventoryList> {
  await requireEditor(db, userId);
  const id = await withDuplicate(
    () =>
      db.transaction(async (tx) => {
        if (await repo.isListNameTaken(tx, locationId, name, null)) throw duplicateList(name);
        return repo.insertList(tx, locationId, name, userId);
      }),
    () => duplicateList(name),
  );
  return getInventoryList(db, locationId, id);
}

export async function updateInventoryList(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
  body: { name?: string; onInventory?: boolean },
): Promise<InventoryList> {
  if (!(await repo.findList(db, locationId, listId))) throw listNotFound();
  if (body.name !== undefined) await requireEditor(db, userId);
  await withDuplicate(
    () =>
      db.transaction(async (tx) => {
        if (!(await repo.findList(tx, locationId, listId, true))) throw listNotFound();
        if (body.name !== undefined && (await repo.isListNameTaken(tx, locationId, body.name, listId)))
          throw duplicateList(body.name);
        await repo.updateList(tx, locationId, listId, body);
      }),
    () => duplicateList(body.name ?? ''),
  );
  return getInventoryList(db, locationId, listId);
}

export async function deleteInventoryList(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
): Promise<{ id: number }> {
  if (!(await repo.findList(db, locationId, listId))) throw listNotFound();
  await requireEditor(db, userId);
  if (!(await repo.deleteList(db, locationId, listId))) throw listNotFound();
  return { id: listId };
}

// ---------------------------------------------------------------- groups, read

function toItemSource(ids: readonly number[]) {
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

const num = (value: string | null) => (value === null ? 0 : Number(value));

/** What a group item is priced and packed as: its catalogue offer, a sub-recipe's batch, or its own custom fields. */
function getStockFacts(row: GroupItemRow, cat: ItemRow | undefined, sub: SubRecipeStock | undefined) {
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
interface ReadItem {
  item: GroupItem;
  isOrderable: boolean;
}

/**
 * A group item as the view shows it. Each item is one object literal with every field in the
 * schema's order, built once per answer: no spreads (an object grown by spreads and one-by-one
 * additions is slow to build and to write, and a page has about 300 of them).
 */
function toGroupItem(
  row: GroupItemRow,
  cat: ItemRow | undefined,
  sub: SubRecipeStock | undefined,
  ctx: Pick<LocationContext, 'displayMatch' | 'displayRebate'>,
): ReadItem {
  const onHand = num(row.onHand);
  const onHandPack = num(row.onHandPack);
  const onHandUom = num(row.onHandUom);
  const counts = { onHand, onHandPack, onHandUom };
  if (row.kind === 'item' && cat) {
    const packSize = row.customPackSize ?? cat.packSize;
    const pack = parsePackSize(packSize);
    const price = parseCents(cat.effectivePrice);
    const totals = getOnHandTotals({ packSize, unitMeasure: cat.unitMeasure, price }, counts);
    const final = getFinalUnitPrice(price, cat.unitMeasure, packSize, cat.isMarketPrice);
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
      sortIndex: row.sortIndex,
      onHand,
      onHandPack,
      onHandUom,
      totalOnHand: num(row.totalOnHand),
      totalOnHandAmount: parseCents(row.totalOnHandAmount),
      collectiveOnHand: totals.collectiveOnHand,
      collectiveOnHandUom: totals.collectiveOnHandUom,
      finalUnitPrice: final.finalUnitPrice,
      finalUnit: final.finalUnit,
      isCustomPackSize: row.customPackSize !== null,
      isBestBuy: false,
    };
    return { item, isOrderable: getBlockedAddReason(cat, false) === null };
  }
  // A custom item, or a sub-recipe counted in batches of its yield at today's batch cost.
  const { packSize, unitMeasure, price } = getStockFacts(row, undefined, sub);
  const pack = parsePackSize(packSize);
  const totals = getOnHandTotals({ packSize, unitMeasure, price }, counts);
  const final = getFinalUnitPrice(price, unitMeasure, packSize, false);
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
    sortIndex: row.sortIndex,
    onHand,
    onHandPack,
    onHandUom,
    totalOnHand: num(row.totalOnHand),
    totalOnHandAmount: parseCents(row.totalOnHandAmount),
    collectiveOnHand: totals.collectiveOnHand,
    collectiveOnHandUom: totals.collectiveOnHandUom,
    finalUnitPrice: final.finalUnitPrice,
    finalUnit: final.finalUnit,
    isCustomPackSize: false,
    isBestBuy: false,
  };
  return { item, isOrderable: false };
}

/** The effective pack of an item (its custom pack size over the catalogue's). */
const effectivePack = (item: GroupItem) => item.customPackSize ?? item.packSize;

/**
 * A group with its items. The items are the objects toGroupItem built for this answer: they are
 * sorted and the best buy marked in place, so each item object is built once per answer.
 */
function toGroup(row: GroupRow, read: ReadItem[], spendDollars: string | undefined, withItems: boolean): GenericGroup {
  const stock: GroupStockItem[] = read.map(({ item, isOrderable }) => ({
    id: item.id,
    isPunchedOut: item.isPunchedOut,
    isSubRecipe: item.isSubRecipe,
    finalUnitPrice: item.finalUnitPrice,
    finalUnit: item.finalUnit,
    price: item.price,
    packSize: effectivePack(item),
    isPreferred: item.isPreferred,
    isOrderable,
    totalOnHand: item.totalOnHand,
  }));
  const units = getGroupUnits(stock.map((item) => item.packSize));
  const unitId = units.some((unit) => unit.id === row.unitId) ? row.unitId : CASE_UNIT.id;
  const best = findBestBuy(stock);
  const parLevel = Number(row.parLevel);
  const toPar = getOrderToPar(stock, unitId, parLevel);
  let totalOnHandAmount = 0;
  let toParItem: GroupItem | undefined;
  const items: GroupItem[] = [];
  for (const { item } of read) {
    totalOnHandAmount += item.totalOnHandAmount;
    if (item.id === best) item.isBestBuy = true;
    if (toPar && item.id === toPar.id && toParItem === undefined) toParItem = item;
    items.push(item);
  }
  return {
    id: row.id,
    comparisonViewId: row.comparisonViewId,
    name: row.name,
    systemComparisonGroupId: null,
    sort: row.sort,
    parLevel,
    expand: row.expand,
    purchased: spendDollars ? parseCents(spendDollars) : 0,
    totalOnHandAmount,
    totalOnHand: getGroupOnHand(stock, unitId).amount,
    belongsToRecipe: row.belongsToRecipe,
    unitId,
    units,
    ...(withItems ? { items: sortGroupItems(items) } : {}),
    orderToPar:
      toPar && toParItem?.itemDistributorId ? { itemDistributorId: toParItem.itemDistributorId, quantity: toPar.quantity } : null,
  };
}

async function readGroups(db: Database, ctx: LocationContext, groups: GroupRow[], withItems: boolean): Promise<GenericGroup[]> {
  if (groups.length === 0) return [];
  const ids = groups.map((group) => group.id);
  const rows = await repo.selectGroupItems(db, ctx.locationId, ids);
  const offerIds = [...new Set(rows.filter((row) => row.itemDistributorId !== null).map((row) => row.itemDistributorId!))];
  const catalog = offerIds.length ? await selectItemRows(db, ctx, toItemSource(offerIds)) : [];
  const byOffer = new Map(catalog.map((row) => [row.itemDistributorId, row]));
  const subIds = [...new Set(rows.filter((row) => row.kind === 'subrecipe').map((row) => row.subRecipeId!))];
  const subs = await getSubRecipeStock(db, ctx.locationId, subIds);
  const spend = await repo.selectGroupSpend(db, ctx, ids, GROUP_SPEND_DAYS);
  const isReadable = (row: GroupItemRow) =>
    row.kind === 'item' ? byOffer.has(row.itemDistributorId!) : row.kind === 'custom' || subs.has(row.subRecipeId!);
  const rowsByGroup = new Map<number, GroupItemRow[]>();
  for (const row of rows) {
    if (!isReadable(row)) continue;
    const list = rowsByGroup.get(row.groupId);
    if (list) list.push(row);
    else rowsByGroup.set(row.groupId, [row]);
  }
  return groups.map((group) => {
    const items = (rowsByGroup.get(group.id) ?? []).map((row) =>
      toGroupItem(
        row,
        row.itemDistributorId === null ? undefined : byOffer.get(row.itemDistributorId),
        row.subRecipeId === null ? undefined : subs.get(row.subRecipeId),
        ctx,
      ),
    );
    return toGroup(group, items, spend.get(group.id), withItems);
  });
}

/** Reads `filterOptions` ({"sort": ...}) and `filters` ({"name": ...}) of the groups query; bad JSON is a 400. */
export function parseGroupFilter(filterOptions?: string, filters?: string): repo.GroupFilter {
  const parse = (text: string | undefined, field: string): Record<string, unknown> => {
    if (!text) return {};
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // answered below
    }
    throw badRequest(`${field} must be a JSON object.`, 'validation_error');
  };
  const options = parse(filterOptions, 'filterOptions');
  const filter = parse(filters, 'filters');
  const sort = options.sort ?? 'custom';
  if (!['custom', 'asc', 'desc'].includes(String(sort)))
    throw badRequest("filterOptions.sort must be 'custom', 'asc' or 'desc'.", 'validation_error');
  const name = filter.name ?? '';
  if (typeof name !== 'string' || name.length > 200) throw badRequest('filters.name must be text.', 'validation_error');
  return { nameLike: name, sort: sort as InventorySort };
}

export interface GroupsQuery {
  page: number;
  limit: number;
  expand: string;
  filter: repo.GroupFilter;
  analytics?: boolean;
}

export async function listGroups(
  db: Database,
  locationId: number,
  listId: number,
  query: GroupsQuery,
): Promise<{ data: GenericGroup[]; _meta: PageMeta }> {
  await requireList(db, locationId, listId);
  return buildGroupsPage(db, await getLocationContext(db, locationId), listId, query);
}

/** Answers 404 when the list is not one of the location's. */
export async function requireList(db: Database, locationId: number, listId: number): Promise<void> {
  if (!(await repo.findList(db, locationId, listId))) throw listNotFound();
}

/**
 * A page of the list's groups computed from the tables: the one code path of the page, which the
 * stored answers (inventory-answers.service) are copies of. The caller has checked the list
 * (requireList).
 */
export async function buildGroupsPage(
  db: Database,
  ctx: LocationContext,
  listId: number,
  query: GroupsQuery,
): Promise<{ data: GenericGroup[]; _meta: PageMeta }> {
  const locationId = ctx.locationId;
  const total = await repo.countGroups(db, locationId, listId, query.filter);
  const groups = await repo.selectGroups(db, locationId, listId, query.filter, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const expand = new Set(query.expand.split(',').map((part) => part.trim()));
  const data = await readGroups(db, ctx, groups, expand.has('items'));
  return {
    data: query.analytics ? await withPriceAnalytics(db, ctx, data) : data,
    _meta: toPageMeta(total, query.page, query.limit),
  };
}

export async function getGroup(
  db: Database,
  locationId: number,
  listId: number,
  groupId: number,
  expand = 'items',
): Promise<GenericGroup> {
  const group = await repo.findGroup(db, locationId, listId, groupId);
  if (!group) throw groupNotFound();
  const ctx = await getLocationContext(db, locationId);
  const [read] = await readGroups(db, ctx, [group], expand.split(',').includes('items'));
  return read;
}

export async function getGroupTotals(db: Database, locationId: number, listId: number, groupId: number): Promise<GroupTotals> {
  const group = await getGroup(db, locationId, listId, groupId, '');
  const sums = await repo.selectOnHandSums(db, locationId, listId, groupId);
  return {
    totalOnHandAmount: parseCents(sums.group),
    totalOnHand: group.totalOnHand,
    purchased: group.purchased,
    comparisonViewTotalOnHandAmount: parseCents(sums.list),
    allComparisonViewTotalOnHandAmount: parseCents(sums.all),
  };
}

// ---------------------------------------------------------------- groups, write

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
  if (!(await repo.findList(db, locationId, listId))) throw listNotFound();
  await requireEditor(db, userId);
  const id = await withDuplicate(
    () =>
      db.transaction(async (tx) => {
        if (!(await repo.findList(tx, locationId, listId, true))) throw listNotFound();
        if (await repo.isGroupNameTaken(tx, locationId, listId, body.name, null)) throw duplicateGroup();
        const order = await repo.selectGroupOrder(tx, locationId, listId);
        const created = await repo.insertGroup(tx, locationId, listId, body.name, order.length);
        await repo.writeGroupOrder(tx, locationId, listId, placeAt(order, created, body.new_sort ?? order.length));
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
  if (!(await repo.findGroup(db, locationId, listId, groupId))) throw groupNotFound();
  await requireEditor(db, userId);
  await withDuplicate(
    () =>
      db.transaction(async (tx) => {
        if (!(await repo.findList(tx, locationId, listId, true))) throw listNotFound();
        if (!(await repo.findGroup(tx, locationId, listId, groupId, true))) throw groupNotFound();
        if (body.name !== undefined && (await repo.isGroupNameTaken(tx, locationId, listId, body.name, groupId)))
          throw duplicateGroup();
        await repo.updateGroup(tx, locationId, groupId, {
          name: body.name,
          parLevel: body.parLevel === undefined ? undefined : toDecimalString(Math.round(body.parLevel * 100), 2),
        });
        if (body.new_sort !== undefined) {
          const order = await repo.selectGroupOrder(tx, locationId, listId);
          await repo.writeGroupOrder(tx, locationId, listId, placeAt(order, groupId, body.new_sort));
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
  if (!(await repo.findGroup(db, locationId, listId, groupId))) throw groupNotFound();
  await requireEditor(db, userId);
  await db.transaction(async (tx) => {
    if (!(await repo.findList(tx, locationId, listId, true))) throw listNotFound();
    if (!(await repo.findGroup(tx, locationId, listId, groupId, true))) throw groupNotFound();
    // A group that is a recipe's generic ingredient leaves those recipes with it (doc 2 §8 "Delete group").
    await repo.deleteRecipeIngredientsOfGroup(tx, locationId, groupId);
    await repo.deleteGroup(tx, locationId, groupId);
    await repo.writeGroupOrder(tx, locationId, listId, await repo.selectGroupOrder(tx, locationId, listId));
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
  if (!(await repo.findGroup(db, locationId, listId, groupId))) throw groupNotFound();
  if (!(await repo.findList(db, locationId, targetListId))) throw listNotFound();
  await requireEditor(db, userId);
  if (targetListId === listId) return { id: groupId, comparisonViewId: listId };
  await withDuplicate(
    () =>
      db.transaction(async (tx) => {
        // Lock both lists in id order, so two opposite moves cannot deadlock.
        for (const id of [listId, targetListId].sort((a, b) => a - b))
          if (!(await repo.findList(tx, locationId, id, true))) throw listNotFound();
        const group = await repo.findGroup(tx, locationId, listId, groupId, true);
        if (!group) throw groupNotFound();
        if (await repo.isGroupNameTaken(tx, locationId, targetListId, group.name, null)) throw duplicateGroup();
        const targetOrder = await repo.selectGroupOrder(tx, locationId, targetListId);
        await repo.updateGroup(tx, locationId, groupId, { listId: targetListId, sort: targetOrder.length });
        await repo.writeGroupOrder(tx, locationId, listId, await repo.selectGroupOrder(tx, locationId, listId));
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
  if (!(await repo.findList(db, locationId, listId))) throw listNotFound();
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw badRequest('Send each group once.', 'invalid_reorder');
  const current = await repo.selectGroupOrder(db, locationId, listId);
  if (unique.some((id) => !current.includes(id))) throw groupNotFound();
  await requireEditor(db, userId);
  return db.transaction(async (tx) => {
    if (!(await repo.findList(tx, locationId, listId, true))) throw listNotFound();
    const order = await repo.selectGroupOrder(tx, locationId, listId);
    if (unique.some((id) => !order.includes(id))) throw groupNotFound();
    const next = [...unique, ...order.filter((id) => !unique.includes(id))];
    await repo.writeGroupOrder(tx, locationId, listId, next);
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
  const groups = await repo.findGroupsByIds(db, locationId, ids);
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
    for (const entry of entries) await repo.updateGroup(tx, locationId, entry.groupId, { unitId: entry.unitId });
  });
  const after = await readGroups(db, ctx, await repo.findGroupsByIds(db, locationId, ids), false);
  return entries.map((entry) => ({
    groupId: entry.groupId,
    unitId: entry.unitId,
    totalOnHand: after.find((g) => g.id === entry.groupId)!.totalOnHand,
  }));
}

// ---------------------------------------------------------------- items

async function requireGroup(db: Database, locationId: number, listId: number, groupId: number): Promise<GroupRow> {
  const group = await repo.findGroup(db, locationId, listId, groupId);
  if (!group) throw groupNotFound();
  return group;
}

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
  const known = await repo.findLocationItemIds(db, locationId, ids);
  if (ids.some((id) => !known.has(id))) throw itemNotFound();
  const subIds = [...new Set(body.subrecipes)];
  const checkSubRecipes = (found: Map<number, boolean>) => {
    if (subIds.some((id) => !found.has(id))) throw subRecipeNotFound();
    if (subIds.some((id) => !found.get(id)))
      throw badRequest(NOT_A_SUB_RECIPE, 'bad_request', [{ field: 'subrecipes', message: NOT_A_SUB_RECIPE }]);
  };
  checkSubRecipes(await repo.findLocationRecipes(db, locationId, subIds));
  if (ids.length === 0 && subIds.length === 0)
    throw badRequest(NOTHING_TO_LINK, 'validation_error', [{ field: 'items', message: NOTHING_TO_LINK }]);
  await requireEditor(db, userId);
  await db.transaction(async (tx) => {
    if (!(await repo.findGroup(tx, locationId, listId, groupId, true))) throw groupNotFound();
    // Re-read under a share lock: a recipe switched off as a sub-recipe meanwhile is not linked.
    checkSubRecipes(await repo.findLocationRecipes(tx, locationId, subIds, true));
    await repo.linkItems(tx, locationId, groupId, ids);
    await repo.linkSubRecipes(tx, locationId, groupId, subIds);
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
    if (!(await repo.findGroup(tx, locationId, listId, groupId, true))) throw groupNotFound();
    return repo.insertCustomItem(tx, locationId, groupId, {
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

/** Today's catalogue rows of the linked offers, by item-distributor id: one read for any number of group items. */
async function selectLinkedOffers(
  tx: Database,
  ctx: LocationContext,
  rows: readonly GroupItemRow[],
): Promise<Map<number, ItemRow>> {
  const ids = rows.filter((row) => row.kind === 'item').map((row) => row.itemDistributorId!);
  if (ids.length === 0) return new Map();
  return new Map((await selectItemRows(tx, ctx, toItemSource(ids))).map((cat) => [cat.itemDistributorId, cat]));
}

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
  await repo.writeOnHand(tx, locationId, row.id, {
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
    const row = await repo.findGroupItem(tx, locationId, groupId, kind, itemId);
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
    const row = await repo.findGroupItem(tx, locationId, groupId, 'item', itemDistributorId);
    const cat = row && (await selectLinkedOffers(tx, ctx, [row])).get(itemDistributorId);
    if (!row || !cat) throw itemNotFound();
    if (!canEditPackSize({ isCustomItem: false, isSubRecipe: false, isCatchWeight: cat.isCatchWeight, customPackSize: null }))
      throw badRequest(CATCH_WEIGHT_PACK_SIZE_MESSAGE);
    await repo.writeCustomPackSize(tx, locationId, row.id, packSize);
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
  const rows = await repo.findLinkedItems(
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
    const row = await repo.findGroupItem(tx, locationId, groupId, kind, itemId);
    if (!row) throw itemNotFound();
    await requireEditor(tx, userId);
    await repo.deleteGroupItem(tx, locationId, row.id);
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
    const row = await repo.findGroupItemById(tx, locationId, id);
    if (!row) throw itemNotFound();
    await requireEditor(tx, userId);
    await repo.setPreferred(tx, locationId, id, !row.isPreferred);
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
  const rows = await repo.searchCandidates(db, locationId, groupId, ctx.today, query.search, toItemFilters(query), {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map(({ total: _total, price, ...row }) => ({ ...row, price: parseCents(price) })),
    _meta: toPageMeta(rows[0]?.total ?? 0, query.page, query.limit),
  };
}

/** A catalogue item of the list's group, or 404. */
async function requireGroupOffer(db: Database, locationId: number, listId: number, groupId: number, itemDistributorId: number) {
  await requireGroup(db, locationId, listId, groupId);
  const item = await repo.findGroupOffer(db, locationId, groupId, itemDistributorId);
  if (!item) throw itemNotFound();
  return item;
}

/**
 * GET …/item/{itemId}/historic-inventory (doc 2 §7): the item's count in the last 12 completed
 * inventories that hold it, newest first, with the cases ordered until the next count.
 */
export async function getHistoricInventory(
  db: Database,
  locationId: number,
  listId: number,
  groupId: number,
  itemDistributorId: number,
): Promise<HistoricRecord[]> {
  const item = await requireGroupOffer(db, locationId, listId, groupId, itemDistributorId);
  const ctx = await getLocationContext(db, locationId);
  const rows = await repo.selectHistoricInventory(db, locationId, ctx.timezone, item, HISTORIC_ON_HAND_ROWS);
  return rows.map((row) => ({ startDate: row.startDate, onHand: Number(row.onHand), ordered: Number(row.ordered) }));
}

/** GET …/item/{itemId}/price-analytics (doc 2 §7, path not shown): the item's own twelve price windows. */
export async function getItemPriceAnalytics(
  db: Database,
  locationId: number,
  listId: number,
  groupId: number,
  itemDistributorId: number,
): Promise<ItemPriceAnalytics> {
  const item = await requireGroupOffer(db, locationId, listId, groupId, itemDistributorId);
  const ctx = await getLocationContext(db, locationId);
  const windows = await getPriceWindows(db, ctx, [groupId], item.id);
  return { analytics: windows.get(groupId)! };
}

/** GET /comparison-views/all-groups and /comparison-views/groups-search: groups across the location's lists. */
export async function listGroupSummaries(
  db: Database,
  locationId: number,
  query: { page: number; limit: number; term: string },
): Promise<{ data: GroupSummary[]; _meta: PageMeta }> {
  const rows = await repo.selectGroupSummaries(db, locationId, query.term, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map(({ total: _total, ...row }) => row),
    _meta: toPageMeta(rows[0]?.total ?? 0, query.page, query.limit),
  };
}

/**
 * Each group's catalogue items (by item-distributor id) in the order of its cards: sortGroupItems
 * over the view's own items (toGroupItem). Sub-recipes and custom items are no offers and are left
 * out, and the order of the rest does not depend on them, so neither their costs (the cost book)
 * nor the groups' spend is read.
 */
async function readOfferCardOrder(db: Database, ctx: LocationContext, groupIds: number[]): Promise<Map<number, number[]>> {
  const rows = (await repo.selectGroupItems(db, ctx.locationId, groupIds)).filter((row) => row.kind === 'item');
  const byOffer = await selectLinkedOffers(db, ctx, rows);
  return new Map(
    groupIds.map((groupId): [number, number[]] => {
      const items = rows.flatMap((row) => {
        const cat = row.groupId === groupId ? byOffer.get(row.itemDistributorId!) : undefined;
        return cat ? [toGroupItem(row, cat, undefined, ctx).item] : [];
      });
      return [groupId, sortGroupItems(items).map((item) => item.itemDistributorId!)];
    }),
  );
}

/**
 * GET /comparison-views/from-item-distributor: the lists holding a catalogue item, with the groups
 * that hold it when `expand` names groups, and each group's catalogue items when `showItems`.
 */
export async function findListsHoldingOffer(
  db: Database,
  locationId: number,
  query: { id: number; expand: string; showItems?: string },
): Promise<ListWithGroups[]> {
  const withGroups = query.expand.split(',').includes('groups');
  const withItems = query.showItems === '1' || query.showItems === 'true';
  const rows = await repo.selectGroupsHoldingOffer(db, locationId, query.id);
  // With showItems each group's items come in the order of its cards, not the stored sort index
  // the cards do not follow (issue 34).
  const cardOrder =
    withGroups && withItems && rows.length > 0
      ? await readOfferCardOrder(db, await getLocationContext(db, locationId), [...new Set(rows.map((r) => r.groupId))])
      : new Map<number, number[]>();
  const lists = new Map<number, ListWithGroups>();
  for (const row of rows) {
    const list = lists.get(row.listId) ?? { id: row.listId, name: row.listName, ...(withGroups ? { groups: [] } : {}) };
    lists.set(row.listId, list);
    const itemIds = cardOrder.get(row.groupId) ?? row.itemIds;
    list.groups?.push({ id: row.groupId, name: row.groupName, ...(withItems ? { itemIds } : {}) });
  }
  return [...lists.values()];
}
