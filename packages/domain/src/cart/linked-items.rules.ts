import { BLOCKED_ADD_TEXTS, MAX_CART_QUANTITY, getBlockedAddReason } from './cart.rules';

/** doc 1 §8 "Linked item removed from its group", exactly as the spec writes it. */
export const LINKED_ITEM_REMOVED_MESSAGE =
  'This item has been removed from a generic group. Please re-link the item in Inventory View to proceed with using this feature';

/** The item of a group whose cart quantity the linked-items modal changes. */
export interface LinkedQuantityItem {
  itemDistributorId: number;
  name: string;
  status: string;
  isUnpurchasable: boolean;
  isPunchedOut: boolean;
}

export type LinkedQuantityProblem =
  | { kind: 'removed-from-group'; message: string }
  | { kind: 'invalid-quantity'; message: string }
  | { kind: 'blocked'; message: string };

/**
 * The cart validity check of a quantity in a generic group (doc 1 §5 "Linked-items feature", rule
 * not shown; ours): the item must still be one of the group's items (as the server answers now),
 * the quantity a whole number from 0 to MAX_CART_QUANTITY, and a raise above what the cart holds is
 * refused for an item that cannot be added (call-in, out of stock, punched out: doc 1 §4 "Blocked
 * adds"); lowering or removing is always allowed. Null when the quantity may go to the cart.
 */
export function getLinkedQuantityProblem(
  item: LinkedQuantityItem,
  quantity: number,
  cartQuantity: number,
  groupItemIds: ReadonlySet<number>,
): LinkedQuantityProblem | null {
  if (!groupItemIds.has(item.itemDistributorId)) return { kind: 'removed-from-group', message: LINKED_ITEM_REMOVED_MESSAGE };
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_CART_QUANTITY) {
    return { kind: 'invalid-quantity', message: `Quantity must be a whole number from 0 to ${MAX_CART_QUANTITY}.` };
  }
  if (quantity > cartQuantity) {
    const reason = getBlockedAddReason(item, false);
    if (reason) return { kind: 'blocked', message: `${item.name}: ${BLOCKED_ADD_TEXTS[reason].message}` };
  }
  return null;
}
