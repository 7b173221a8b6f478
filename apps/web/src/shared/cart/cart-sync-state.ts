/** The cart queue's view of an item and its store: pending quantities, the cart animation and the simultaneous-shopping lines. */
import { createStore } from 'zustand/vanilla';
import { CART_ANIMATION_MS, getSameModifiedKey, type CartAnimation, type SameModifiedItem } from '@stockpot/domain';

/** What the queue needs to know of an item to check and save a change. */
export interface CartItemInfo {
  itemDistributorId: number;
  distributorId: number;
  name: string;
  /** Rebate per case in cents. */
  rebate: number;
  isUnpurchasable: boolean;
  status: string;
  isPunchedOut: boolean;
}

/** The queue's state that components show. */
export interface CartSyncState {
  /** Quantities asked for but not saved yet, by itemDistributorId: what the steppers show meanwhile. */
  pending: Record<number, number>;
  /** The cart animation on show (doc 1 §3 "Cart state … animation"), cleared after CART_ANIMATION_MS. */
  animation: CartAnimation | null;
  /** Lines someone else changed while this user shopped; the warning stays open while this is not empty. */
  sameModifiedItems: SameModifiedItem[];
}

const EMPTY_STATE: CartSyncState = { pending: {}, animation: null, sameModifiedItems: [] };

/** The queue's store, with the setters the queue uses; the cart animation clears itself after CART_ANIMATION_MS. */
export function createCartSyncStore() {
  const store = createStore<CartSyncState>()(() => EMPTY_STATE);
  let animationTimer: ReturnType<typeof setTimeout> | null = null;

  function getPending(): Record<number, number> {
    return store.getState().pending;
  }

  function setPending(itemDistributorId: number, quantity: number | null): void {
    store.setState(({ pending }) => {
      const next = { ...pending };
      if (quantity === null) delete next[itemDistributorId];
      else next[itemDistributorId] = quantity;
      return { pending: next };
    });
  }

  function showCartAnimation(animation: CartAnimation | null): void {
    if (!animation) return;
    if (animationTimer) clearTimeout(animationTimer);
    store.setState({ animation });
    animationTimer = setTimeout(() => {
      animationTimer = null;
      store.setState({ animation: null });
    }, CART_ANIMATION_MS);
  }

  /** Lines someone else changed, merged into those the warning already shows. */
  function addSameModifiedItems(items: SameModifiedItem[]): void {
    store.setState(({ sameModifiedItems }) => {
      const merged = new Map(sameModifiedItems.map((item) => [getSameModifiedKey(item), item]));
      items.forEach((item) => merged.set(getSameModifiedKey(item), item));
      return { sameModifiedItems: [...merged.values()] };
    });
  }

  /** Stops the animation timer and empties the state (the app that owned the queue is gone). */
  function resetState(): void {
    if (animationTimer) clearTimeout(animationTimer);
    animationTimer = null;
    store.setState(EMPTY_STATE);
  }

  return { store, getPending, setPending, showCartAnimation, addSameModifiedItems, resetState };
}
