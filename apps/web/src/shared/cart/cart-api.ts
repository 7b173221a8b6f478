import type { CartLine, CartUpdateRequest, SameModifiedItem } from '@stockpot/domain';
import { api } from '../../lib/api-client';

/** GET shopping-carts (doc 1 §7). */
export interface Cart {
  shoppingCart: CartLine[];
  lastModified: string;
  unsyncedItems: unknown[];
}

/** POST shopping-carts answers the cart plus the lines someone else changed meanwhile (doc 1 §4 "Simultaneous shopping"). */
export interface CartUpdateResponse extends Cart {
  sameModifiedItems: SameModifiedItem[];
}

export function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return api.get<Cart>('shopping-carts', { signal });
}

export function postCart(body: CartUpdateRequest, keepalive = false): Promise<CartUpdateResponse> {
  return api.post<CartUpdateResponse>('shopping-carts', body, { keepalive, isBackground: true });
}
