/**
 * Catch weight in the seeded order histories (issue 32): a catch-weight line is priced per pound
 * and sold by the case at whatever the case weighs (GLOSSARY "Catch weight"). A line keeps its
 * average case weight, so an order not yet delivered totals the estimate; a received order's line
 * was weighed, each case within 5 % of the average. Order totals follow the domain's one line rule
 * (getOrderLineCents), never price × cases.
 */
import { getOrderLineCents, toDecimalString } from '@stockpot/domain';
import type { Random } from './random';

export interface SeededLinePricing {
  quantity: number;
  priceCents: number;
  unitMeasure: string;
  isMarketPrice: boolean;
  isCatchWeight: boolean;
  /** Average pounds of one case ("31.5000"), or null. */
  averageWeight: string | null;
  /** Pounds weighed at receiving for the whole line, or null before. */
  receivedWeight: string | null;
}

/** Pounds weighed for `cases` cases of a catch-weight item, as a 4-decimal string: each case 95–105 % of the average. */
export function weighCases(averageWeightE4: number, cases: number, random: Random): string {
  let total = 0;
  for (let i = 0; i < cases; i += 1) total += Math.round((averageWeightE4 * random.int(95, 105)) / 100);
  return toDecimalString(total, 4);
}

/** The average case weight of an offer as an order line keeps it, or null for an item sold by the case. */
export function toAverageWeight(isCatchWeight: boolean, averageWeightE4: number | null): string | null {
  return isCatchWeight && averageWeightE4 !== null && averageWeightE4 > 0 ? toDecimalString(averageWeightE4, 4) : null;
}

/** An order's items total in cents by the one line rule: market-price lines unknown (0), catch weight its estimate or weight. */
export function getSeededOrderCents(lines: readonly SeededLinePricing[]): number {
  return lines.reduce(
    (sum, line) =>
      sum +
      getOrderLineCents({
        quantity: line.quantity,
        price: line.priceCents,
        statusReceived: null,
        qtyReduction: 0,
        isUnpriced: line.isMarketPrice,
        unitMeasure: line.unitMeasure,
        isCatchWeight: line.isCatchWeight,
        averageWeight: line.averageWeight,
        receivedWeight: line.receivedWeight,
      }),
    0,
  );
}
