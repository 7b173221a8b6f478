import { MAX_CART_QUANTITY } from '../cart/cart.rules';
import { arePacksComparable, parsePackSize, roundRatio } from '../catalog/pack-size.rules';
import { formatMoney } from '../money/money.rules';

/**
 * Quantity of the new item a swap puts in the cart (doc 1 §4 "Savings"): enough cases of the new
 * pack to cover the same base quantity (grams, millilitres or pieces) as the old line, rounded up
 * to a whole case, and never less than 1. 3 × "12/1 QT" (36 qt) swapped for "4/1 GAL" (16 qt a
 * case) gives 3 cases (48 qt), not 2 (32 qt): the buyer is never left short. Packs that cannot be
 * compared keep the old quantity. Exact arithmetic, no floating point.
 */
export function getSwapQuantity(oldQuantity: number, oldPackSize: string, newPackSize: string): number {
  if (!Number.isInteger(oldQuantity) || oldQuantity <= 0) throw new Error(`Invalid quantity ${oldQuantity}`);
  const oldPack = parsePackSize(oldPackSize);
  const newPack = parsePackSize(newPackSize);
  if (!oldPack || !newPack || !arePacksComparable(oldPack, newPack)) return oldQuantity;
  // oldQuantity × old.totalBase ÷ new.totalBase, rounded up.
  const num = BigInt(oldQuantity) * oldPack.totalBase.num * newPack.totalBase.den;
  const den = oldPack.totalBase.den * newPack.totalBase.num;
  const cases = (num + den - 1n) / den;
  return Number(cases < 1n ? 1n : cases);
}

/** Whether a swap quantity fits a cart line (doc 1 §5 quantity limit, five digits). */
export function isSwapQuantityAllowed(quantity: number): boolean {
  return quantity >= 1 && quantity <= MAX_CART_QUANTITY;
}

/**
 * Match savings of a swap that went out with an order (GLOSSARY "Savings types": old unit price
 * minus new, times quantity), in cents: the savings per case of the old item times the old cases
 * the ordered new cases stand for (newQuantity × new case ÷ old case), rounded half away from zero.
 * Packs that cannot be compared count case for case.
 */
export function getOrderedSwapSavings(
  savingsPerOldCase: number,
  newQuantity: number,
  oldPackSize: string,
  newPackSize: string,
): number {
  const oldPack = parsePackSize(oldPackSize);
  const newPack = parsePackSize(newPackSize);
  if (!oldPack || !newPack || !arePacksComparable(oldPack, newPack)) return savingsPerOldCase * newQuantity;
  const num = BigInt(savingsPerOldCase) * BigInt(newQuantity) * newPack.totalBase.num * oldPack.totalBase.den;
  const den = newPack.totalBase.den * oldPack.totalBase.num;
  return Number(roundRatio(num, den));
}

/** What swapping a cart line would do, every figure derived from the same two line totals. */
export interface SwapOffer {
  /** Cases of the new item the swap puts in the cart (getSwapQuantity). */
  swapQuantity: number;
  /** What the line costs now and would cost after the swap, cents. */
  currentTotal: number;
  swapTotal: number;
  /** currentTotal − swapTotal: positive saves, negative costs more. */
  lineSavings: number;
  /**
   * lineSavings spread over the cases now in the cart, rounded half away from zero: never of the
   * other sign than lineSavings, and times the cart's quantity within half a cent per case of it.
   */
  savingsPerCase: number;
}

/**
 * The savings of a swap as the savings step shows them (doc 1 §2 "Savings"; issue 23 "make every
 * savings figure add up"): the swap quantity covers the cart line's quantity; the line savings is
 * the difference of the two line totals; the per-case figure is that difference per case in the
 * cart, so "Save $X per case" and "would save $Y" can never disagree. Prices are case prices in cents.
 */
export function getSwapOffer(
  oldQuantity: number,
  oldPriceCents: number,
  oldPackSize: string,
  newPriceCents: number,
  newPackSize: string,
): SwapOffer {
  const swapQuantity = getSwapQuantity(oldQuantity, oldPackSize, newPackSize);
  const currentTotal = oldQuantity * oldPriceCents;
  const swapTotal = swapQuantity * newPriceCents;
  const lineSavings = currentTotal - swapTotal;
  return {
    swapQuantity,
    currentTotal,
    swapTotal,
    lineSavings,
    savingsPerCase: Number(roundRatio(BigInt(lineSavings), BigInt(oldQuantity))),
  };
}

/**
 * Whether a match is worth offering on a cart line: an exact match always is (same product and
 * pack, its price difference shown as it is); a savings option only when the swap, at its whole
 * cases, makes the line cheaper — a cheaper unit price that costs more once rounded up to whole
 * cases is no saving for this order.
 */
export function isSwapOfferWorthShowing(matchType: 'ExactMatch' | 'SavingsOption', offer: SwapOffer): boolean {
  return matchType === 'ExactMatch' || offer.lineSavings > 0;
}

/**
 * The savings sentence of a match on the savings step: per case in the cart, then for the whole
 * line with the quantities before and after the swap. Both halves come from one SwapOffer, so they
 * always point the same way (never "Save … per case · … would cost more").
 */
export function describeSwapOffer(
  oldQuantity: number,
  offer: Pick<SwapOffer, 'swapQuantity' | 'lineSavings' | 'savingsPerCase'>,
): string {
  const cases = `${oldQuantity} case(s) now, ${offer.swapQuantity} after the swap`;
  if (offer.lineSavings > 0) {
    return `Save ${formatMoney(offer.savingsPerCase)} per case · ${formatMoney(offer.lineSavings)} less for this line (${cases})`;
  }
  if (offer.lineSavings < 0) {
    return `${formatMoney(-offer.savingsPerCase)} more per case · ${formatMoney(-offer.lineSavings)} more for this line (${cases})`;
  }
  return `No saving for this line (${cases})`;
}
