/**
 * The average price paid of a generic group's price analytics (doc 2 §7, issue 32 "one units-of-
 * measure core"): money paid over what it bought, both counted in the group's unit, so a group
 * linking 4/1 GAL and 12/32 FL OZ packs, or catch-weight cases priced per pound, averages prices of
 * the same quantity. Per case only when the group is counted in cases. Exact rationals; the result
 * is rounded to the cent, halves away from zero.
 */
import { getCountedCents, getLineAmount, isPricedPerWeight, parseWeight, type LinePricing } from '../money/line-amount.rules';
import { addRatios, divideRatios, multiplyRatios, reduceRatio, roundRatio, type Ratio } from '../units/ratio';
import { GRAMS_PER_LB } from '../units/unit-table';
import { caseContentIn } from './group-stock.rules';
import { CASE_UNIT, findUnitById } from './units.rules';

/** One order line as the average price paid reads it. */
export interface PricePaidLine extends LinePricing {
  /** The pack the line was bought in ("4/1 GAL", "2/15 LB"). */
  packSize: string;
}

/** What the line bought, in the unit: its cases, its weight (catch weight in a unit of mass), or its cases' content. */
function boughtIn(line: PricePaidLine, unitId: number): Ratio | null {
  const cases: Ratio = { num: BigInt(line.quantity), den: 1n };
  if (unitId === CASE_UNIT.id) return cases;
  const unit = findUnitById(unitId);
  if (unit?.family === 'mass' && isPricedPerWeight(line)) {
    const pounds =
      parseWeight(line.receivedWeight) ??
      (parseWeight(line.averageWeight) ? multiplyRatios(parseWeight(line.averageWeight)!, cases) : null);
    if (pounds) return divideRatios(multiplyRatios(pounds, GRAMS_PER_LB), unit.toBase);
  }
  const content = caseContentIn(line.packSize, unitId);
  return content ? multiplyRatios(content, cases) : null;
}

/**
 * Cents paid per one of the unit over the lines, or null when no line can be counted: lines whose
 * amount is unknown (market price, priced by weight without a weight) or whose pack does not
 * convert to the unit are left out, of the money and of the quantity alike.
 */
export function getAveragePricePaid(lines: readonly PricePaidLine[], unitId: number): number | null {
  let cents = 0n;
  let bought: Ratio = { num: 0n, den: 1n };
  for (const line of lines) {
    const amount = getLineAmount(line);
    if (amount.kind !== 'exact' && amount.kind !== 'estimate') continue;
    const quantity = boughtIn(line, unitId);
    if (!quantity || quantity.num <= 0n) continue;
    cents += BigInt(getCountedCents(amount));
    bought = reduceRatio(addRatios(bought, quantity));
  }
  if (bought.num === 0n) return null;
  return Number(roundRatio(cents * bought.den, bought.num));
}
