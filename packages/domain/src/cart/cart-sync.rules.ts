import { formatMoney } from '../money/money.rules';
import type { BlockedAddReason } from './cart.rules';
import { BLOCKED_ADD_TEXTS, CART_ANIMATION_TEXTS, getRebatesEarnedText } from './cart.rules';

/** A quantity change waits this long after the item's last change before it is saved (doc 1 §4 "Cart update" 1, value not shown). */
export const CART_SAVE_DEBOUNCE_MS = 500;
/** How long a cart animation shows before it is cleared (doc 1 §4 "Cart update" 4, duration not shown). */
export const CART_ANIMATION_MS = 2000;

export type CartAnimationKind = 'none' | 'cartUpdated' | 'rebatesEarned' | 'savingItemAdded' | 'specialRequest';

export interface CartAnimation {
  kind: Exclude<CartAnimationKind, 'none'>;
  text: string;
}

/** Where a cart change came from: the list (or any other screen) or the savings modal. */
export type CartChangeSource = 'list' | 'savings';

export interface SavedCartChange {
  previousQuantity: number;
  quantity: number;
  /** Rebate per case in cents. */
  rebate: number;
  source: CartChangeSource;
}

/**
 * The animation after a successful save (doc 1 §4 "Cart update" 3–4): an add from the savings modal
 * shows 'Saving Item Added to Cart!'; an add of rebate items shows the rebates earned (rebate per
 * case × cases added) where the location shows rebates; any other change 'Shopping Cart Updated!'.
 */
export function getCartAnimation(changes: readonly SavedCartChange[], showRebate: boolean): CartAnimation | null {
  const effective = changes.filter((c) => c.quantity !== c.previousQuantity);
  if (effective.length === 0) return null;
  const adds = effective.filter((c) => c.previousQuantity === 0 && c.quantity > 0);
  if (adds.some((c) => c.source === 'savings')) return { kind: 'savingItemAdded', text: CART_ANIMATION_TEXTS.savingItemAdded };
  const rebate = showRebate ? adds.reduce((sum, c) => sum + Math.max(0, c.rebate) * c.quantity, 0) : 0;
  if (rebate > 0) return { kind: 'rebatesEarned', text: getRebatesEarnedText(formatMoney(rebate)) };
  return { kind: 'cartUpdated', text: CART_ANIMATION_TEXTS.cartUpdated };
}

export const SPECIAL_REQUEST_ANIMATION: CartAnimation = {
  kind: 'specialRequest',
  text: CART_ANIMATION_TEXTS.specialRequest,
};

/** Title and text of the modal of a blocked add (doc 1 §4 "Blocked adds", §8), from the one table. */
export function getBlockedAddNotice(reason: BlockedAddReason): { title: string; message: string } {
  const { title, message } = BLOCKED_ADD_TEXTS[reason];
  return { title, message };
}

export const CART_SAVE_FAILED_TITLE = 'Cart not updated';

/** The message when a save failed: the server's message for a 400, else a generic one, and the items not saved. */
export function getCartSaveFailedText(status: number, serverMessage: string | undefined, names: readonly string[]): string {
  const reason = status === 400 && serverMessage?.trim() ? serverMessage.trim() : 'Your cart could not be saved.';
  return names.length ? `${reason} Not saved: ${names.join(', ')}.` : reason;
}

/** Quantity in the cart per item-distributor; lines without an itemDistributorId (special requests) are left out (doc 1 §4 5). */
export function getCartQuantities(lines: readonly { itemDistributorId: number | null; quantity: number }[]): Map<number, number> {
  const quantities = new Map<number, number>();
  lines.forEach((line) => {
    if (line.itemDistributorId === null) return;
    quantities.set(line.itemDistributorId, (quantities.get(line.itemDistributorId) ?? 0) + line.quantity);
  });
  return quantities;
}

/** The number the header's cart badge shows: the cart's lines. */
export function getCartCount(lines: readonly unknown[]): number {
  return lines.length;
}

export interface SameModifiedItem {
  shoppingCartId: number | null;
  itemDistributorId: number | null;
  name: string;
  currentQuantity: number;
  requestedQuantity: number;
}

/**
 * The entries Apply resends after a simultaneous-shopping warning (doc 1 §4): each item at the
 * quantity this user asked for, by itemDistributorId or, for a special-request line, by its cart id.
 */
export interface CartResendEntry {
  itemDistributorId?: number;
  shoppingCartId?: number;
  quantity: number;
}

export function getSameModifiedEntries(items: readonly SameModifiedItem[]): CartResendEntry[] {
  return items.flatMap((item): CartResendEntry[] => {
    if (item.itemDistributorId !== null) return [{ itemDistributorId: item.itemDistributorId, quantity: item.requestedQuantity }];
    if (item.shoppingCartId !== null) return [{ shoppingCartId: item.shoppingCartId, quantity: item.requestedQuantity }];
    return [];
  });
}

/** Key of a same-modified item, to merge repeated warnings about one line. */
export function getSameModifiedKey(item: Pick<SameModifiedItem, 'shoppingCartId' | 'itemDistributorId'>): string {
  return item.itemDistributorId !== null ? `item:${item.itemDistributorId}` : `line:${item.shoppingCartId}`;
}

export const SIMULTANEOUS_SHOPPING_TITLE = 'Someone else changed this cart';

/**
 * A save answered with only its changes (POST shopping-carts?answer=changes): the client's lines
 * without the removed ones, each changed line replacing its old self or added, in line-id order
 * (the order the cart keeps: lines in the order they were added).
 */
export function applyCartChanges<Line extends { id: number }>(
  lines: readonly Line[],
  changes: { changedLines: readonly Line[]; removedLineIds: readonly number[] },
): Line[] {
  const byId = new Map(lines.map((line) => [line.id, line]));
  for (const id of changes.removedLineIds) byId.delete(id);
  for (const line of changes.changedLines) byId.set(line.id, line);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
