/** SQL of the ingredient picker: a page of the location's catalogue offers, generic groups or sub-recipes. */
import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';

const likePattern = (search: string) => `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of ingredient candidates of the location: catalogue offers, generic groups or sub-recipes. */
export function searchIngredientOptions(
  db: Database,
  locationId: number,
  type: 'item' | 'generic' | 'subrecipe',
  search: string,
  exclude: number | null,
  page: { limit: number; offset: number },
): Promise<{ id: number; name: string; detail: string; packSize: string; unitMeasure: string; total: number }[]> {
  const like = likePattern(search);
  if (type === 'item') {
    return queryRowsPrepared(
      db,
      sql`SELECT d.id, coalesce(nullif(d.description, ''), i.name) AS name, concat_ws(' · ', dist.nickname, d.pack_size, d.brand) AS detail,
                 d.pack_size AS "packSize", d.unit_measure AS "unitMeasure", count(*) OVER ()::int AS total
          FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id JOIN items i ON i.id = d.item_id
          JOIN distributors dist ON dist.id = d.distributor_id
          WHERE li.location_id = ${locationId} AND (i.name ILIKE ${like} OR d.description ILIKE ${like} OR d.din = ${search.trim()})
          ORDER BY li.is_punched_out, lower(i.name), d.id LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }
  if (type === 'generic') {
    return queryRowsPrepared(
      db,
      sql`SELECT g.id, g.name, l.name AS detail, '' AS "packSize", 'CS' AS "unitMeasure", count(*) OVER ()::int AS total
          FROM inventory_groups g JOIN inventory_lists l ON l.id = g.inventory_list_id AND l.location_id = g.location_id
          WHERE g.location_id = ${locationId} AND g.name ILIKE ${like}
          ORDER BY lower(g.name), g.id LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }
  return queryRowsPrepared(
    db,
    sql`SELECT r.id, r.name, concat('Yield ', r.sub_recipe_yield, ' ', r.sub_recipe_yield_uom) AS detail,
               '' AS "packSize", coalesce(r.sub_recipe_yield_uom, '') AS "unitMeasure", count(*) OVER ()::int AS total
        FROM recipes r
        WHERE r.location_id = ${locationId} AND r.is_sub_recipe AND r.name ILIKE ${like} ${exclude ? sql`AND r.id <> ${exclude}` : sql``}
        ORDER BY lower(r.name), r.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}
