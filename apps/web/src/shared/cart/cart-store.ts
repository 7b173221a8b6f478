import { create } from 'zustand';
import type { CartAnimation, SameModifiedItem } from '@stockpot/domain';

interface CartSyncState {
  /** Quantities asked for but not saved yet, by itemDistributorId: what the steppers show meanwhile. */
  pending: Record<number, number>;
  /** The cart animation on show (doc 1 §3 "Cart state … animation"), cleared after CART_ANIMATION_MS. */
  animation: CartAnimation | null;
  /** Lines someone else changed while this user shopped; the warning stays open while this is not empty. */
  sameModifiedItems: SameModifiedItem[];
}

export const useCartSyncStore = create<CartSyncState>()(() => ({ pending: {}, animation: null, sameModifiedItems: [] }));
