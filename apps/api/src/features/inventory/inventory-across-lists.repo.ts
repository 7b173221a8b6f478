/** SQL of groups read across a location's lists: by name, or the ones holding a catalogue item. Every statement names the location, so a list, group or item of another location is never read or
 * written. */
import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';

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
