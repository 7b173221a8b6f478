/**
 * The cart save as a pure rule (doc 1 §4 "Cart update", "Simultaneous shopping", "Blocked adds",
 * §7 POST shopping-carts): from what the database holds about the lines a save names, it decides
 * what to delete, change and insert, which entries to report as changed by someone else, or why the
 * whole save is refused. The API only reads the inputs and writes the plan, in one transaction that
 * holds the cart's lock. This module holds the save's inputs, plan and refusals; the planner is
 * planCartSave (cart-save-plan.rules), the client's version is read by cart-version.rules.
 */
import type { BlockedAddReason } from './cart.rules';
import type { SameModifiedItem } from './cart-sync.rules';

/** The special-request fields of a line (doc 1 §3 "Special item"). */
export interface CartSaveSpecial {
  distributorId: number;
  description: string;
  uom: string;
  din: string;
  packSize: string;
}

/** One entry of the save's itemList, as the schema parsed it. */
export interface CartSaveEntry {
  itemDistributorId?: number | null;
  shoppingCartId?: number | null;
  quantity: number;
  specialItem?: CartSaveSpecial;
}

/** A line of the location's cart that the save names (by item or by line id). */
export interface CartSaveLine {
  id: number;
  itemDistributorId: number | null;
  name: string;
  quantity: number;
  /** The cart version of the line's last change (microseconds, parseCartVersion). */
  version: number;
}

/** A line of the location's cart deleted by an earlier save, that this save names. */
export interface CartSaveDeletedLine {
  id: number;
  itemDistributorId: number | null;
  name: string;
  /** The cart version of the save that deleted it. */
  version: number;
}

/** What decides whether one of the location's items may be added; an item not listed is not the location's. */
export interface CartSaveItem {
  itemDistributorId: number;
  name: string;
  status: string;
  isUnpurchasable: boolean;
  isPunchedOut: boolean;
}

export interface CartSaveInput {
  entries: readonly CartSaveEntry[];
  /** The client's lastModified as sent (null when it never loaded the cart). */
  lastModified: string | null;
  /** The cart's version now, as the database holds it. */
  cartVersion: number;
  lines: readonly CartSaveLine[];
  deletedLines: readonly CartSaveDeletedLine[];
  items: readonly CartSaveItem[];
  location: { displayShoppingCart: boolean };
}

/** A new value for an existing line; special is null on catalogue lines or when the special fields stay. */
export interface CartLineUpdate {
  id: number;
  quantity: number;
  special: CartSaveSpecial | null;
}

export interface CartLineInsert {
  itemDistributorId: number | null;
  quantity: number;
  special: CartSaveSpecial | null;
}

/**
 * The answer to any cart write (a save, a swap, a reject) at a location whose cart is turned off
 * (display_shopping_cart 0). Not shown in the spec; see docs/decisions.md.
 */
export const CART_DISABLED_MESSAGE = 'The shopping cart is turned off for this location.';

/** Why a whole save is refused, with the entry at fault where there is one. */
export type CartSaveRefusal =
  | { kind: 'cart-disabled' }
  | { kind: 'invalid-last-modified' }
  | { kind: 'item-not-found'; index: number }
  | { kind: 'line-not-found'; index: number }
  | { kind: 'special-on-catalogue-line'; index: number }
  | { kind: 'blocked'; reason: BlockedAddReason; index: number; name: string };

export type CartSavePlan =
  | {
      kind: 'planned';
      deletes: number[];
      updates: CartLineUpdate[];
      inserts: CartLineInsert[];
      /** Entries not applied because someone else changed (or deleted) their line: sameModifiedItems. */
      conflicts: SameModifiedItem[];
    }
  | { kind: 'refused'; refusal: CartSaveRefusal };
