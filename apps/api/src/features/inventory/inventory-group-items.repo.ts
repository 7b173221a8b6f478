/**
 * SQL of a group's items: catalogue offers, custom items and sub-recipes linked to a generic group,
 * and the Add/Link dialog's catalogue search. Every statement names the location, so a list, group or item of another location is never read or
 * written. Catalogue items are
 * read through the catalogue's one projection (catalog.repo selectItemRows) by the services.
 */
import { sql } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Database } from '@stockpot/db';
import type { GroupItemRow as CostBookGroupItemRow } from '@stockpot/domain';
import { intArray } from '../../platform/sql';
import { locationPriceSql } from '../../platform/item-price';
import { itemFiltersSql, type ItemFilters } from '../../platform/item-filters-sql';

/** A group item as the inventory view reads it: the cost book's fields (recipes cost a generic ingredient from them) and its counts. */
export interface GroupItemRow extends CostBookGroupItemRow {
  unitMeasure: string | null;
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

export async function deleteGroupItem(db: Database, locationId: number, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM inventory_group_items WHERE location_id = ${locationId} AND id = ${id}`);
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
