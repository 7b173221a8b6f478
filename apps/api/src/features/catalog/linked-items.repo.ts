/**
 * SQL of the linked-items modal: the inventory view's generic groups that link an item, and the
 * source of their offers for the one item projection.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { intArray } from '../../platform/sql';
import type { LocationContext } from './item-rows.repo';

export interface LinkedGroupRow {
  groupId: number;
  name: string;
  inventoryListId: number;
  inventoryListName: string;
  /** The group's catalogue items (kind 'item'), in the group's order; custom items and sub-recipes left out. */
  itemDistributorIds: number[];
}

/**
 * The generic groups of the location's inventory lists that link this item, list order then group
 * order, each with its catalogue items (doc 1 §7 "Item-distributor groups for linked items").
 */
export async function selectLinkedGroups(db: Database, locationId: number, itemDistributorId: number): Promise<LinkedGroupRow[]> {
  return queryRows<LinkedGroupRow>(
    db,
    sql`SELECT g.id AS "groupId", g.name, l.id AS "inventoryListId", l.name AS "inventoryListName",
               coalesce((SELECT array_agg(m.item_distributor_id ORDER BY m.sort_index, m.id) FROM inventory_group_items m
                         WHERE m.location_id = g.location_id AND m.group_id = g.id AND m.kind = 'item'), '{}') AS "itemDistributorIds"
        FROM inventory_groups g
        JOIN inventory_lists l ON l.id = g.inventory_list_id AND l.location_id = g.location_id
        WHERE g.location_id = ${locationId}
          AND EXISTS (SELECT 1 FROM inventory_group_items gi WHERE gi.location_id = g.location_id AND gi.group_id = g.id
                      AND gi.kind = 'item' AND gi.item_distributor_id = ${itemDistributorId})
        ORDER BY l.sort, l.id, g.sort, g.id`,
  );
}

/** Source of the given offers of the location, in id order (linked items read through the one projection). */
export function offersSource(ctx: LocationContext, itemDistributorIds: number[]): SQL {
  return sql`SELECT li.item_distributor_id, li.item_distributor_id AS ord FROM location_items li
    WHERE li.location_id = ${ctx.locationId} AND li.item_distributor_id = ANY(${intArray(itemDistributorIds)})`;
}
