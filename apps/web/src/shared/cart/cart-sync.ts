import type { QueryClient } from '@tanstack/react-query';
import {
  CART_ANIMATION_TEXTS,
  CART_SAVE_DEBOUNCE_MS,
  getBlockedAddReason,
  getBlockedAddReasonFromCode,
  getCartAnimation,
  getCartQuantities,
  isCartBehind,
  getSameModifiedEntries,
  SPECIAL_REQUEST_ANIMATION,
  type CartChangeSource,
  type CartResendEntry,
  type SpecialRequestEntry,
} from '@stockpot/domain';
import { isApiError } from '../../lib/api-error';
import { useSession } from '../../lib/session-store';
import { applyCartAnswer, postCart, type Cart, type CartUpdateResponse } from './cart-api';
import { showBlockedAddNotice, showCartSaveFailed } from './cart-notices';
import { createCartSyncStore, type CartItemInfo } from './cart-sync-state';
import { queryKeys } from '../../lib/query-keys';

// What features import from the queue, wherever it now lives.
export { showBlockedAddNotice } from './cart-notices';
export type { CartItemInfo, CartSyncState } from './cart-sync-state';

/**
 * The cart's save queue (doc 1 §4 "Cart update", "Simultaneous shopping", "Blocked adds"). One
 * instance per app, created by the providers (CartSyncProvider) with the app's query client; it
 * lives outside the pages so a change survives leaving the page that made it:
 * - each item's change waits CART_SAVE_DEBOUNCE_MS after its last change, then every item due goes
 *   out in one POST shopping-carts with the stored lastModified;
 * - saves run one after another, each with the lastModified the previous one returned, so this
 *   user's own saves never look like someone else's;
 * - a save answered with sameModifiedItems opens the warning; a failed save says which items were
 *   not saved and offers to try again. No change is dropped without the user being told.
 */

interface PendingChange {
  item: CartItemInfo;
  source: CartChangeSource;
}

/** The cart queue of one app: its query client keeps the cart (and its lastModified). */
export function createCartSync(queryClient: QueryClient) {
  const { store, getPending, setPending, showCartAnimation, addSameModifiedItems, resetState } = createCartSyncStore();
  const changes = new Map<number, PendingChange>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const due = new Set<number>();
  let chain: Promise<unknown> = Promise.resolve();

  function getCartKey() {
    return queryKeys.cart(useSession.getState().activeLocation?.id ?? null);
  }

  function readCart(): Cart | undefined {
    return queryClient.getQueryData<Cart>(getCartKey());
  }

  /** The saved quantity of an item (0 when it is not in the cart). */
  function getSavedQuantity(itemDistributorId: number): number {
    return getCartQuantities(readCart()?.shoppingCart ?? []).get(itemDistributorId) ?? 0;
  }

  /** What the stepper shows: the change waiting to be saved, else the saved quantity. */
  function getShownQuantity(itemDistributorId: number): number {
    return getPending()[itemDistributorId] ?? getSavedQuantity(itemDistributorId);
  }

  function schedule(itemDistributorId: number): void {
    const running = timers.get(itemDistributorId);
    if (running) clearTimeout(running);
    due.delete(itemDistributorId);
    timers.set(
      itemDistributorId,
      setTimeout(() => {
        timers.delete(itemDistributorId);
        due.add(itemDistributorId);
        void enqueue(() => saveDueChanges(false));
      }, CART_SAVE_DEBOUNCE_MS),
    );
  }

  /** Runs one save after the ones before it, whatever became of them. */
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  }

  /**
   * Asks for a new quantity of an item (doc 1 §5 stepper and §4 blocked adds). A raise of a call-in,
   * out-of-stock or punched-out item is refused with its modal (this holds offline too); otherwise
   * the change is shown at once and saved after the debounce. Returns whether it was accepted.
   */
  function requestCartQuantity(
    item: CartItemInfo,
    quantity: number,
    options: { source?: CartChangeSource; isOnReviewOrder?: boolean } = {},
  ): boolean {
    const { source = 'list', isOnReviewOrder = false } = options;
    const id = item.itemDistributorId;
    if (quantity > getShownQuantity(id)) {
      const reason = getBlockedAddReason(item, isOnReviewOrder);
      if (reason) {
        showBlockedAddNotice(reason, item);
        return false;
      }
    }
    const earlier = changes.get(id);
    // An add from the savings modal keeps its animation even if the quantity is adjusted before saving.
    changes.set(id, { item, source: earlier?.source === 'savings' ? 'savings' : source });
    setPending(id, quantity);
    schedule(id);
    return true;
  }

  function applyResponse(response: CartUpdateResponse): void {
    queryClient.setQueryData<Cart>(getCartKey(), (stored) => applyCartAnswer(stored, response));
    if (response.sameModifiedItems.length > 0) addSameModifiedItems(response.sameModifiedItems);
  }

  /** One POST shopping-carts with the stored lastModified; the answer (whole cart or changes) updates the stored cart. */
  async function save(itemList: CartResendEntry[] | SpecialRequestEntry[], keepalive = false): Promise<CartUpdateResponse> {
    const key = getCartKey();
    // A cart read still on its way must not land after this save and bring back an older lastModified.
    await queryClient.cancelQueries({ queryKey: key });
    const response = await postCart({ itemList, lastModified: readCart()?.lastModified ?? null }, keepalive);
    applyResponse(response);
    return response;
  }

  function refreshCart(): Promise<void> {
    return queryClient.invalidateQueries({ queryKey: getCartKey() });
  }

  /** After a save, forget the changes it carried, unless the user changed the item again meanwhile. */
  function settle(batch: { id: number; quantity: number }[]): void {
    batch.forEach(({ id, quantity }) => {
      if (getPending()[id] !== quantity || timers.has(id) || due.has(id)) return;
      setPending(id, null);
      changes.delete(id);
    });
  }

  function reportFailure(error: unknown, names: string[], retry: () => void): void {
    void refreshCart();
    // A 401 has its own modal (doc 3 §8).
    if (isApiError(error) && error.status === 401) return;
    console.error('Could not save the cart', error);
    showCartSaveFailed(error, names, retry);
  }

  async function saveBatch(batch: { id: number; quantity: number; change: PendingChange }[], keepalive: boolean): Promise<void> {
    const before = getCartQuantities(readCart()?.shoppingCart ?? []);
    try {
      const response = await save(
        batch.map(({ id, quantity }) => ({ itemDistributorId: id, quantity })),
        keepalive,
      );
      settle(batch);
      const conflicted = new Set(response.sameModifiedItems.map((item) => item.itemDistributorId));
      const location = useSession.getState().activeLocation;
      showCartAnimation(
        getCartAnimation(
          batch
            .filter(({ id }) => !conflicted.has(id))
            .map(({ id, quantity, change }) => ({
              previousQuantity: before.get(id) ?? 0,
              quantity,
              rebate: change.item.rebate,
              source: change.source,
            })),
          location?.display_rebate === 1,
        ),
      );
    } catch (error) {
      const reason = isApiError(error) && error.status === 400 ? getBlockedAddReasonFromCode(error.code) : null;
      if (reason && batch.length > 1) {
        // One blocked item must not sink the others: save them one by one to find it.
        for (const entry of batch) await saveBatch([entry], keepalive);
        return;
      }
      settle(batch);
      if (reason) {
        void refreshCart();
        showBlockedAddNotice(reason, batch[0].change.item);
        return;
      }
      reportFailure(
        error,
        batch.map(({ change }) => change.item.name),
        () => batch.forEach(({ quantity, change }) => requestCartQuantity(change.item, quantity, { source: change.source })),
      );
    }
  }

  async function saveDueChanges(keepalive: boolean): Promise<void> {
    const pending = getPending();
    const batch = [...due].flatMap((id) => {
      const change = changes.get(id);
      return change && pending[id] !== undefined ? [{ id, quantity: pending[id], change }] : [];
    });
    due.clear();
    if (batch.length > 0) await saveBatch(batch, keepalive);
  }

  /** Saves every waiting change now (before a location switch, or when the page is hidden). */
  function flushCartChanges(options: { keepalive?: boolean } = {}): Promise<void> {
    timers.forEach((timer, id) => {
      clearTimeout(timer);
      due.add(id);
    });
    timers.clear();
    return enqueue(() => saveDueChanges(options.keepalive ?? false));
  }

  function hasUnsavedCartChanges(): boolean {
    return Object.keys(getPending()).length > 0;
  }

  /**
   * Saves changes to cart lines by their id (review order's quantity editor, row delete and Delete
   * All) after every waiting stepper change, through the same save as the list: lines someone else
   * changed meanwhile open the same warning instead of being dropped unseen (doc 1 §4).
   */
  async function saveCartLines(entries: CartResendEntry[]): Promise<CartUpdateResponse> {
    await flushCartChanges();
    return enqueue(() => save(entries));
  }

  /** Apply of the simultaneous-shopping warning: resend this user's quantities with the new lastModified. */
  function applySameModifiedItems(): Promise<void> {
    const items = store.getState().sameModifiedItems;
    store.setState({ sameModifiedItems: [] });
    return enqueue(async () => {
      const entries = getSameModifiedEntries(items);
      if (entries.length === 0) return;
      try {
        await save(entries);
        showCartAnimation({ kind: 'cartUpdated', text: CART_ANIMATION_TEXTS.cartUpdated });
      } catch (error) {
        reportFailure(
          error,
          items.map((item) => item.name),
          () => {
            store.setState({ sameModifiedItems: items });
          },
        );
      }
    });
  }

  /** Discard of the warning: keep what the other person saved and reload the cart. */
  function discardSameModifiedItems(): Promise<void> {
    store.setState({ sameModifiedItems: [] });
    return refreshCart();
  }

  /**
   * Sends a special request as its own save (doc 1 §4 "Special request flow"); resolves when it is in
   * the cart and rejects with the server's error, for the form to show.
   */
  function saveSpecialRequest(entry: SpecialRequestEntry): Promise<void> {
    return enqueue(async () => {
      await save([entry]);
      showCartAnimation(SPECIAL_REQUEST_ANIMATION);
    });
  }

  /** Stops every timer and forgets every waiting change (the app that owned the queue is gone). */
  function dispose(): void {
    timers.forEach((timer) => clearTimeout(timer));
    timers.clear();
    due.clear();
    changes.clear();
    chain = Promise.resolve();
    resetState();
  }

  return {
    store,
    getSavedQuantity,
    getShownQuantity,
    showCartAnimation,
    requestCartQuantity,
    flushCartChanges,
    saveCartLines,
    hasUnsavedCartChanges,
    applySameModifiedItems,
    discardSameModifiedItems,
    saveSpecialRequest,
    /** A live event's version (issue 40): after the saves queued so far, reload the cart if still behind it. */
    refreshCartIfBehind: (version: string) =>
      enqueue(async () => isCartBehind(readCart()?.lastModified, version) && refreshCart()),
    dispose,
  };
}

export type CartSync = ReturnType<typeof createCartSync>;
