/**
 * effectivePriceSql, run by PostgreSQL on rows of location_items' own column types, answers what the
 * domain's getEffectivePrice answers (issue 32): around the guide's end date, and on the end date
 * itself, where only an invoice's "outdated" mark moves a line to the invoice price.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEffectivePrice, parseCents, toDecimalString, type PricedItem } from '@stockpot/domain';
import { openDatabase, queryRows, type DatabaseHandle } from '../client';
import { effectivePriceSql } from './item-sql';

const TODAY = '2026-11-22';
let handle: DatabaseHandle;

interface Case {
  endDate: string | null;
  isPriceOutdated: boolean;
  invoiceDate: string | null;
  purchasedPrice: number | null;
}

const GUIDE_PRICE = 4000;
const endDates = ['2026-11-21', TODAY, '2026-11-23', null];
const cases: Case[] = endDates.flatMap((endDate) =>
  [false, true].flatMap((isPriceOutdated) =>
    ['2026-11-20', null].flatMap((invoiceDate) =>
      [4250, 0, null].map((purchasedPrice) => ({ endDate, isPriceOutdated, invoiceDate, purchasedPrice })),
    ),
  ),
);

const asPricedItem = (c: Case): PricedItem => ({
  type: 'item',
  price: GUIDE_PRICE,
  purchasedPrice: c.purchasedPrice,
  endDate: c.endDate,
  isPriceOutdated: c.isPriceOutdated,
  isFromInvoice: c.invoiceDate !== null,
});

beforeAll(async () => {
  handle = await openDatabase();
  await handle.migrate();
  // The columns the rule reads, with location_items' types but none of its keys, so cases need no catalogue.
  await handle.db.execute(sql`CREATE TEMP TABLE price_cases AS
    SELECT 0 AS id, end_date, price, is_price_outdated, invoice_date, purchased_price FROM location_items LIMIT 0`);
  for (const [id, c] of cases.entries()) {
    await handle.db.execute(sql`INSERT INTO price_cases VALUES (${id}, ${c.endDate}, ${toDecimalString(GUIDE_PRICE, 2)},
      ${c.isPriceOutdated}, ${c.invoiceDate}, ${c.purchasedPrice === null ? null : toDecimalString(c.purchasedPrice, 2)})`);
  }
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('the effective price in SQL', () => {
  it('agrees with the domain rule on every combination around the end date', async () => {
    const rows = await queryRows<{ id: number; price: string }>(
      handle.db,
      sql`SELECT li.id, ${effectivePriceSql('li', TODAY)}::text AS price FROM price_cases li ORDER BY li.id`,
    );
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) {
      const c = cases[row.id];
      expect({ ...c, cents: parseCents(row.price) }).toEqual({ ...c, cents: getEffectivePrice(asPricedItem(c), TODAY) });
    }
  });

  it('on the end date itself takes the invoice price only when the invoice marks the guide price outdated', async () => {
    const [outdated, current] = await queryRows<{ price: string }>(
      handle.db,
      sql`SELECT ${effectivePriceSql('li', TODAY)}::text AS price FROM price_cases li
          WHERE li.end_date = ${TODAY}::date AND li.invoice_date IS NOT NULL AND li.purchased_price > 0
          ORDER BY li.is_price_outdated DESC`,
    );
    expect(parseCents(outdated.price)).toBe(4250);
    expect(parseCents(current.price)).toBe(GUIDE_PRICE);
  });
});
