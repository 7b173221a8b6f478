import { applyCartChanges, type CartLine, type CartUpdateRequest, type SameModifiedItem } from '@stockpot/domain';
import { api } from '../../lib/api-client';

/** GET shopping-carts (doc 1 §7). */
export interface Cart {
  shoppingCart: CartLine[];
  lastModified: string;
  unsyncedItems: unknown[];
}

/**
 * POST shopping-carts?answer=changes: the lines someone else changed meanwhile (doc 1 §4
 * "Simultaneous shopping") with either the whole cart (when this copy was behind) or only the lines
 * the save wrote and removed (when it was current), which applyCartAnswer turns into the new cart.
 */
export type CartUpdateResponse = { sameModifiedItems: SameModifiedItem[]; lastModified: string; unsyncedItems: unknown[] } & (
  { shoppingCart: CartLine[] } | { changedLines: CartLine[]; removedLineIds: number[] }
);

export function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return api.get<Cart>('shopping-carts', { signal });
}

export function postCart(body: CartUpdateRequest, keepalive = false): Promise<CartUpdateResponse> {
  return api.post<CartUpdateResponse>('shopping-carts?answer=changes', body, { keepalive, isBackground: true });
}

/** The cart after a save: the answer's whole cart, or the stored copy with the save's changes applied. */
export function applyCartAnswer(stored: Cart | undefined, response: CartUpdateResponse): Cart {
  const shoppingCart =
    'shoppingCart' in response ? response.shoppingCart : applyCartChanges(stored?.shoppingCart ?? [], response);
  return { shoppingCart, lastModified: response.lastModified, unsyncedItems: response.unsyncedItems };
}
