/**
 * The amount of a placed order's line (issue 32), by the one line rule (money/line-amount.rules):
 * the order view, the order's purchase order and receiving read it.
 */
import { formatMoney } from '../money/money.rules';
import { formatLineAmount, getLineAmount, MARKET_PRICE_LINE_TEXT, type LineAmount } from '../money/line-amount.rules';

/** An order line as the API answers it (orders.schema OrderItem), with what its amount depends on. */
export interface OrderLinePricing {
  quantity: number;
  /** Cents per unit measure; 0 for a market-price line until receiving prices it. */
  price: number;
  unit_measure: string;
  isSpecial: 0 | 1 | boolean;
  isMarketPrice: 0 | 1 | boolean;
  isCatchWeight: 0 | 1 | boolean;
  isEdited: 0 | 1 | boolean;
  averageWeight: string | null;
  receivedWeight: string | null;
}

/**
 * Whether a market-price line's price is still unknown: it is set on delivery (GLOSSARY "Market
 * price"), so it is known only once receiving edited it to a price above 0. Orders placed before
 * this rule carry the catalogue price of the day, which is no price either.
 */
export function isOrderLinePriceUnknown(line: Pick<OrderLinePricing, 'price' | 'isMarketPrice' | 'isEdited'>): boolean {
  return Boolean(line.isMarketPrice) && !(line.isEdited && line.price > 0);
}

/** The amount of an order line, or null for a special request (priced by the distributor). */
export function getOrderLineItemAmount(line: OrderLinePricing): LineAmount | null {
  if (line.isSpecial) return null;
  return getLineAmount({
    quantity: line.quantity,
    price: line.price,
    unitMeasure: line.unit_measure,
    isMarketPrice: isOrderLinePriceUnknown(line),
    isCatchWeight: Boolean(line.isCatchWeight),
    averageWeight: line.averageWeight,
    receivedWeight: line.receivedWeight,
  });
}

/** An order line's price cell: "Market price" while unknown, else the price per unit measure ("$15.32 / LB"). */
export function formatOrderLinePrice(line: OrderLinePricing): string {
  if (isOrderLinePriceUnknown(line)) return MARKET_PRICE_LINE_TEXT;
  const unit = line.unit_measure.trim().toUpperCase();
  return unit && unit !== 'CS' ? `${formatMoney(line.price)} / ${unit}` : formatMoney(line.price);
}

/** An order line's total cell (formatLineAmount); "—" for a special request. */
export function formatOrderLineAmount(line: OrderLinePricing): string {
  const amount = getOrderLineItemAmount(line);
  return amount ? formatLineAmount(amount) : '—';
}

/**
 * Why a receive-screen line reads "4 × $6.71 / LB" beside lines priced by the case (issue 34): a
 * catch-weight line is priced by weight, so its amount follows the weight received.
 */
export function getPricedByWeightNote(unitMeasure: string): string {
  const unit = unitMeasure.trim().toUpperCase();
  const per = unit && unit !== 'CS' ? unit.toLowerCase() : 'pound';
  return `Priced by weight: you pay per ${per} received, so enter the weight below.`;
}
