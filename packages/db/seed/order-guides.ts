/**
 * Landing an order guide for one location and distributor: the guide and its lines are stored,
 * the location's own copy of each item (location_items) takes the new price, and items of that
 * distributor missing from this guide are punched out (GLOSSARY "Punched out"); items that come back
 * are restored. Used by the demo seed and by the order-guide upload.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/client';
import { refreshLocationReadModel } from '../src/read-model/read-model';
import { orderGuides } from '../src/schema/index';
import { assertIsoDate } from './dates';
import { queryRows } from './sql-helpers';

export interface OrderGuideLine {
  itemDistributorId: number;
  /** Case price (or price per LB for catch weight) as a decimal string with at most 2 decimals: '54.95'. */
  price: string;
  /** This line's own Next Price Change, when it differs from the guide's end date. */
  endDate?: string;
}

export interface ApplyOrderGuideInput {
  locationId: number;
  distributorId: number;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** 'YYYY-MM-DD': the Next Price Change; after it the guide's prices are stale. */
  endDate: string;
  lines: OrderGuideLine[];
  /** When the guide arrived; defaults to now. */
  createdAt?: Date;
}

export interface ApplyOrderGuideResult {
  orderGuideId: number;
  itemCount: number;
  /** Items the location never had from this distributor. */
  added: number;
  /** Items that were punched out and are on this guide again. */
  restored: number;
  /** Items of this distributor on the location's list that this guide punched out (missing from it, not punched out before). */
  punchedOut: number;
}

const PRICE = /^\d{1,10}(\.\d{1,2})?$/;

function validate(input: ApplyOrderGuideInput): void {
  assertIsoDate(input.startDate, 'startDate');
  assertIsoDate(input.endDate, 'endDate');
  if (input.endDate < input.startDate) throw new Error('An order guide cannot end before it starts');
  if (input.lines.length === 0) throw new Error('An order guide needs at least one line');
  const seen = new Set<number>();
  for (const line of input.lines) {
    if (!Number.isInteger(line.itemDistributorId) || line.itemDistributorId <= 0) {
      throw new Error(`Invalid itemDistributorId ${line.itemDistributorId}`);
    }
    if (seen.has(line.itemDistributorId))
      throw new Error(`Item-distributor ${line.itemDistributorId} appears twice on the guide`);
    seen.add(line.itemDistributorId);
    if (!PRICE.test(line.price)) throw new Error(`Invalid price "${line.price}" for item-distributor ${line.itemDistributorId}`);
    if (line.endDate !== undefined) assertIsoDate(line.endDate, 'line endDate');
  }
}

/**
 * Stores an order guide and brings the location's items up to date, in one transaction and a fixed
 * number of set-based statements whatever the guide's length. The guide applied last is the
 * location's latest for that distributor. Throws (and stores nothing) when a line names an
 * item-distributor of another distributor.
 */
export async function applyOrderGuide(db: Database, input: ApplyOrderGuideInput): Promise<ApplyOrderGuideResult> {
  validate(input);
  // One JSON parameter carries all lines on both drivers; prices stay decimal strings end to end.
  const linesJson = JSON.stringify(
    input.lines.map((line) => ({
      item_distributor_id: line.itemDistributorId,
      price: line.price,
      end_date: line.endDate ?? null,
    })),
  );
  return applyOrderGuideLines(db, {
    ...input,
    lines: sql`jsonb_to_recordset(${linesJson}::jsonb) AS l(item_distributor_id integer, price numeric(12, 2), end_date date)`,
    lineCount: input.lines.length,
  });
}

export interface ApplyOrderGuideLinesInput extends Omit<ApplyOrderGuideInput, 'lines'> {
  /**
   * The guide's lines as a FROM item aliased `l` with columns item_distributor_id, price (numeric,
   * 2 decimals) and end_date (date or null); one line per item-distributor. Read three times before
   * the location's items change, so it may read location_items (a line keeping its current price).
   */
  lines: SQL;
  /** How many lines `lines` holds (checked against the lines of the distributor found). */
  lineCount: number;
}

/**
 * applyOrderGuide with the lines given as SQL (the order-guide import reads them from its staging
 * table instead of passing 50,000 lines as one parameter). Same statements, same transaction.
 */
export async function applyOrderGuideLines(db: Database, input: ApplyOrderGuideLinesInput): Promise<ApplyOrderGuideResult> {
  const { locationId, distributorId, startDate, endDate, lines } = input;
  assertIsoDate(startDate, 'startDate');
  assertIsoDate(endDate, 'endDate');
  if (endDate < startDate) throw new Error('An order guide cannot end before it starts');
  if (input.lineCount === 0) throw new Error('An order guide needs at least one line');
  const appliedAt = (input.createdAt ?? new Date()).toISOString();

  return db.transaction(async (tx) => {
    const [before] = await queryRows<{ lines: number; carried: number; added: number; restored: number }>(
      tx,
      sql`SELECT count(*)::int AS lines, count(d.id)::int AS carried,
                 count(*) FILTER (WHERE li.item_distributor_id IS NULL)::int AS added,
                 count(*) FILTER (WHERE li.is_punched_out)::int AS restored
          FROM ${lines}
          LEFT JOIN item_distributors d ON d.id = l.item_distributor_id AND d.distributor_id = ${distributorId}
          LEFT JOIN location_items li ON li.location_id = ${locationId} AND li.item_distributor_id = l.item_distributor_id`,
    );
    if (before.lines !== input.lineCount) throw new Error(`The guide has ${before.lines} lines, ${input.lineCount} expected`);
    if (before.carried !== input.lineCount) {
      throw new Error(`${input.lineCount - before.carried} order guide line(s) are not items of distributor ${distributorId}`);
    }

    const [guide] = await tx
      .insert(orderGuides)
      .values({ locationId, distributorId, startDate, endDate, itemCount: input.lineCount, createdAt: new Date(appliedAt) })
      .returning({ id: orderGuides.id });

    await tx.execute(sql`
      INSERT INTO order_guide_items (order_guide_id, item_distributor_id, location_id, price)
      SELECT ${guide.id}, l.item_distributor_id, ${locationId}, l.price FROM ${lines}`);

    // Unit price: a case price divided down to one pack unit; an item sold by the pound (catch
    // weight) is already priced per unit. numeric arithmetic is exact decimal, never floating point.
    await tx.execute(sql`
      INSERT INTO location_items AS li
        (location_id, item_distributor_id, distributor_id, order_guide_id, price, unit_price, end_date, is_punched_out, is_price_outdated, updated_at)
      SELECT ${locationId}, d.id, d.distributor_id, ${guide.id}, l.price,
             CASE WHEN d.unit_measure = 'CS' AND d.unit_quantity * d.unit_size > 0
                  THEN round(l.price / (d.unit_quantity * d.unit_size), 4)
                  ELSE l.price END,
             coalesce(l.end_date, ${endDate}::date), false, false, ${appliedAt}::timestamptz
      FROM ${lines}
      JOIN item_distributors d ON d.id = l.item_distributor_id
      ON CONFLICT (location_id, item_distributor_id) DO UPDATE SET
        distributor_id = EXCLUDED.distributor_id,
        order_guide_id = EXCLUDED.order_guide_id,
        price = EXCLUDED.price,
        unit_price = EXCLUDED.unit_price,
        end_date = EXCLUDED.end_date,
        is_punched_out = false,
        -- An invoice newer than this guide still makes the guide price the outdated one.
        is_price_outdated = coalesce(li.invoice_date > ${startDate}::date, false),
        updated_at = EXCLUDED.updated_at`);

    // Every line of the guide now points at it (the upsert above), so what does not is off the guide.
    // Not an anti-join on order_guide_items: the new guide has no statistics yet, and PostgreSQL
    // then planned a nested loop over all its lines for each item (minutes for 5,000 lines).
    const punched = await queryRows<{ item_distributor_id: number }>(
      tx,
      sql`UPDATE location_items li SET is_punched_out = true, updated_at = ${appliedAt}::timestamptz
          WHERE li.location_id = ${locationId} AND li.distributor_id = ${distributorId} AND NOT li.is_punched_out
            AND li.order_guide_id IS DISTINCT FROM ${guide.id}
          RETURNING li.item_distributor_id`,
    );
    const onGuide = await queryRows<{ item_distributor_id: number }>(
      tx,
      sql`SELECT item_distributor_id FROM order_guide_items WHERE order_guide_id = ${guide.id} AND location_id = ${locationId}`,
    );

    // The place-order list's read model, in the guide's transaction (prices, punch-outs, new items).
    await refreshLocationReadModel(tx, locationId, {
      itemDistributorIds: [...onGuide.map((row) => row.item_distributor_id), ...punched.map((row) => row.item_distributor_id)],
      ifBuilt: true,
    });

    return {
      orderGuideId: guide.id,
      itemCount: input.lineCount,
      added: before.added,
      restored: before.restored,
      punchedOut: punched.length,
    };
  });
}
