/** Entry pattern of the numeric quantity input: an optional minus sign and digits, at most 5 characters (doc 1 §5). */
export const QUANTITY_ENTRY_PATTERN = /^-?\d*$/;
export const QUANTITY_MAX_LENGTH = 5;
/** Largest quantity a cart line takes: what five digits can hold. */
export const MAX_CART_QUANTITY = 99_999;

/** Cart quantity field: digits only or empty (doc 1 §5 "Cart quantity"). */
export function isValidQuantityText(text: string): boolean {
  return text.length <= QUANTITY_MAX_LENGTH && /^\d*$/.test(text);
}

/** Clamps a number between a minimum and a maximum (the numeric input helper of doc 1 §5). */
export function clampQuantity(value: number, min = 0, max = MAX_CART_QUANTITY): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** Stepper minus: applies only above 1; at 1 the next step is a removal that must be confirmed. */
export function stepDown(quantity: number): { quantity: number; needsConfirmation: boolean } {
  if (quantity > 1) return { quantity: quantity - 1, needsConfirmation: false };
  return { quantity, needsConfirmation: true };
}

export function stepUp(quantity: number): number {
  return clampQuantity(quantity + 1);
}

/** The removal confirmation text of doc 1 §5. */
export const REMOVE_ITEM_CONFIRMATION = 'Are you sure you want to remove this item?';

/** Why an item cannot be added (doc 1 §4 "Blocked adds"), or null when it can. */
export type BlockedAddReason = 'call-in' | 'out-of-stock' | 'punched-out';

export function getBlockedAddReason(
  item: { isUnpurchasable: boolean; status: string; isPunchedOut: boolean },
  isOnReviewOrder: boolean,
): BlockedAddReason | null {
  if (item.isUnpurchasable) return 'call-in';
  if (item.status !== 'active') return 'out-of-stock';
  if (item.isPunchedOut && !isOnReviewOrder) return 'punched-out';
  return null;
}

export const CALL_IN_TITLE = 'Call-In Item';
export const CALL_IN_TEXT = 'This item is not available for purchase.';

/** Line total in cents: market-price items count as 0 (doc 1 §4 "Cart update" 6). */
export function getLineTotal(line: { quantity: number; price: number; isMarketPrice: boolean }): number {
  return line.isMarketPrice ? 0 : line.quantity * line.price;
}

export function getCartTotal(lines: { quantity: number; price: number; isMarketPrice: boolean }[]): number {
  return lines.reduce((sum, line) => sum + getLineTotal(line), 0);
}

/** The animation texts of doc 1 §9. */
export const CART_ANIMATION_TEXTS = {
  cartUpdated: 'Shopping Cart Updated!',
  savingItemAdded: 'Saving Item Added to Cart!',
  specialRequest: 'The Item was added to your order as special request',
} as const;

export function getRebatesEarnedText(formattedAmount: string): string {
  return `Nice ${formattedAmount} in rebates earned!`;
}

export const SIMULTANEOUS_SHOPPING_TEXT =
  'It appears, someone was shopping in your account at the same time. Please review the following items sure your order is correct.';
export const SIMULTANEOUS_SHOPPING_TEXT_CART =
  'It appears, someone was shopping in your account at the same time. Please review your cart to make sure your order is correct.';
