/**
 * The cart save's planner (doc 1 §4 "Cart update", "Simultaneous shopping", "Blocked adds", §7 POST
 * shopping-carts): its inputs, plan and refusals are in cart-save.rules.
 */
import { getBlockedAddReason } from './cart.rules';
import type { SameModifiedItem } from './cart-sync.rules';
import type { CartSaveDeletedLine, CartSaveInput, CartSavePlan, CartSaveRefusal, CartSaveSpecial } from './cart-save.rules';
import { getClientVersionStanding, parseCartVersion } from './cart-version.rules';

/** A line as the plan works on it. */
interface WorkingLine {
  /** Null for a line this save creates. */
  id: number | null;
  itemDistributorId: number | null;
  name: string;
  originalQuantity: number;
  quantity: number;
  /** Changed by someone else after the client's version. */
  isChangedSince: boolean;
  /** Deleted by someone else after the client's version (a line this save would re-create). */
  deletedSince: CartSaveDeletedLine | null;
  /** Already changed by this save, so a later entry for it is no conflict. */
  isTouched: boolean;
  special: CartSaveSpecial | null;
}

const refuse = (refusal: CartSaveRefusal): CartSavePlan => ({ kind: 'refused', refusal });

/**
 * Plans POST shopping-carts (doc 1 §4 "Cart update", "Simultaneous shopping", "Blocked adds").
 * Entries apply in order: quantity 0 removes a line, a positive quantity sets it (creating the line
 * when the item is not in the cart), a specialItem adds or rewrites a special request. Unless the
 * client's lastModified is the cart's version, an entry whose line someone else changed or deleted
 * after that version is not applied but reported as a conflict; a lastModified that is missing or
 * later than the cart's counts every existing line as changed. Raising an item that cannot be bought
 * refuses the whole save, as does a cart the location has turned off (display_shopping_cart 0).
 */
export function planCartSave(input: CartSaveInput): CartSavePlan {
  if (!input.location.displayShoppingCart) return refuse({ kind: 'cart-disabled' });
  const clientVersion = input.lastModified === null ? null : parseCartVersion(input.lastModified);
  if (input.lastModified !== null && clientVersion === null) return refuse({ kind: 'invalid-last-modified' });
  const standing = getClientVersionStanding(clientVersion, input.cartVersion);
  const isChangedSince = (version: number) => standing === 'unknown' || (standing === 'stale' && version > clientVersion!);
  // A deletion is only someone else's change when the client's version dates it; a client that
  // never loaded the cart has nothing there to overwrite.
  const isDeletedSince = (version: number) => standing === 'stale' && version > clientVersion!;

  const items = new Map(input.items.map((item) => [item.itemDistributorId, item]));
  const byLine = new Map<number, WorkingLine>();
  const byItem = new Map<number, WorkingLine>();
  for (const line of input.lines) {
    const working: WorkingLine = {
      id: line.id,
      itemDistributorId: line.itemDistributorId,
      name: line.name,
      originalQuantity: line.quantity,
      quantity: line.quantity,
      isChangedSince: isChangedSince(line.version),
      deletedSince: null,
      isTouched: false,
      special: null,
    };
    byLine.set(line.id, working);
    if (line.itemDistributorId !== null) byItem.set(line.itemDistributorId, working);
  }
  const deletedById = new Map(input.deletedLines.map((line) => [line.id, line]));
  const lastDeletedByItem = new Map<number, CartSaveDeletedLine>();
  for (const line of input.deletedLines) {
    if (line.itemDistributorId === null) continue;
    const seen = lastDeletedByItem.get(line.itemDistributorId);
    if (!seen || line.version > seen.version) lastDeletedByItem.set(line.itemDistributorId, line);
  }

  const created: WorkingLine[] = [];
  const conflicts: SameModifiedItem[] = [];
  let refusal: CartSaveRefusal | null = null;

  for (const [index, entry] of input.entries.entries()) {
    if (entry.specialItem && entry.shoppingCartId == null) {
      created.push({
        id: null,
        itemDistributorId: null,
        name: entry.specialItem.description,
        originalQuantity: 0,
        quantity: entry.quantity,
        isChangedSince: false,
        deletedSince: null,
        isTouched: true,
        special: { ...entry.specialItem },
      });
      continue;
    }

    let line: WorkingLine | undefined;
    if (entry.shoppingCartId != null) {
      line = byLine.get(entry.shoppingCartId);
      if (!line) {
        // A line of this cart that someone else deleted: report it, keep the rest of the save.
        const deleted = deletedById.get(entry.shoppingCartId);
        if (!deleted) {
          refusal = { kind: 'line-not-found', index };
          break;
        }
        if (entry.quantity > 0) conflicts.push(toConflict(deleted, 0, entry.quantity));
        continue;
      }
    } else {
      const itemId = entry.itemDistributorId!;
      const item = items.get(itemId);
      if (!item) {
        refusal = { kind: 'item-not-found', index };
        break;
      }
      line = byItem.get(itemId);
      if (!line) {
        const deleted = lastDeletedByItem.get(itemId);
        line = {
          id: null,
          itemDistributorId: itemId,
          name: item.name,
          originalQuantity: 0,
          quantity: 0,
          isChangedSince: false,
          deletedSince: deleted && isDeletedSince(deleted.version) ? deleted : null,
          isTouched: false,
          special: null,
        };
        byItem.set(itemId, line);
        created.push(line);
      }
    }

    if (standing !== 'current' && !line.isTouched) {
      if (line.id !== null && line.isChangedSince) {
        conflicts.push(toConflict({ ...line, id: line.id }, line.quantity, entry.quantity));
        continue;
      }
      if (line.deletedSince) {
        // Asking for nothing of a line that is gone already is no conflict.
        if (entry.quantity > 0) conflicts.push(toConflict(line.deletedSince, 0, entry.quantity));
        continue;
      }
    }

    if (line.itemDistributorId === null) {
      if (entry.specialItem) {
        line.special = { ...entry.specialItem };
        line.name = entry.specialItem.description;
      }
    } else {
      if (entry.specialItem) {
        refusal = { kind: 'special-on-catalogue-line', index };
        break;
      }
      if (entry.quantity > line.quantity) {
        // A line whose item has left the location's list can only go down.
        const item = items.get(line.itemDistributorId);
        if (!item) {
          refusal = { kind: 'item-not-found', index };
          break;
        }
        // Raising a line already in the cart is done on review order (the list refuses it first), where
        // a punched-out item may be raised (doc 1 §4 "Blocked adds"); a new line may not.
        const reason = getBlockedAddReason(item, line.originalQuantity > 0);
        if (reason) {
          refusal = { kind: 'blocked', reason, index, name: line.name };
          break;
        }
      }
    }
    line.quantity = entry.quantity;
    line.isTouched = true;
  }
  if (refusal) return refuse(refusal);

  const existing = [...byLine.values()].filter((line) => line.isTouched);
  return {
    kind: 'planned',
    deletes: existing.filter((line) => line.quantity === 0).map((line) => line.id!),
    updates: existing
      .filter((line) => line.quantity > 0 && (line.quantity !== line.originalQuantity || line.special !== null))
      .map((line) => ({ id: line.id!, quantity: line.quantity, special: line.special })),
    inserts: created
      .filter((line) => line.isTouched && line.quantity > 0)
      .map((line) => ({ itemDistributorId: line.itemDistributorId, quantity: line.quantity, special: line.special })),
    conflicts,
  };
}

function toConflict(
  line: { id: number; itemDistributorId: number | null; name: string },
  currentQuantity: number,
  requestedQuantity: number,
): SameModifiedItem {
  return {
    shoppingCartId: line.id,
    itemDistributorId: line.itemDistributorId,
    name: line.name,
    currentQuantity,
    requestedQuantity,
  };
}
