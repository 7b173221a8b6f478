/**
 * SQL of the inventory comparison view. Every statement names the location, so a list, group or
 * item of another location is never read or written. Catalogue items are read through the
 * catalogue's one projection (catalog.repo selectItemRows) by the service.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Database } from '@stockpot/db';
import { intArray } from '../catalog/catalog.repo';
import { locationPriceSql } from '../../platform/item-price';
import { itemFiltersSql, type ItemFilters } from '../../platform/item-filters-sql';

export interface ListRow {
  id: number;
  name: string;
  merchantId: number;
  sort: number;
  userId: number | null;
  onInventory: boolean;
  hasRecipeGroups: boolean;
}

const listColumns = sql`l.id, l.name, l.location_id AS "merchantId", l.sort, l.user_id AS "userId",
  l.on_inventory AS "onInventory",
  EXISTS (SELECT 1 FROM recipe_ingredients ri JOIN inventory_groups rg ON rg.id = ri.inventory_group_id
          WHERE ri.location_id = l.location_id AND rg.location_id = l.location_id AND rg.inventory_list_id = l.id) AS "hasRecipeGroups"`;

export function selectLists(db: Database, locationId: number, page?: { limit: number; offset: number }): Promise<ListRow[]> {
  return queryRowsPrepared<ListRow>(
    db,
    sql`SELECT ${listColumns} FROM inventory_lists l WHERE l.location_id = ${locationId}
        ORDER BY l.sort, l.id ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
}

export async function countLists(db: Database, locationId: number): Promise<number> {
  const [row] = await queryRowsPrepared<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM inventory_lists WHERE location_id = ${locationId}`,
  );
  return row.count;
}

export async function findList(db: Database, locationId: number, listId: number, lock = false): Promise<ListRow | undefined> {
  const [row] = await queryRowsPrepared<ListRow>(
    db,
    sql`SELECT ${listColumns} FROM inventory_lists l WHERE l.location_id = ${locationId} AND l.id = ${listId}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export async function isListNameTaken(db: Database, locationId: number, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`SELECT id FROM inventory_lists WHERE location_id = ${locationId} AND lower(name) = lower(${name})
        ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`} LIMIT 1`,
  );
  return rows.length > 0;
}

export async function insertList(db: Database, locationId: number, name: string, userId: number): Promise<number> {
  const [row] = await queryRowsPrepared<{ id: number }>(
    db,
    sql`INSERT INTO inventory_lists (location_id, name, user_id, sort)
        VALUES (${locationId}, ${name}, ${userId},
                (SELECT coalesce(max(sort) + 1, 0) FROM inventory_lists WHERE location_id = ${locationId}))
        RETURNING id`,
  );
  return row.id;
}

export async function updateList(
  db: Database,
  locationId: number,
  listId: number,
  changes: { name?: string; onInventory?: boolean },
): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_lists
        SET name = coalesce(${changes.name ?? null}::text, name),
            on_inventory = coalesce(${changes.onInventory ?? null}::boolean, on_inventory)
        WHERE location_id = ${locationId} AND id = ${listId}`,
  );
}

export async function deleteList(db: Database, locationId: number, listId: number): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`DELETE FROM inventory_lists WHERE location_id = ${locationId} AND id = ${listId} RETURNING id`,
  );
  return rows.length > 0;
}

export interface GroupRow {
  id: number;
  comparisonViewId: number;
  name: string;
  sort: number;
  parLevel: string;
  unitId: number;
  expand: boolean;
  /** A generic ingredient of some recipe (doc 2 §3 belongsToRecipe). */
  belongsToRecipe: boolean;
}

const groupColumns = sql`g.id, g.inventory_list_id AS "comparisonViewId", g.name, g.sort, g.par_level::text AS "parLevel",
  g.unit_id AS "unitId", g.expand,
  EXISTS (SELECT 1 FROM recipe_ingredients ri WHERE ri.location_id = g.location_id AND ri.inventory_group_id = g.id) AS "belongsToRecipe"`;

export interface GroupFilter {
  nameLike: string;
  sort: 'custom' | 'asc' | 'desc';
}

/** The list and name filter; callers name the location themselves. */
function groupWhere(listId: number, filter: GroupFilter): SQL {
  const like = filter.nameLike.trim();
  return sql`g.inventory_list_id = ${listId}
    ${like ? sql`AND g.name ILIKE ${`%${like.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}`;
}

export function selectGroups(
  db: Database,
  locationId: number,
  listId: number,
  filter: GroupFilter,
  page: { limit: number; offset: number },
): Promise<GroupRow[]> {
  const order =
    filter.sort === 'asc'
      ? sql`lower(g.name), g.id`
      : filter.sort === 'desc'
        ? sql`lower(g.name) DESC, g.id DESC`
        : sql`g.sort, g.id`;
  return queryRowsPrepared<GroupRow>(
    db,
    sql`SELECT ${groupColumns} FROM inventory_groups g WHERE g.location_id = ${locationId} AND ${groupWhere(listId, filter)}
        ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

export async function countGroups(db: Database, locationId: number, listId: number, filter: GroupFilter): Promise<number> {
  const [row] = await queryRowsPrepared<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM inventory_groups g WHERE g.location_id = ${locationId} AND ${groupWhere(listId, filter)}`,
  );
  return row.count;
}

export async function findGroup(
  db: Database,
  locationId: number,
  listId: number,
  groupId: number,
  lock = false,
): Promise<GroupRow | undefined> {
  const [row] = await queryRowsPrepared<GroupRow>(
    db,
    sql`SELECT ${groupColumns} FROM inventory_groups g
        WHERE g.location_id = ${locationId} AND g.inventory_list_id = ${listId} AND g.id = ${groupId}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

/** Groups of the location among the ids (any list), for the group-unit call. */
export function findGroupsByIds(db: Database, locationId: number, ids: readonly number[]): Promise<GroupRow[]> {
  return queryRowsPrepared<GroupRow>(
    db,
    sql`SELECT ${groupColumns} FROM inventory_groups g WHERE g.location_id = ${locationId} AND g.id = ANY(${intArray(ids)})`,
  );
}

export async function isGroupNameTaken(
  db: Database,
  locationId: number,
  listId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`SELECT id FROM inventory_groups
        WHERE location_id = ${locationId} AND inventory_list_id = ${listId} AND lower(name) = lower(${name})
        ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`} LIMIT 1`,
  );
  return rows.length > 0;
}

/** The list's group ids in custom order. */
export async function selectGroupOrder(db: Database, locationId: number, listId: number): Promise<number[]> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`SELECT id FROM inventory_groups WHERE location_id = ${locationId} AND inventory_list_id = ${listId} ORDER BY sort, id`,
  );
  return rows.map((row) => row.id);
}

/** Writes sort = position for the ids in the order given (one statement). */
export async function writeGroupOrder(db: Database, locationId: number, listId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`UPDATE inventory_groups g SET sort = t.ord - 1
        FROM unnest(${intArray(ids)}) WITH ORDINALITY AS t(id, ord)
        WHERE g.location_id = ${locationId} AND g.inventory_list_id = ${listId} AND g.id = t.id AND g.sort <> t.ord - 1`,
  );
}

export async function insertGroup(db: Database, locationId: number, listId: number, name: string, sort: number): Promise<number> {
  const [row] = await queryRowsPrepared<{ id: number }>(
    db,
    sql`INSERT INTO inventory_groups (location_id, inventory_list_id, name, sort)
        VALUES (${locationId}, ${listId}, ${name}, ${sort}) RETURNING id`,
  );
  return row.id;
}

export async function updateGroup(
  db: Database,
  locationId: number,
  groupId: number,
  changes: { name?: string; parLevel?: string; unitId?: number; listId?: number; sort?: number },
): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_groups
        SET name = coalesce(${changes.name ?? null}::text, name),
            par_level = coalesce(${changes.parLevel ?? null}::numeric, par_level),
            unit_id = coalesce(${changes.unitId ?? null}::int, unit_id),
            inventory_list_id = coalesce(${changes.listId ?? null}::int, inventory_list_id),
            sort = coalesce(${changes.sort ?? null}::int, sort)
        WHERE location_id = ${locationId} AND id = ${groupId}`,
  );
}

export async function deleteGroup(db: Database, locationId: number, groupId: number): Promise<void> {
  await db.execute(sql`DELETE FROM inventory_groups WHERE location_id = ${locationId} AND id = ${groupId}`);
}

export interface GroupItemRow {
  id: number;
  groupId: number;
  kind: 'item' | 'custom' | 'subrecipe';
  itemDistributorId: number | null;
  subRecipeId: number | null;
  description: string | null;
  distributorName: string | null;
  unitMeasure: string | null;
  price: string | null;
  din: string | null;
  brand: string | null;
  customPackSize: string | null;
  isPreferred: boolean;
  autoAdded: boolean;
  onHand: string;
  onHandPack: string;
  onHandUom: string;
  totalOnHand: string;
  totalOnHandAmount: string;
  sortIndex: number;
}

const itemColumns = sql`gi.id, gi.group_id AS "groupId", gi.kind, gi.item_distributor_id AS "itemDistributorId",
  gi.sub_recipe_id AS "subRecipeId", gi.description, gi.distributor_name AS "distributorName", gi.unit_measure AS "unitMeasure",
  gi.price::text AS price, gi.din, gi.brand, gi.custom_pack_size AS "customPackSize", gi.is_preferred AS "isPreferred",
  gi.auto_added AS "autoAdded", gi.on_hand::text AS "onHand", gi.on_hand_pack::text AS "onHandPack",
  gi.on_hand_uom::text AS "onHandUom", gi.total_on_hand::text AS "totalOnHand",
  gi.total_on_hand_amount::text AS "totalOnHandAmount", gi.sort_index AS "sortIndex"`;

export function selectGroupItems(db: Database, locationId: number, groupIds: readonly number[]): Promise<GroupItemRow[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return queryRowsPrepared<GroupItemRow>(
    db,
    sql`SELECT ${itemColumns} FROM inventory_group_items gi
        WHERE gi.location_id = ${locationId} AND gi.group_id = ANY(${intArray(groupIds)}) ORDER BY gi.sort_index, gi.id`,
  );
}

/** One item of a group: by item-distributor id for kind 'item', by row id for 'custom' and 'subrecipe'. */
export async function findGroupItem(
  db: Database,
  locationId: number,
  groupId: number,
  kind: GroupItemRow['kind'],
  id: number,
): Promise<GroupItemRow | undefined> {
  const key = kind === 'item' ? sql`gi.item_distributor_id = ${id}` : sql`gi.id = ${id}`;
  const [row] = await queryRowsPrepared<GroupItemRow>(
    db,
    sql`SELECT ${itemColumns} FROM inventory_group_items gi
        WHERE gi.location_id = ${locationId} AND gi.group_id = ${groupId} AND gi.kind = ${kind} AND ${key} FOR UPDATE`,
  );
  return row;
}

/** Every linked row of these catalogue offers at the location, in any list (locked): what a delivery adds to. */
export async function findLinkedItems(
  db: Database,
  locationId: number,
  itemDistributorIds: readonly number[],
): Promise<GroupItemRow[]> {
  if (itemDistributorIds.length === 0) return [];
  // Not prepared: the IN list makes a new statement text for every count of ids.
  return queryRows<GroupItemRow>(
    db,
    sql`SELECT ${itemColumns} FROM inventory_group_items gi
        WHERE gi.location_id = ${locationId} AND gi.kind = 'item'
          AND gi.item_distributor_id IN (${sql.join(
            itemDistributorIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        ORDER BY gi.id FOR UPDATE`,
  );
}

/** A group item by its row id, with the list it belongs to (toggle-is-preferred). */
export async function findGroupItemById(
  db: Database,
  locationId: number,
  id: number,
): Promise<{ id: number; isPreferred: boolean } | undefined> {
  const [row] = await queryRowsPrepared<{ id: number; isPreferred: boolean }>(
    db,
    sql`SELECT id, is_preferred AS "isPreferred" FROM inventory_group_items WHERE location_id = ${locationId} AND id = ${id} FOR UPDATE`,
  );
  return row;
}

export async function setPreferred(db: Database, locationId: number, id: number, isPreferred: boolean): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_group_items SET is_preferred = ${isPreferred}, updated_at = now() WHERE location_id = ${locationId} AND id = ${id}`,
  );
}

export async function writeOnHand(
  db: Database,
  locationId: number,
  id: number,
  values: { onHand: string; onHandPack: string; onHandUom: string; totalOnHand: string; totalOnHandAmount: string },
): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_group_items
        SET on_hand = ${values.onHand}::numeric, on_hand_pack = ${values.onHandPack}::numeric, on_hand_uom = ${values.onHandUom}::numeric,
            total_on_hand = ${values.totalOnHand}::numeric, total_on_hand_amount = ${values.totalOnHandAmount}::numeric,
            updated_at = now()
        WHERE location_id = ${locationId} AND id = ${id}`,
  );
}

/** A catalogue item's pack size as this group counts it; null goes back to the catalogue's. */
export async function writeCustomPackSize(db: Database, locationId: number, id: number, packSize: string | null): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_group_items SET custom_pack_size = ${packSize}, updated_at = now()
        WHERE location_id = ${locationId} AND id = ${id}`,
  );
}

export async function deleteGroupItem(db: Database, locationId: number, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM inventory_group_items WHERE location_id = ${locationId} AND id = ${id}`);
}

/** Removes every recipe ingredient that is this group (doc 2 §8 "Delete group"); answers the recipes they belonged to. */
export async function deleteRecipeIngredientsOfGroup(db: Database, locationId: number, groupId: number): Promise<number[]> {
  const rows = await queryRows<{ recipeId: number }>(
    db,
    sql`DELETE FROM recipe_ingredients WHERE location_id = ${locationId} AND inventory_group_id = ${groupId}
        RETURNING recipe_id AS "recipeId"`,
  );
  return [...new Set(rows.map((row) => row.recipeId))];
}

/** The recipes of the location among the ids, each with whether it is a sub-recipe (doc 2 §7 "Link items to a group": subrecipes). */
export async function findLocationRecipes(
  db: Database,
  locationId: number,
  ids: readonly number[],
  lock = false,
): Promise<Map<number, boolean>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; isSubRecipe: boolean }>(
    db,
    sql`SELECT id, is_sub_recipe AS "isSubRecipe" FROM recipes WHERE location_id = ${locationId} AND id = ANY(${intArray(ids)})
        ORDER BY id ${lock ? sql`FOR SHARE` : sql``}`,
  );
  return new Map(rows.map((row) => [row.id, row.isSubRecipe]));
}

/** Links sub-recipes to a group at its end; ones already in it are skipped (no unique index: the group row is locked by the caller). */
export async function linkSubRecipes(db: Database, locationId: number, groupId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`INSERT INTO inventory_group_items (location_id, group_id, kind, sub_recipe_id, sort_index)
        SELECT ${locationId}, ${groupId}, 'subrecipe', t.id,
               (SELECT coalesce(max(sort_index), 0) FROM inventory_group_items WHERE location_id = ${locationId} AND group_id = ${groupId}) + t.ord::int
        FROM unnest(${intArray(ids)}) WITH ORDINALITY AS t(id, ord)
        WHERE NOT EXISTS (SELECT 1 FROM inventory_group_items x
                          WHERE x.location_id = ${locationId} AND x.group_id = ${groupId} AND x.kind = 'subrecipe' AND x.sub_recipe_id = t.id)`,
  );
}

/** Links offers to a group at its end; ones already in it are skipped. Answers the ids linked. */
export async function linkItems(db: Database, locationId: number, groupId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`INSERT INTO inventory_group_items (location_id, group_id, kind, item_distributor_id, sort_index)
        SELECT ${locationId}, ${groupId}, 'item', t.id,
               (SELECT coalesce(max(sort_index), 0) FROM inventory_group_items WHERE location_id = ${locationId} AND group_id = ${groupId}) + t.ord::int
        FROM unnest(${intArray(ids)}) WITH ORDINALITY AS t(id, ord)
        ON CONFLICT (group_id, item_distributor_id) WHERE item_distributor_id IS NOT NULL DO NOTHING
        RETURNING item_distributor_id AS id`,
  );
  return rows.map((row) => row.id);
}

export async function insertCustomItem(
  db: Database,
  locationId: number,
  groupId: number,
  item: {
    description: string;
    distributor: string;
    unitMeasure: string;
    price: string;
    packSize: string;
    din: string;
    brand: string;
  },
): Promise<number> {
  const [row] = await queryRowsPrepared<{ id: number }>(
    db,
    sql`INSERT INTO inventory_group_items (location_id, group_id, kind, description, distributor_name, unit_measure, price,
                                           custom_pack_size, din, brand, sort_index)
        VALUES (${locationId}, ${groupId}, 'custom', ${item.description}, ${item.distributor}, ${item.unitMeasure},
                ${item.price}::numeric, ${item.packSize}, ${item.din}, ${item.brand},
                (SELECT coalesce(max(sort_index), 0) + 1 FROM inventory_group_items WHERE location_id = ${locationId} AND group_id = ${groupId}))
        RETURNING id`,
  );
  return row.id;
}

/** Which of the ids are offers of the location's catalogue. */
export async function findLocationItemIds(db: Database, locationId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`SELECT item_distributor_id AS id FROM location_items WHERE location_id = ${locationId} AND item_distributor_id = ANY(${intArray(ids)})`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Spend per group over the orders not cancelled of the location's last `days` calendar days, today
 * included (from its midnight `days - 1` days ago, in its time zone), in dollars (text). The
 * location's recent orders are read first (an index range of `orders (location_id, created_at)`,
 * materialised) and hashed against the groups' order lines: the join the planner chose otherwise
 * looked up every order line's order by id, about 1,700 lookups for a page of 70 groups (2.5 ms
 * against 1.0 ms on the large data).
 */
export async function selectGroupSpend(
  db: Database,
  ctx: { locationId: number; today: string; timezone: string },
  groupIds: readonly number[],
  days: number,
): Promise<Map<number, string>> {
  if (groupIds.length === 0) return new Map();
  const { locationId } = ctx;
  const rows = await queryRowsPrepared<{ groupId: number; spend: string }>(
    db,
    sql`WITH recent AS MATERIALIZED (
          SELECT o.id FROM orders o
          WHERE o.location_id = ${locationId} AND o.status <> 'cancelled' AND o.created_at >= (${ctx.today}::date - ${days - 1}::int)::timestamp AT TIME ZONE ${ctx.timezone}::text
        )
        SELECT gi.group_id AS "groupId", coalesce(sum(oi.quantity * oi.price), 0)::text AS spend
        FROM recent
        JOIN order_items oi ON oi.order_id = recent.id AND oi.location_id = ${locationId}
        JOIN inventory_group_items gi ON gi.location_id = ${locationId} AND gi.item_distributor_id = oi.item_distributor_id
        WHERE gi.group_id = ANY(${intArray(groupIds)}) AND gi.kind = 'item'
        GROUP BY gi.group_id`,
  );
  return new Map(rows.map((row) => [row.groupId, row.spend]));
}

/** On-hand value sums: the group, its list, and every list of the location (dollars, text). */
export async function selectOnHandSums(
  db: Database,
  locationId: number,
  listId: number,
  groupId: number,
): Promise<{ group: string; list: string; all: string }> {
  const [row] = await queryRowsPrepared<{ group: string; list: string; all: string }>(
    db,
    sql`SELECT coalesce(sum(gi.total_on_hand_amount) FILTER (WHERE gi.group_id = ${groupId}), 0)::text AS "group",
               coalesce(sum(gi.total_on_hand_amount) FILTER (WHERE g.inventory_list_id = ${listId}), 0)::text AS list,
               coalesce(sum(gi.total_on_hand_amount), 0)::text AS "all"
        FROM inventory_group_items gi
        JOIN inventory_groups g ON g.id = gi.group_id AND g.location_id = gi.location_id
        WHERE gi.location_id = ${locationId}`,
  );
  return row;
}

export interface CandidateRow {
  itemDistributorId: number;
  name: string;
  din: string;
  brand: string;
  distributor: string;
  packSize: string;
  price: string;
  isLinked: boolean;
  total: number;
}

/** The location's offers matching the search on name, DIN or brand, for the Add/Link dialog. */
export function searchCandidates(
  db: Database,
  locationId: number,
  groupId: number,
  today: string,
  search: string,
  filters: ItemFilters,
  page: { limit: number; offset: number },
): Promise<CandidateRow[]> {
  const term = search.trim();
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRowsPrepared<CandidateRow>(
    db,
    sql`SELECT d.id AS "itemDistributorId", i.name, d.din, d.brand, dist.nickname AS distributor, d.pack_size AS "packSize",
               ${locationPriceSql('li', 'd', today)}::text AS price,
               EXISTS (SELECT 1 FROM inventory_group_items gi
                       WHERE gi.location_id = li.location_id AND gi.group_id = ${groupId} AND gi.item_distributor_id = d.id) AS "isLinked",
               count(*) OVER ()::int AS total
        FROM location_items li
        JOIN item_distributors d ON d.id = li.item_distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN distributors dist ON dist.id = d.distributor_id
        WHERE li.location_id = ${locationId}
          ${term ? sql`AND (i.name ILIKE ${like} OR d.din ILIKE ${like} OR d.brand ILIKE ${like} OR i.generic_name ILIKE ${like})` : sql``}
          ${itemFiltersSql(locationId, 'd', filters)}
        ORDER BY lower(i.name), d.id
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** A catalogue item of a group, by its item-distributor id (the id of `…/item/{itemId}` paths). */
export async function findGroupOffer(
  db: Database,
  locationId: number,
  groupId: number,
  itemDistributorId: number,
): Promise<{ id: number; itemDistributorId: number } | undefined> {
  const [row] = await queryRowsPrepared<{ id: number; itemDistributorId: number }>(
    db,
    sql`SELECT id, item_distributor_id AS "itemDistributorId" FROM inventory_group_items
        WHERE location_id = ${locationId} AND group_id = ${groupId} AND kind = 'item' AND item_distributor_id = ${itemDistributorId}`,
  );
  return row;
}

export interface HistoricRow {
  startDate: string;
  onHand: string;
  ordered: string;
}

/**
 * An item's count in each completed inventory that holds it, newest first, at most `limit`, with
 * the cases of that offer ordered (not cancelled) from the inventory's start day up to the next
 * one's (the latest: up to today), days read in the location's time zone.
 */
export function selectHistoricInventory(
  db: Database,
  locationId: number,
  timezone: string,
  item: { id: number; itemDistributorId: number },
  limit: number,
): Promise<HistoricRow[]> {
  return queryRowsPrepared<HistoricRow>(
    db,
    sql`WITH counts AS (
          SELECT i.id, i.start_date, s.total_on_hand,
                 lead(i.start_date) OVER (ORDER BY i.start_date, i.id) AS next_start
          FROM inventories i
          JOIN inventory_snapshot_items s ON s.location_id = i.location_id AND s.inventory_id = i.id AND s.group_item_id = ${item.id}
          WHERE i.location_id = ${locationId} AND i.status = 'completed'
        )
        SELECT c.start_date::text AS "startDate", c.total_on_hand::text AS "onHand",
               coalesce((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id AND o.location_id = oi.location_id
                         WHERE oi.location_id = ${locationId} AND oi.item_distributor_id = ${item.itemDistributorId}
                           AND o.status <> 'cancelled'
                           AND o.created_at >= c.start_date::timestamp AT TIME ZONE ${timezone}
                           AND (c.next_start IS NULL OR o.created_at < c.next_start::timestamp AT TIME ZONE ${timezone})), 0)::text AS ordered
        FROM counts c
        ORDER BY c.start_date DESC, c.id DESC
        LIMIT ${limit}`,
  );
}

export interface GroupSummaryRow {
  id: number;
  name: string;
  comparisonViewId: number;
  comparisonViewName: string;
  total: number;
}

/** The location's groups across its lists whose name holds `term` (any case; all when empty), A-Z, paged. */
export function selectGroupSummaries(
  db: Database,
  locationId: number,
  term: string,
  page: { limit: number; offset: number },
): Promise<GroupSummaryRow[]> {
  const like = `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRowsPrepared<GroupSummaryRow>(
    db,
    sql`SELECT g.id, g.name, l.id AS "comparisonViewId", l.name AS "comparisonViewName", count(*) OVER ()::int AS total
        FROM inventory_groups g JOIN inventory_lists l ON l.id = g.inventory_list_id AND l.location_id = g.location_id
        WHERE g.location_id = ${locationId} AND g.name ILIKE ${like}
        ORDER BY lower(g.name), lower(l.name), g.id
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** The lists and groups of the location holding a catalogue item, with each group's items when asked. */
export function selectGroupsHoldingOffer(
  db: Database,
  locationId: number,
  itemDistributorId: number,
): Promise<{ listId: number; listName: string; groupId: number; groupName: string; itemIds: number[] }[]> {
  return queryRowsPrepared(
    db,
    sql`SELECT l.id AS "listId", l.name AS "listName", g.id AS "groupId", g.name AS "groupName",
               array(SELECT gj.item_distributor_id FROM inventory_group_items gj
                     WHERE gj.group_id = g.id AND gj.location_id = g.location_id AND gj.kind = 'item' ORDER BY gj.sort_index, gj.id) AS "itemIds"
        FROM inventory_group_items gi
        JOIN inventory_groups g ON g.id = gi.group_id AND g.location_id = gi.location_id
        JOIN inventory_lists l ON l.id = g.inventory_list_id AND l.location_id = g.location_id
        WHERE gi.location_id = ${locationId} AND gi.kind = 'item' AND gi.item_distributor_id = ${itemDistributorId}
        ORDER BY l.sort, l.id, g.sort, g.id`,
  );
}
