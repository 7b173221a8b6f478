import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { locationPriceSql } from '../../platform/item-price';

/** A cart line with its catalogue item and the location's price for it (doc 1 §3 "Cart line"). */
export interface CartLineRow {
  id: number;
  item_distributor_id: number | null;
  quantity: number;
  swap_accept_id: number | null;
  special_distributor_id: number | null;
  special_description: string | null;
  special_uom: string | null;
  /** The catalogue line's distributor, or the special request's. */
  distributor_id: number;
  distributor: string;
  /** The catalogue item's, or the DIN the special request was sent with. */
  din: string | null;
  brand: string | null;
  description: string | null;
  /** The catalogue item's, or the pack size the special request was sent with. */
  pack_size: string | null;
  unit_quantity: number | null;
  unit_size: string | null;
  pack_size_uom: string | null;
  unit_measure: string | null;
  status: 'active' | 'inactive' | null;
  is_catch_weight: boolean | null;
  is_market_price: boolean | null;
  is_unpurchasable: boolean | null;
  rebate: string | null;
  image_url: string | null;
  list_price: string | null;
  name: string | null;
  generic_name: string | null;
  manufacturer: string | null;
  manufacturer_code: string | null;
  guide_price: string | null;
  purchased_price: string | null;
  end_date: string | null;
  is_price_outdated: boolean | null;
  is_punched_out: boolean | null;
  /** The price the location pays today (platform/item-price), dollars; null for a special request. */
  effectivePrice: string | null;
}

export interface CartLineFilter {
  /** Cart line ids (any kind of line). */
  ids?: number[];
  /** Catalogue lines by item-distributor. */
  itemDistributorIds?: number[];
  /** Only catalogue lines. */
  catalogueOnly?: boolean;
  /** Lock the lines for the rest of the transaction. */
  forUpdate?: boolean;
  /** The location's date the prices are for (YYYY-MM-DD); the location's current date when absent. */
  today?: string;
}

const idList = (ids: number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The location's cart lines (all, or those named), one query whatever their number. */
export async function loadCartLines(db: Database, locationId: number, filter: CartLineFilter = {}): Promise<CartLineRow[]> {
  const named: SQL[] = [];
  if (filter.ids?.length) named.push(sql`c.id IN (${idList(filter.ids)})`);
  if (filter.itemDistributorIds?.length) named.push(sql`c.item_distributor_id IN (${idList(filter.itemDistributorIds)})`);
  if ((filter.ids || filter.itemDistributorIds) && named.length === 0) return [];
  const which = named.length ? sql`AND (${sql.join(named, sql` OR `)})` : sql``;
  const today = filter.today ?? sql`(SELECT (now() AT TIME ZONE l.timezone)::date FROM locations l WHERE l.id = ${locationId})`;
  const catalogue = filter.catalogueOnly ? sql`AND c.item_distributor_id IS NOT NULL` : sql``;
  return queryRows<CartLineRow>(
    db,
    sql`SELECT c.id, c.item_distributor_id, c.quantity, c.swap_accept_id, c.special_distributor_id, c.special_description,
               c.special_uom, coalesce(d.distributor_id, c.special_distributor_id) AS distributor_id, dist.nickname AS distributor,
               coalesce(d.din, c.special_din) AS din, d.brand, d.description,
               coalesce(d.pack_size, c.special_pack_size) AS pack_size, d.unit_quantity, d.unit_size::text AS unit_size, d.pack_size_uom,
               d.unit_measure, d.status, d.is_catch_weight, d.is_market_price, d.is_unpurchasable, d.rebate::text AS rebate,
               d.image_url, d.price::text AS list_price, i.name, i.generic_name, i.manufacturer, i.manufacturer_code,
               li.price::text AS guide_price, li.purchased_price::text AS purchased_price, li.end_date::text AS end_date,
               li.is_price_outdated, li.is_punched_out,
               CASE WHEN d.id IS NOT NULL THEN ${locationPriceSql('li', 'd', today)}::text END AS "effectivePrice"
        FROM cart_items c
        LEFT JOIN item_distributors d ON d.id = c.item_distributor_id
        LEFT JOIN items i ON i.id = d.item_id
        LEFT JOIN location_items li ON li.location_id = c.location_id AND li.item_distributor_id = c.item_distributor_id
        JOIN distributors dist ON dist.id = coalesce(d.distributor_id, c.special_distributor_id)
        WHERE c.location_id = ${locationId} ${which} ${catalogue}
        ORDER BY c.id
        ${filter.forUpdate ? sql`FOR UPDATE OF c` : sql``}`,
  );
}
