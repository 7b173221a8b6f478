import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { EMPTY_CHOICES, type CheckoutChoices } from './order-lines';

interface OrderAttempt {
  /** The exact payload the key was made for: a retry of the same order reuses the key. */
  fingerprint: string;
  key: string;
}

interface CheckoutState {
  /** The location the choices belong to: another location's choices (and cards) never carry over. */
  locationId: number | null;
  /** The distributor whose order is being checked out (Checkout of its group on review order). */
  distributorId: number | null;
  /** Delivery and payment choices, by distributor. */
  choices: Record<number, CheckoutChoices>;
  attempt: OrderAttempt | null;
}

/**
 * What the checkout steps share: the chosen distributor, its delivery and payment choices, and the
 * Idempotency-Key of the order being submitted. Kept for the browser tab (sessionStorage), so a
 * reload of a step keeps the choices and a retried submit keeps its key.
 */
export const useCheckoutStore = create<CheckoutState>()(
  persist(() => ({ locationId: null, distributorId: null, choices: {}, attempt: null }) as CheckoutState, {
    name: 'stockpot-checkout',
    storage: createJSONStorage(() => sessionStorage),
  }),
);

export function startCheckout(locationId: number, distributorId: number): void {
  useCheckoutStore.setState((state) =>
    state.locationId === locationId ? { distributorId } : { locationId, distributorId, choices: {}, attempt: null },
  );
}

export function getChoices(state: CheckoutState, distributorId: number | null): CheckoutChoices {
  return (distributorId !== null && state.choices[distributorId]) || EMPTY_CHOICES;
}

export function updateChoices(distributorId: number, changes: Partial<CheckoutChoices>): void {
  useCheckoutStore.setState(({ choices }) => ({
    choices: { ...choices, [distributorId]: { ...(choices[distributorId] ?? EMPTY_CHOICES), ...changes } },
  }));
}

function createKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The Idempotency-Key of an order attempt: the same payload reuses the key (a double click or a
 * retry after a lost answer never places two orders); a changed payload is a new attempt.
 */
export function getIdempotencyKey(fingerprint: string): string {
  const { attempt } = useCheckoutStore.getState();
  if (attempt && attempt.fingerprint === fingerprint) return attempt.key;
  const key = createKey();
  useCheckoutStore.setState({ attempt: { fingerprint, key } });
  return key;
}

/**
 * A choice made on review order, before any Checkout: the store first forgets another location's
 * choices (as startCheckout does), so they never mix with this location's.
 */
export function updateChoicesAt(locationId: number, distributorId: number, changes: Partial<CheckoutChoices>): void {
  useCheckoutStore.setState((state) =>
    state.locationId === locationId ? state : { locationId, distributorId: null, choices: {}, attempt: null },
  );
  updateChoices(distributorId, changes);
}

/** After an order went through: forget its choices and its key. */
export function finishCheckout(distributorId: number): void {
  useCheckoutStore.setState(({ choices }) => {
    const next = { ...choices };
    delete next[distributorId];
    return { choices: next, attempt: null, distributorId: null };
  });
}
