import { beforeEach, describe, expect, it } from 'vitest';
import { finishCheckout, getIdempotencyKey, startCheckout, updateChoices, useCheckoutStore } from './checkout-store';

beforeEach(() => useCheckoutStore.setState({ locationId: null, distributorId: null, choices: {}, attempt: null }));

describe('the Idempotency-Key of an order attempt', () => {
  it('is reused for the same payload and renewed for another', () => {
    const first = getIdempotencyKey('{"a":1}');
    expect(getIdempotencyKey('{"a":1}')).toBe(first);
    const second = getIdempotencyKey('{"a":2}');
    expect(second).not.toBe(first);
    expect(second).toMatch(/\S{8,}/);
  });

  it('is forgotten with the choices once the order went through', () => {
    startCheckout(1, 531);
    updateChoices(531, { notes: 'Back door' });
    const key = getIdempotencyKey('{"a":1}');
    finishCheckout(531);
    expect(useCheckoutStore.getState()).toMatchObject({ distributorId: null, choices: {}, attempt: null });
    expect(getIdempotencyKey('{"a":1}')).not.toBe(key);
  });

  it('drops the choices of another location when checkout starts at this one', () => {
    startCheckout(1, 531);
    updateChoices(531, { cardToken: 'tok_elsewhere' });
    startCheckout(1, 558);
    expect(useCheckoutStore.getState().choices[531]?.cardToken).toBe('tok_elsewhere');
    startCheckout(2, 531);
    expect(useCheckoutStore.getState()).toMatchObject({ locationId: 2, distributorId: 531, choices: {} });
  });
});
