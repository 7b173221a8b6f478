import type { OrderLineForTotals } from './checkout.rules';

/** What pricing needs of a cart line as GET shopping-carts answers it (the web, the bench and the tests share it). */
export interface CartLineForPricing {
  quantity: number;
  itemDistributorId: number | null;
  item: {
    price: number;
    rebate: number;
    isMarketPrice: boolean;
    unitMeasure: string;
    isCatchWeight: boolean;
    averageWeight: string | null;
  } | null;
}

/** A special request: a cart line with no catalogue item, priced by the distributor later. */
export const isSpecialCartLine = (line: Pick<CartLineForPricing, 'itemDistributorId' | 'item'>): boolean =>
  line.itemDistributorId === null || line.item === null;

/**
 * A cart line as checkout prices it (issue 32): a catch-weight line by its estimate, a market-price
 * line unknown, a special request left to the distributor.
 */
export function toOrderLineForTotals(line: CartLineForPricing): OrderLineForTotals {
  return {
    quantity: line.quantity,
    price: line.item?.price ?? 0,
    isMarketPrice: line.item?.isMarketPrice ?? false,
    isSpecial: isSpecialCartLine(line),
    rebate: line.item?.rebate ?? 0,
    unitMeasure: line.item?.unitMeasure,
    isCatchWeight: line.item?.isCatchWeight,
    averageWeight: line.item?.averageWeight,
  };
}
