import { MAX_CART_QUANTITY } from '../cart/cart.rules';
import { arePacksComparable, parsePackSize, roundRatio } from '../catalog/pack-size.rules';

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
 * What a swap saves on the whole line, in cents: the old line's cost minus the new line's. It can
 * be negative although the new item is cheaper per unit, because the new quantity is rounded up.
 */
export function getSwapLineSavings(
  oldQuantity: number,
  oldPriceCents: number,
  newQuantity: number,
  newPriceCents: number,
): number {
  return oldQuantity * oldPriceCents - newQuantity * newPriceCents;
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
