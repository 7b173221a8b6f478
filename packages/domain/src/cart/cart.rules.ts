import { getCountedCents, getLineAmount, type LinePricing } from '../money/line-amount.rules';

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

/** What the product says about a blocked add, wherever it says it. */
export interface BlockedAddText {
  /** The error code of the API's 400 (POST shopping-carts); the client maps it back to the reason. */
  code: 'call_in_item' | 'out_of_stock' | 'punched_out';
  /** The modal's title (doc 1 §4 "Blocked adds", §8). */
  title: string;
  /** The modal's text, and the API's message. */
  message: string;
  /** The refusal of one line of an order (checkout), naming the item. */
  getLineMessage: (name: string) => string;
}

/**
 * The one table of blocked-add texts (doc 1 §4 "Blocked adds", §8): the API's answer, the web's
 * modal and checkout's line refusal all read it. 'Call-In Item' and its text are the spec's; the
 * spec names the Out of Stock modal and the punched-out notice without their texts.
 */
export const BLOCKED_ADD_TEXTS: Readonly<Record<BlockedAddReason, BlockedAddText>> = {
  'call-in': {
    code: 'call_in_item',
    title: 'Call-In Item',
    message: 'This item is not available for purchase.',
    getLineMessage: (name) => `${name} is a call-in item: this item is not available for purchase.`,
  },
  'out-of-stock': {
    code: 'out_of_stock',
    title: 'Out of Stock',
    message: 'This item is out of stock.',
    getLineMessage: (name) => `${name} is out of stock.`,
  },
  'punched-out': {
    code: 'punched_out',
    title: 'Not on your order guide',
    message:
      'This item was not on your most recent order guide sent by your distributor. Please add it as a special request instead.',
    getLineMessage: (name) => `${name} is not on your most recent order guide. Please add it as a special request.`,
  },
};

/** The field error of a refused cart entry: the item's name, then the modal's text. */
export function getBlockedAddFieldMessage(reason: BlockedAddReason, name: string): string {
  return `${name}: ${BLOCKED_ADD_TEXTS[reason].message}`;
}

/** The reason of a blocked-add error code the API answered, or null for any other code. */
export function getBlockedAddReasonFromCode(code: string): BlockedAddReason | null {
  const found = (Object.keys(BLOCKED_ADD_TEXTS) as BlockedAddReason[]).find((reason) => BLOCKED_ADD_TEXTS[reason].code === code);
  return found ?? null;
}

export const CALL_IN_TITLE = BLOCKED_ADD_TEXTS['call-in'].title;
export const CALL_IN_TEXT = BLOCKED_ADD_TEXTS['call-in'].message;

type TotalLine = { quantity: number; price: number; isMarketPrice: boolean } & Partial<
  Pick<LinePricing, 'unitMeasure' | 'isCatchWeight' | 'averageWeight'>
>;

/** Line total in cents by the one line rule (getLineAmount): market-price items count 0 (doc 1 §4 "Cart update" 6). */
export function getLineTotal(line: TotalLine): number {
  return getCountedCents(
    getLineAmount({
      quantity: line.quantity,
      price: line.price,
      isMarketPrice: line.isMarketPrice,
      unitMeasure: line.unitMeasure ?? 'CS',
      isCatchWeight: line.isCatchWeight ?? false,
      averageWeight: line.averageWeight ?? null,
    }),
  );
}

export function getCartTotal(lines: TotalLine[]): number {
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
