/**
 * The inventory comparison view's read (doc 2 §2–§7): a list's generic groups with the items of
 * each group and their on-hand counts, the page the view opens on. Rules come from packages/domain
 * (inventory.rules, units.rules); catalogue items read through the catalogue's projection, so an
 * item's price, punched-out state and purchase history are the ones the place-order list shows.
 */
import type { Database } from '@stockpot/db';
import {
  CASE_UNIT,
  findBestBuy,
  getGroupOnHand,
  getGroupUnits,
  getOrderToPar,
  parseCents,
  sortGroupItems,
  toPageMeta,
  type GenericGroup,
  type GroupItem,
  type GroupStockItem,
  type GroupTotals,
  type InventorySort,
  type PageMeta,
} from '@stockpot/domain';
import { badRequest } from '../../platform/errors';
import { getLocationContext, selectItemRows, type LocationContext } from '../catalog/catalog.public';
import { getSubRecipeStock } from '../recipes/recipes.public';
import * as groupsRepo from './inventory-groups.repo';
import * as itemsRepo from './inventory-group-items.repo';
import type { GroupRow } from './inventory-groups.repo';
import type { GroupItemRow } from './inventory-group-items.repo';
import { groupNotFound, requireList } from './inventory-guards';
import { toGroupItem, toItemSource, type ReadItem } from './inventory-item-view';
import { withPriceAnalytics } from './price-analytics.service';

/**
 * Group spend ("purchased", doc 2 §3) covers this many calendar days of the location, today
 * included (not shown in the spec). Whole days, so a stored page stays right for its whole day.
 */
export const GROUP_SPEND_DAYS = 30;

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

export async function readGroups(
  db: Database,
  ctx: LocationContext,
  groups: GroupRow[],
  withItems: boolean,
): Promise<GenericGroup[]> {
  if (groups.length === 0) return [];
  const ids = groups.map((group) => group.id);
  const rows = await itemsRepo.selectGroupItems(db, ctx.locationId, ids);
  const offerIds = [...new Set(rows.filter((row) => row.itemDistributorId !== null).map((row) => row.itemDistributorId!))];
  const catalog = offerIds.length ? await selectItemRows(db, ctx, toItemSource(offerIds)) : [];
  const byOffer = new Map(catalog.map((row) => [row.itemDistributorId, row]));
  const subIds = [...new Set(rows.filter((row) => row.kind === 'subrecipe').map((row) => row.subRecipeId!))];
  const subs = await getSubRecipeStock(db, ctx.locationId, subIds);
  const spend = await groupsRepo.selectGroupSpend(db, ctx, ids, GROUP_SPEND_DAYS);
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
export function parseGroupFilter(filterOptions?: string, filters?: string): groupsRepo.GroupFilter {
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
  filter: groupsRepo.GroupFilter;
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
  const total = await groupsRepo.countGroups(db, locationId, listId, query.filter);
  const groups = await groupsRepo.selectGroups(db, locationId, listId, query.filter, {
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
  const group = await groupsRepo.findGroup(db, locationId, listId, groupId);
  if (!group) throw groupNotFound();
  const ctx = await getLocationContext(db, locationId);
  const [read] = await readGroups(db, ctx, [group], expand.split(',').includes('items'));
  return read;
}

export async function getGroupTotals(db: Database, locationId: number, listId: number, groupId: number): Promise<GroupTotals> {
  const group = await getGroup(db, locationId, listId, groupId, '');
  const sums = await groupsRepo.selectOnHandSums(db, locationId, listId, groupId);
  return {
    totalOnHandAmount: parseCents(sums.group),
    totalOnHand: group.totalOnHand,
    purchased: group.purchased,
    comparisonViewTotalOnHandAmount: parseCents(sums.list),
    allComparisonViewTotalOnHandAmount: parseCents(sums.all),
  };
}
