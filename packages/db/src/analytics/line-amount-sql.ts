/**
 * The one line rule (domain money/line-amount.rules getLineAmount, orders/order-totals.rules
 * getLineCredit) in SQL, for figures summed over many order lines inside PostgreSQL: a line's amount
 * net of its credit, in dollars. It is held to the domain rule line by line on PostgreSQL and
 * PGlite by line-amount-sql.test.ts.
 *  - special lines, and market-price lines until receiving prices them: 0 (unknown, not counted);
 *  - catch weight priced per unit of weight: its weight received × price once weighed, else the
 *    cases kept × average case weight × price (the ordered estimate less the credit of the cases
 *    rejected, each rounded to the cent as the domain rounds them); 0 with neither weight;
 *  - any other line: the cases kept × the case price.
 */
import { sql, type SQL } from 'drizzle-orm';
import { GRAMS_PER_LB, MEASURE_UNITS, divideRatios } from '@stockpot/domain';
import { toExactDecimal } from '../read-model/exact-decimal';

const col = (alias: string, column: string): SQL => sql.raw(`${alias}.${column}`);

/** Units of `unit_measure` per pound, for the weight units of the domain's table; null for any other unit. */
function perPoundFactorSql(unitMeasure: SQL): SQL {
  const branches = MEASURE_UNITS.filter((unit) => unit.kind === 'weight').map((unit) =>
    sql.raw(`WHEN '${unit.code}' THEN ${toExactDecimal(divideRatios(GRAMS_PER_LB, unit.toBase))}`),
  );
  return sql`(CASE upper(btrim(${unitMeasure})) ${sql.join(branches, sql` `)} END)`;
}

/** Cases a line counts: those kept once receiving recorded them (rejects are credited), else those ordered. */
export function lineCasesKeptSql(alias: string): SQL {
  return sql`coalesce(${col(alias, 'received_quantity')}, ${col(alias, 'quantity')})`;
}

/** A line's amount net of its credit, in dollars, for the order_items row `alias`. */
export function lineAmountNetSql(alias: string): SQL {
  const price = col(alias, 'price');
  const quantity = col(alias, 'quantity');
  const kept = lineCasesKeptSql(alias);
  const average = col(alias, 'average_weight');
  const weighed = col(alias, 'received_weight');
  const factor = perPoundFactorSql(col(alias, 'unit_measure'));
  // Cents of `pounds` at the line's price, rounded half away from zero as the domain's roundRatio.
  const centsOf = (pounds: SQL) => sql`round(${price} * 100 * ${pounds} * ${factor})`;
  return sql`(CASE
    WHEN ${col(alias, 'is_special')} OR (${col(alias, 'is_market_price')} AND NOT (${col(alias, 'is_edited')} AND ${price} > 0)) THEN 0
    WHEN ${col(alias, 'is_catch_weight')} AND ${factor} IS NOT NULL THEN
      CASE WHEN ${kept} <= 0 THEN 0
           WHEN ${weighed} IS NOT NULL THEN ${centsOf(weighed)} / 100
           WHEN coalesce(${average}, 0) = 0 THEN 0
           ELSE (${centsOf(sql`${quantity} * ${average}`)} - ${centsOf(sql`(${quantity} - ${kept}) * ${average}`)}) / 100
      END
    ELSE ${kept} * ${price}
  END)`;
}
