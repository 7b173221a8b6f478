/**
 * The price a location pays for an offer, as every feature reads it (doc 1 §4 "Effective item
 * price"). SQL computes it in one place (effectivePriceSql, with the read model in packages/db);
 * every row carries it as `effectivePrice` text (one name in every feature: catalogue, cart,
 * checkout, savings, shopping lists) and getEffectivePrice maps it to cents — the one mapper. An offer the location has never
 * had on a guide has only the distributor's list price.
 */
import { sql, type SQL } from 'drizzle-orm';
import { effectivePriceSql } from '@stockpot/db';
import { parseCents } from '@stockpot/domain';

/**
 * The effective price in dollars of offer `<d>` for the location row `<li>` (LEFT JOINed: null when
 * the location never had it), on `today` (the location's date, or an SQL date).
 */
export function locationPriceSql(li: string, d: string, today: string | SQL): SQL {
  return sql`(CASE WHEN ${sql.raw(`${li}.location_id`)} IS NULL THEN ${sql.raw(`${d}.price`)} ELSE ${effectivePriceSql(li, today)} END)`;
}

/**
 * A row that carries the effective price, selected `AS "effectivePrice"` by locationPriceSql or the
 * item projection (null for a line without an offer).
 */
export interface EffectivePriceFields {
  effectivePrice: string | null;
}

/** The effective price of a row, in cents (0 for a line without an offer). */
export function getEffectivePrice(row: EffectivePriceFields): number {
  return row.effectivePrice === null ? 0 : parseCents(row.effectivePrice);
}
