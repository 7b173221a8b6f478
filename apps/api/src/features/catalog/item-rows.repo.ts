/**
 * The catalogue's item read model as every area reads it: the location's context (time zone, today,
 * display flags) and the one projection of an item row that the list, the matches, the cart, the
 * shopping lists and the inventory share. Numerics and dates leave the database as text and are
 * parsed by the services (never as floats).
 */
import { sql, type SQL } from 'drizzle-orm';
import { effectivePriceSql, isDinMatchSql, isPhraseMatchSql, queryWideRowsPrepared, type Database } from '@stockpot/db';
import type { LocationContext } from '../../platform/location-context';

export { findLocationContext, type LocationContext } from '../../platform/location-context';

/** One item row as the projection returns it: list fields as text/int/boolean plus what the rules need. */
export interface ItemRow {
  itemDistributorId: number;
  itemId: number;
  merchantId: number;
  name: string;
  description: string;
  din: string;
  brand: string;
  distributor: string;
  distributorId: number;
  imageUrl: string;
  brandImageUrl: string;
  unitMeasure: string;
  price: string;
  purchasedPrice: string | null;
  unitPrice: string;
  unitQuantity: number;
  unitSize: string;
  uom: string;
  packSize: string;
  packSizeUom: string;
  rebate: string;
  sortIndex: number | null;
  status: 'active' | 'inactive';
  lastPurchasedDate: string | null;
  lastPurchasedQty: number | null;
  lastPurchasedPrice: string | null;
  orderGuideId: number | null;
  endDate: string | null;
  invoiceDate: string | null;
  cartQuantity: number;
  averageWeight: string | null;
  isCatchWeight: boolean;
  isFixedWeight: boolean;
  isPunchedOut: boolean;
  isMarketPrice: boolean;
  isPartner: boolean;
  isPriceOutdated: boolean;
  isUnpurchasable: boolean;
  purchasedQuantity: number;
  isExactSearchMatch: boolean;
  /** Linked in a generic group of the location's inventory view (doc 2), so the list offers its linked items. */
  belongsToGroup: boolean;
  /** Matching, as computed in SQL (null when the item has no match). */
  matchId: number | null;
  matchIsExact: boolean | null;
  bestSavings: number;
  savingItems: number;
  /** Effective price in dollars, text: what price sorts and the cart use. */
  effectivePrice: string;
  genericName: string;
  manufacturer: string;
  manufacturerCode: string;
  /** With `withTotal`: the number of rows the page was taken from. */
  totalCount: number | null;
}

/**
 * The one projection of location items, in the order of `source`: a query yielding
 * `item_distributor_id` and `ord` for the location (and `total` with `withTotal`). Used by the list
 * page, the matches, the cart and the shopping lists, so an item reads the same everywhere. The
 * effective price and the savings match come from the read model (location_item_reads), which
 * getLocationContext has brought up to date.
 */
export async function selectItemRows(
  db: Database,
  ctx: LocationContext,
  source: SQL,
  options: { search?: string; withTotal?: boolean } = {},
): Promise<ItemRow[]> {
  return queryWideRowsPrepared<ItemRow>(db, itemRowsSql(ctx, source, options));
}

/**
 * selectItemRows' statement, for a statement that answers items with what it wrote (the cart save);
 * `today` may be SQL when that statement works out the location's date itself.
 */
export function itemRowsSql(
  ctx: Pick<LocationContext, 'locationId'> & { today: string | SQL },
  source: SQL,
  options: { search?: string; withTotal?: boolean } = {},
): SQL {
  const search = options.search ?? '';
  return sql`WITH src AS (${source})
        SELECT d.id AS "itemDistributorId", d.item_id AS "itemId", li.location_id AS "merchantId",
               i.name, coalesce(nullif(d.description, ''), i.description) AS description, d.din, d.brand,
               dist.nickname AS distributor, d.distributor_id AS "distributorId", d.image_url AS "imageUrl",
               d.brand_image_url AS "brandImageUrl", d.unit_measure AS "unitMeasure",
               li.price::text AS price, li.purchased_price::text AS "purchasedPrice", li.unit_price::text AS "unitPrice",
               d.unit_quantity AS "unitQuantity", d.unit_size::text AS "unitSize", d.pack_size_uom AS uom,
               d.pack_size AS "packSize", d.pack_size_uom AS "packSizeUom", d.rebate::text AS rebate,
               li.sort_index AS "sortIndex", d.status,
               li.last_purchased_date::text AS "lastPurchasedDate", li.last_purchased_qty AS "lastPurchasedQty",
               li.last_purchased_price::text AS "lastPurchasedPrice", li.order_guide_id AS "orderGuideId",
               li.end_date::text AS "endDate", li.invoice_date::text AS "invoiceDate",
               coalesce(ci.quantity, 0) AS "cartQuantity", d.average_weight::text AS "averageWeight",
               d.is_catch_weight AS "isCatchWeight", d.is_fixed_weight AS "isFixedWeight", li.is_punched_out AS "isPunchedOut",
               d.is_market_price AS "isMarketPrice", d.is_partner AS "isPartner", li.is_price_outdated AS "isPriceOutdated",
               d.is_unpurchasable AS "isUnpurchasable", li.purchased_quantity AS "purchasedQuantity",
               ${search ? sql`(${isDinMatchSql(sql`d.din`, search)} OR ${isPhraseMatchSql(sql`i.name`, search)})` : sql`false`} AS "isExactSearchMatch",
               EXISTS (SELECT 1 FROM inventory_group_items gi WHERE gi.location_id = li.location_id
                       AND gi.item_distributor_id = li.item_distributor_id AND gi.kind = 'item') AS "belongsToGroup",
               r.match_id AS "matchId", r.match_is_exact AS "matchIsExact",
               coalesce(r.best_savings, 0) AS "bestSavings", coalesce(r.saving_items, 0) AS "savingItems",
               coalesce(r.effective_price, ${effectivePriceSql('li', ctx.today)})::text AS "effectivePrice",
               i.generic_name AS "genericName", i.manufacturer, i.manufacturer_code AS "manufacturerCode",
               ${options.withTotal ? sql`src.total::int` : sql`NULL::int`} AS "totalCount"
        FROM src
        JOIN location_items li ON li.location_id = ${ctx.locationId} AND li.item_distributor_id = src.item_distributor_id
        JOIN item_distributors d ON d.id = li.item_distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN distributors dist ON dist.id = d.distributor_id
        LEFT JOIN location_item_reads r ON r.location_id = li.location_id AND r.item_distributor_id = li.item_distributor_id
        LEFT JOIN cart_items ci ON ci.location_id = li.location_id AND ci.item_distributor_id = li.item_distributor_id
        ORDER BY src.ord`;
}
