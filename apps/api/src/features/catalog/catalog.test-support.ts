/**
 * Test helpers of the ordering features (not a test file): reading the list through the API and the
 * location's rows straight from the database, to compare the two.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Database } from '@stockpot/db';
import {
  getEffectivePrice,
  getMatchCasePrice,
  parseCents,
  type FilterOptions,
  type ListItem,
  type MatchCandidate,
  type PageMeta,
  type PricedItem,
} from '@stockpot/domain';
import { bearer } from '../../test-support/test-app';

export const itemsUrl = (filterOptions: Partial<FilterOptions> = {}, page = 1, limit = 100) =>
  `/api/v1/items?filterOptions=${encodeURIComponent(JSON.stringify(filterOptions))}&page=${page}&limit=${limit}`;

export async function getItemsPage(
  app: FastifyInstance,
  token: string,
  filterOptions: Partial<FilterOptions> = {},
  page = 1,
  limit = 100,
): Promise<{ data: ListItem[]; _meta: PageMeta }> {
  const response = await app.inject({ method: 'GET', url: itemsUrl(filterOptions, page, limit), headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`GET items failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Every row of a list, page after page. */
export async function getAllItems(
  app: FastifyInstance,
  token: string,
  filterOptions: Partial<FilterOptions> = {},
): Promise<ListItem[]> {
  const first = await getItemsPage(app, token, filterOptions, 1, 100);
  const rows = [...first.data];
  for (let page = 2; page <= first._meta.pageCount; page += 1)
    rows.push(...(await getItemsPage(app, token, filterOptions, page, 100)).data);
  return rows;
}

/** A location item as stored, with what the domain rules need. */
export interface StoredItem {
  id: number;
  distributorId: number;
  name: string;
  din: string;
  brand: string;
  genericName: string;
  manufacturer: string;
  manufacturerCode: string;
  packSize: string;
  unitMeasure: string;
  price: string;
  purchasedPrice: string | null;
  invoiceDate: string | null;
  endDate: string | null;
  isPriceOutdated: boolean;
  isMarketPrice: boolean;
  isUnpurchasable: boolean;
  status: string;
  isPunchedOut: boolean;
  purchasedQuantity: number;
  sortIndex: number | null;
}

export async function selectStoredItems(db: Database, locationId: number): Promise<StoredItem[]> {
  return queryRows<StoredItem>(
    db,
    sql`SELECT d.id, d.distributor_id AS "distributorId", i.name, d.din, d.brand, i.generic_name AS "genericName", i.manufacturer,
               i.manufacturer_code AS "manufacturerCode", d.pack_size AS "packSize", d.unit_measure AS "unitMeasure",
               li.price::text AS price, li.purchased_price::text AS "purchasedPrice", li.invoice_date::text AS "invoiceDate",
               li.end_date::text AS "endDate", li.is_price_outdated AS "isPriceOutdated", d.is_market_price AS "isMarketPrice",
               d.is_unpurchasable AS "isUnpurchasable", d.status, li.is_punched_out AS "isPunchedOut",
               li.purchased_quantity AS "purchasedQuantity", li.sort_index AS "sortIndex"
        FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id JOIN items i ON i.id = d.item_id
        WHERE li.location_id = ${locationId} ORDER BY d.id`,
  );
}

export function toPriced(item: StoredItem): PricedItem {
  const purchasedPrice = item.purchasedPrice === null ? null : parseCents(item.purchasedPrice);
  return {
    type: 'item',
    price: parseCents(item.price),
    purchasedPrice,
    endDate: item.endDate,
    isPriceOutdated: item.isPriceOutdated,
    isFromInvoice: purchasedPrice !== null && item.invoiceDate !== null,
  };
}

export function toCandidate(item: StoredItem, today: string): MatchCandidate {
  return {
    itemDistributorId: item.id,
    distributorId: item.distributorId,
    name: item.name,
    genericName: item.genericName,
    manufacturer: item.manufacturer,
    manufacturerCode: item.manufacturerCode,
    brand: item.brand,
    packSize: item.packSize,
    price: getMatchCasePrice(getEffectivePrice(toPriced(item), today), item.unitMeasure, item.packSize) ?? 0,
    isMarketPrice: item.isMarketPrice,
    isUnpurchasable: item.isUnpurchasable,
    isActive: item.status === 'active',
    isPunchedOut: item.isPunchedOut,
  };
}

/** The list's name order: lower case, compared code unit by code unit (COLLATE "C"). */
export const compareNames = (a: string, b: string): number => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Today in the location's time zone, as the server computes it. */
export function todayIn(timeZone = 'America/New_York'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
