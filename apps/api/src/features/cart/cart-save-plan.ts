/**
 * A cart save's plan (doc 1 §4 "Cart update", "Blocked adds"): the ids a save names, planCartSave
 * on what the database holds, its refusals as API errors and its writes in the repo's shapes.
 */
import type { z } from 'zod';
import {
  BLOCKED_ADD_TEXTS,
  CART_DISABLED_MESSAGE,
  getBlockedAddFieldMessage,
  parseCartVersion,
  planCartSave,
  type CartSaveRefusal,
  type CartSaveSpecial,
  type cartUpdateRequestSchema,
} from '@stockpot/domain';
import { badRequest, notFound, type AppError } from '../../platform/errors';
import type { SaveInputs } from './cart-save-inputs.repo';

type CartUpdate = z.infer<typeof cartUpdateRequestSchema>;

/** A plan's special-request fields as cart_items columns (null on catalogue lines). */
function toSpecialColumns(special: CartSaveSpecial | null) {
  return {
    specialDistributorId: special?.distributorId ?? null,
    specialDescription: special?.description ?? null,
    specialUom: special?.uom ?? null,
    specialDin: special?.din ?? null,
    specialPackSize: special?.packSize ?? null,
  };
}

const unique = (ids: number[]): number[] => [...new Set(ids)];

/** A version text the database wrote; always one parseCartVersion reads. */
function toVersion(text: string): number {
  const version = parseCartVersion(text);
  if (version === null) throw new Error(`Unreadable cart version ${text}`);
  return version;
}

/** The error of a refused save. */
export function toRefusalError(refusal: CartSaveRefusal): AppError {
  switch (refusal.kind) {
    case 'cart-disabled':
      return badRequest(CART_DISABLED_MESSAGE, 'cart_disabled');
    case 'invalid-last-modified':
      return badRequest(
        'lastModified must be the time the cart was loaded, as GET shopping-carts sent it.',
        'invalid_last_modified',
        [{ field: 'lastModified', message: 'Send the lastModified of the last cart you loaded.' }],
      );
    case 'item-not-found':
      return notFound('Item');
    case 'line-not-found':
      return notFound('Cart line');
    case 'special-on-catalogue-line':
      return badRequest('A catalogue line cannot be changed into a special request.', 'invalid_cart_entry');
    case 'blocked': {
      const { code, message } = BLOCKED_ADD_TEXTS[refusal.reason];
      return badRequest(message, code, [
        {
          field: `itemList.${refusal.index}.itemDistributorId`,
          message: getBlockedAddFieldMessage(refusal.reason, refusal.name),
        },
      ]);
    }
  }
}

type SaveEntries = CartUpdate['itemList'];

export function toSaveIds(entries: SaveEntries): { lineIds: number[]; itemIds: number[] } {
  return {
    lineIds: unique(entries.flatMap((e) => (e.shoppingCartId != null ? [e.shoppingCartId] : []))),
    itemIds: unique(
      entries.flatMap((e) =>
        e.shoppingCartId == null && !e.specialItem && e.itemDistributorId != null ? [e.itemDistributorId] : [],
      ),
    ),
  };
}

export function toWrites(plan: Extract<ReturnType<typeof planCartSave>, { kind: 'planned' }>) {
  return {
    deletes: plan.deletes,
    updates: plan.updates.map((u) => ({ id: u.id, quantity: u.quantity, ...toSpecialColumns(u.special) })),
    inserts: plan.inserts.map((n) => ({
      itemDistributorId: n.itemDistributorId,
      quantity: n.quantity,
      ...toSpecialColumns(n.special),
    })),
  };
}

export const hasWrites = (writes: ReturnType<typeof toWrites>) =>
  writes.deletes.length + writes.updates.length + writes.inserts.length > 0;

export function planSave(body: CartUpdate, cartVersion: string, displayShoppingCart: boolean, inputs: SaveInputs) {
  const plan = planCartSave({
    entries: body.itemList,
    lastModified: body.lastModified,
    cartVersion: toVersion(cartVersion),
    lines: inputs.lines.map((line) => ({ ...line, version: toVersion(line.version) })),
    deletedLines: inputs.deletedLines.map((line) => ({ ...line, version: toVersion(line.version) })),
    items: inputs.items,
    location: { displayShoppingCart },
  });
  if (plan.kind === 'refused') throw toRefusalError(plan.refusal);
  return plan;
}
