/**
 * The money of one order line, the one rule the cart, review order, checkout, the order view and
 * the purchase order all read (issue 32 "Catch weight", "Market price"). A catch-weight item is
 * priced per pound but sold by the case at whatever the case weighs (GLOSSARY "Catch weight"), so
 * before delivery its amount is an estimate at the average case weight; a market-price item's price
 * is set on delivery, so its amount is unknown, never $0. Weights go through the units core and
 * money stays in integer cents: no floating point touches either.
 */
import { formatMoney } from './money.rules';
import { multiplyRatios, reduceRatio, roundRatio, type Ratio } from '../units/ratio';
import { findMeasureUnitByCode, getMeasureUnit } from '../units/unit-table';
import { tryConvertQuantity } from '../units/units.rules';

/** What the amount of a line depends on. */
export interface LinePricing {
  quantity: number;
  /** Cents per `unitMeasure`: a case price (CS), or a price per pound (LB) for catch weight. */
  price: number;
  unitMeasure: string;
  /** The price is set on delivery and not known yet (GLOSSARY "Market price"). */
  isMarketPrice: boolean;
  isCatchWeight: boolean;
  /** Average weight of one case in pounds, as a decimal ("31.5000"), or null when unknown. */
  averageWeight: string | null;
  /** Pounds actually received on the whole line (receiving), or null before. */
  receivedWeight?: string | null;
}

export type LineAmount =
  | { kind: 'exact'; cents: number }
  /** Catch weight before delivery: `weight` is the estimated pounds of the line. */
  | { kind: 'estimate'; cents: number; weight: Ratio }
  | { kind: 'market-price' }
  /** Priced by weight with no weight known: it cannot be counted. */
  | { kind: 'by-weight' };

export const MARKET_PRICE_LINE_TEXT = 'Market price';
export const PRICED_BY_WEIGHT_TEXT = 'priced by weight';
export const PLUS_MARKET_PRICE_TEXT = 'plus market-price items';

const LB = getMeasureUnit('LB');
const DECIMAL = /^(\d{1,9})(?:\.(\d{1,6}))?$/;

/** A non-negative decimal ("31.5") as an exact fraction; null when it is not one. */
export function parseWeight(text: string | null | undefined): Ratio | null {
  const match = DECIMAL.exec((text ?? '').trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return reduceRatio({ num: BigInt(match[1] + fraction), den: 10n ** BigInt(fraction.length) });
}

/** Whether the line's price is per unit of weight (a catch-weight price per pound). */
export function isPricedPerWeight(line: Pick<LinePricing, 'unitMeasure' | 'isCatchWeight'>): boolean {
  return line.isCatchWeight && findMeasureUnitByCode(line.unitMeasure.trim().toUpperCase())?.kind === 'weight';
}

/** Cents of `pounds` at `price` cents per `unitMeasure`, rounded half away from zero. */
function priceWeight(price: number, pounds: Ratio, unitMeasure: string): number {
  const unit = getMeasureUnit(unitMeasure.trim().toUpperCase());
  const inUnit = tryConvertQuantity(pounds, LB, unit) as Ratio;
  const cents = multiplyRatios({ num: BigInt(price), den: 1n }, inUnit);
  return Number(roundRatio(cents.num, cents.den));
}

/**
 * A line's amount (issue 32): a market-price line is unknown; a catch-weight line priced per pound
 * is exact at its received weight, an estimate at quantity × average case weight before, and
 * "priced by weight" (uncountable) without either; any other line is quantity × price.
 */
export function getLineAmount(line: LinePricing): LineAmount {
  if (line.isMarketPrice) return { kind: 'market-price' };
  if (!isPricedPerWeight(line)) return { kind: 'exact', cents: line.quantity * line.price };
  const received = parseWeight(line.receivedWeight);
  if (received) return { kind: 'exact', cents: priceWeight(line.price, received, line.unitMeasure) };
  const average = parseWeight(line.averageWeight);
  if (!average || average.num === 0n) return { kind: 'by-weight' };
  const weight = reduceRatio(multiplyRatios(average, { num: BigInt(line.quantity), den: 1n }));
  return { kind: 'estimate', cents: priceWeight(line.price, weight, line.unitMeasure), weight };
}

/** Cents the line counts for in totals and the minimum order: 0 for an unknown amount. */
export function getCountedCents(amount: LineAmount): number {
  return amount.kind === 'exact' || amount.kind === 'estimate' ? amount.cents : 0;
}

/** Pounds to one decimal, without a trailing ".0" ("31.5", "94"). */
export function formatWeight(pounds: Ratio): string {
  const tenths = roundRatio(pounds.num * 10n, pounds.den);
  const whole = tenths / 10n;
  const rest = tenths % 10n;
  return rest === 0n ? String(whole) : `${whole}.${rest}`;
}

/** How a line's amount reads: "$45.00", "≈ $482.58, about 31.5 lb", "Market price" or "priced by weight". */
export function formatLineAmount(amount: LineAmount): string {
  switch (amount.kind) {
    case 'exact':
      return formatMoney(amount.cents);
    case 'estimate':
      return `≈ ${formatMoney(amount.cents)}, about ${formatWeight(amount.weight)} lb`;
    case 'market-price':
      return MARKET_PRICE_LINE_TEXT;
    case 'by-weight':
      return PRICED_BY_WEIGHT_TEXT;
  }
}

/** The total of some lines as their amounts allow it to be known. */
export interface LinesTotal {
  /** Cents of the lines with an exact or estimated amount. */
  cents: number;
  /** Some counted line is an estimate. */
  isEstimate: boolean;
  /** Market-price lines, left out of `cents` (unknown, not $0). */
  marketPriceLines: number;
  /** Indexes of the lines priced by weight without a weight, left out of `cents`. */
  uncountedIndexes: number[];
}

/** Adds up line amounts: known and estimated cents, and which lines could not be counted. */
export function sumLineAmounts(amounts: readonly LineAmount[]): LinesTotal {
  const total: LinesTotal = { cents: 0, isEstimate: false, marketPriceLines: 0, uncountedIndexes: [] };
  amounts.forEach((amount, index) => {
    total.cents += getCountedCents(amount);
    if (amount.kind === 'estimate') total.isEstimate = true;
    if (amount.kind === 'market-price') total.marketPriceLines += 1;
    if (amount.kind === 'by-weight') total.uncountedIndexes.push(index);
  });
  return total;
}

/** How a total reads: "$1,234.56", "≈ $1,234.56", "… plus market-price items", "… plus items priced by weight". */
export function formatLinesTotal(
  total: Pick<LinesTotal, 'cents' | 'isEstimate' | 'marketPriceLines' | 'uncountedIndexes'>,
): string {
  const parts = [`${total.isEstimate ? '≈ ' : ''}${formatMoney(total.cents)}`];
  if (total.marketPriceLines > 0) parts.push(PLUS_MARKET_PRICE_TEXT);
  if (total.uncountedIndexes.length > 0) parts.push(`plus items ${PRICED_BY_WEIGHT_TEXT}`);
  return parts.join(' ');
}

/** The minimum-order bar's note on the lines it cannot count (issue 32), or null when it counts them all. */
export function getUncountedLinesText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  return `Not counted, ${PRICED_BY_WEIGHT_TEXT} with no average weight: ${names.join(', ')}`;
}
