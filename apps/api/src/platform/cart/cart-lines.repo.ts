import { sql, type SQL } from 'drizzle-orm';
import { intArray, queryRowsPrepared, type Database } from '@stockpot/db';
import { locationPriceSql } from '../../platform/item-price';

/** A cart line with its catalogue item and the location's price for it (doc 1 §3 "Cart line"). */
export interface CartLineRow {
  id: number;
  itemDistributorId: number | null;
  quantity: number;
  swapAcceptId: number | null;
  specialDistributorId: number | null;
  specialDescription: string | null;
  specialUom: string | null;
  /** The catalogue line's distributor, or the special request's. */
  distributorId: number;
  distributor: string;
  /** The catalogue item's, or the DIN the special request was sent with. */
  din: string | null;
  brand: string | null;
  description: string | null;
  /** The catalogue item's, or the pack size the special request was sent with. */
  packSize: string | null;
  unitQuantity: number | null;
  unitSize: string | null;
  packSizeUom: string | null;
  unitMeasure: string | null;
  status: 'active' | 'inactive' | null;
  isCatchWeight: boolean | null;
  /** Average case weight in pounds, for a catch-weight estimate. */
  averageWeight: string | null;
  isMarketPrice: boolean | null;
  isUnpurchasable: boolean | null;
  rebate: string | null;
  imageUrl: string | null;
  listPrice: string | null;
  name: string | null;
  genericName: string | null;
  manufacturer: string | null;
  manufacturerCode: string | null;
  guidePrice: string | null;
  purchasedPrice: string | null;
  endDate: string | null;
  isPriceOutdated: boolean | null;
  isPunchedOut: boolean | null;
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

/**
 * The location's cart lines (all, or those named), one query whatever their number: a named
 * statement (the ids are one array parameter, so its text is the same for any cart), planned once
 * per connection; checkout reads it twice per order (docs/performance.md "Order submit").
 */
export async function loadCartLines(db: Database, locationId: number, filter: CartLineFilter = {}): Promise<CartLineRow[]> {
  const named: SQL[] = [];
  if (filter.ids?.length) named.push(sql`c.id = ANY(${intArray(filter.ids)})`);
  if (filter.itemDistributorIds?.length) named.push(sql`c.item_distributor_id = ANY(${intArray(filter.itemDistributorIds)})`);
  if ((filter.ids || filter.itemDistributorIds) && named.length === 0) return [];
  const which = named.length ? sql`AND (${sql.join(named, sql` OR `)})` : sql``;
  const today = filter.today ?? sql`(SELECT (now() AT TIME ZONE l.timezone)::date FROM locations l WHERE l.id = ${locationId})`;
  const catalogue = filter.catalogueOnly ? sql`AND c.item_distributor_id IS NOT NULL` : sql``;
  return queryRowsPrepared<CartLineRow>(
    db,
    sql`SELECT c.id, c.item_distributor_id AS "itemDistributorId", c.quantity, c.swap_accept_id AS "swapAcceptId",
               c.special_distributor_id AS "specialDistributorId", c.special_description AS "specialDescription",
               c.special_uom AS "specialUom", coalesce(d.distributor_id, c.special_distributor_id) AS "distributorId",
               dist.nickname AS distributor, coalesce(d.din, c.special_din) AS din, d.brand, d.description,
               coalesce(d.pack_size, c.special_pack_size) AS "packSize", d.unit_quantity AS "unitQuantity",
               d.unit_size::text AS "unitSize", d.pack_size_uom AS "packSizeUom", d.unit_measure AS "unitMeasure", d.status,
               d.is_catch_weight AS "isCatchWeight", d.average_weight::text AS "averageWeight", d.is_market_price AS "isMarketPrice",
               d.is_unpurchasable AS "isUnpurchasable", d.rebate::text AS rebate, d.image_url AS "imageUrl",
               d.price::text AS "listPrice", i.name, i.generic_name AS "genericName", i.manufacturer,
               i.manufacturer_code AS "manufacturerCode", li.price::text AS "guidePrice",
               li.purchased_price::text AS "purchasedPrice", li.end_date::text AS "endDate",
               li.is_price_outdated AS "isPriceOutdated", li.is_punched_out AS "isPunchedOut",
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
