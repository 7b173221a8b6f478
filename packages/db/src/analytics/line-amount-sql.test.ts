/**
 * lineAmountNetSql, run by the database on rows of order_items' own column types, answers what the
 * domain's line rule answers (issue 32: a line's amount less its credit), for case-priced,
 * catch-weight (weighed or not, pounds, ounces or kilograms), market-price and special lines, with
 * and without rejected cases.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getLineCredit,
  getOrderLineCents,
  isOrderLinePriceUnknown,
  toDecimalString,
  type OrderCreditLine,
} from '@stockpot/domain';
import { openDatabase, queryRows, type DatabaseHandle } from '../client';
import { lineAmountNetSql } from './line-amount-sql';

interface Case {
  quantity: number;
  price: number;
  /** Cases rejected at receiving; null: not received yet. */
  rejected: number | null;
  isSpecial: boolean;
  isMarketPrice: boolean;
  isEdited: boolean;
  isCatchWeight: boolean;
  unitMeasure: string;
  averageWeight: string | null;
  receivedWeight: string | null;
}

const weight = fc
  .tuple(fc.integer({ min: 0, max: 9_999 }), fc.integer({ min: 0, max: 9_999 }))
  .map(([whole, tenThousandths]) => `${whole}.${String(tenThousandths).padStart(4, '0')}`);

const caseArbitrary: fc.Arbitrary<Case> = fc
  .record({
    quantity: fc.integer({ min: 1, max: 40 }),
    price: fc.integer({ min: 0, max: 99_999 }),
    rejected: fc.option(fc.integer({ min: 0, max: 40 })),
    isSpecial: fc.boolean(),
    isMarketPrice: fc.boolean(),
    isEdited: fc.boolean(),
    isCatchWeight: fc.boolean(),
    unitMeasure: fc.constantFrom('CS', 'LB', 'lb ', 'OZ', 'KG', 'EA'),
    averageWeight: fc.option(weight),
    receivedWeight: fc.option(weight),
  })
  .map((c) => ({ ...c, rejected: c.rejected === null ? null : Math.min(c.rejected, c.quantity) }));

/** A case-priced line, neither special nor market price, not received yet, with `c` over it. */
const line = (c: Partial<Case> & Pick<Case, 'quantity' | 'price'>): Case => ({
  rejected: null,
  isSpecial: false,
  isMarketPrice: false,
  isEdited: false,
  isCatchWeight: false,
  unitMeasure: 'CS',
  averageWeight: null,
  receivedWeight: null,
  ...c,
});

const catchWeight = { isCatchWeight: true, unitMeasure: 'LB' } as const;

const named: Case[] = [
  // The issue's case: about 31.5 lb at $15.32/lb, three cases, one rejected before weighing.
  line({ quantity: 3, price: 1532, rejected: 1, ...catchWeight, averageWeight: '31.5000' }),
  line({ quantity: 3, price: 1532, rejected: 1, ...catchWeight, averageWeight: '31.5000', receivedWeight: '60.2000' }),
  line({ quantity: 2, price: 4000, rejected: 2, ...catchWeight, averageWeight: '10.0000' }),
  line({ quantity: 5, price: 4000, rejected: 2 }),
  line({ quantity: 3, price: 22679, isMarketPrice: true }),
  line({ quantity: 3, price: 22679, rejected: 0, isMarketPrice: true, isEdited: true }),
  line({ quantity: 4, price: 1999, ...catchWeight }),
];
const cases = [...named, ...fc.sample(caseArbitrary, { numRuns: 400, seed: 32 })];

/** The domain's answer: the line's amount less its credit, in cents. */
function domainNetCents(c: Case): number {
  const line: OrderCreditLine = {
    quantity: c.quantity,
    price: c.price,
    statusReceived: c.rejected ? 'rejected' : c.rejected === 0 ? 'accepted' : null,
    qtyReduction: c.rejected ?? 0,
    isUnpriced: c.isSpecial || isOrderLinePriceUnknown(c),
    unitMeasure: c.unitMeasure,
    isCatchWeight: c.isCatchWeight,
    averageWeight: c.averageWeight,
    receivedWeight: c.receivedWeight,
  };
  return getOrderLineCents(line) - getLineCredit(line);
}

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase();
  await handle.migrate();
  // order_items' column types, none of its keys: cases need no order or catalogue.
  await handle.db.execute(sql`CREATE TEMP TABLE line_cases AS
    SELECT 0 AS id, quantity, price, received_quantity, is_special, is_market_price, is_edited, is_catch_weight,
           unit_measure, average_weight, received_weight
    FROM order_items LIMIT 0`);
  const values = cases.map(
    (c, id) => sql`(${id}, ${c.quantity}, ${toDecimalString(c.price, 2)}, ${c.rejected === null ? null : c.quantity - c.rejected},
      ${c.isSpecial}, ${c.isMarketPrice}, ${c.isEdited}, ${c.isCatchWeight}, ${c.unitMeasure}, ${c.averageWeight}, ${c.receivedWeight})`,
  );
  await handle.db.execute(sql`INSERT INTO line_cases VALUES ${sql.join(values, sql`, `)}`);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('a line amount in SQL', () => {
  it('agrees with the domain line rule on every case, to the cent', async () => {
    const rows = await queryRows<{ id: number; cents: string }>(
      handle.db,
      sql`SELECT id, (${lineAmountNetSql('l')} * 100)::bigint::text AS cents FROM line_cases l ORDER BY id`,
    );
    const wrong = rows
      .map((row) => ({ case: cases[row.id], sql: Number(row.cents), domain: domainNetCents(cases[row.id]) }))
      .filter((r) => r.sql !== r.domain);
    expect(wrong).toEqual([]);
    expect(rows).toHaveLength(cases.length);
  });

  it('prices the issue’s catch-weight case by its weight, not a pound’s price per case', async () => {
    const [row] = await queryRows<{ amount: string }>(
      handle.db,
      sql`SELECT ${lineAmountNetSql('l')}::text AS amount FROM line_cases l WHERE id = 0`,
    );
    // Two cases kept of about 31.5 lb at $15.32/lb: 63 lb × $15.32 = $965.16.
    expect(Number(row.amount)).toBe(965.16);
  });
});
