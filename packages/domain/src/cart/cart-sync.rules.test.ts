import { describe, expect, it } from 'vitest';
import { getBlockedAddReasonFromCode } from './cart.rules';
import {
  getBlockedAddNotice,
  getCartAnimation,
  getCartQuantities,
  getCartSaveFailedText,
  getSameModifiedEntries,
} from './cart-sync.rules';

describe('cart animation', () => {
  const add = { previousQuantity: 0, quantity: 2, rebate: 0, source: 'list' as const };

  it('prefers the saving item, then the rebates earned, then the cart update', () => {
    expect(getCartAnimation([{ ...add, source: 'savings' }], true)?.text).toBe('Saving Item Added to Cart!');
    expect(getCartAnimation([{ ...add, rebate: 125 }], true)?.text).toBe('Nice $2.50 in rebates earned!');
    expect(getCartAnimation([{ ...add, rebate: 125 }], false)?.text).toBe('Shopping Cart Updated!');
    expect(getCartAnimation([{ ...add, previousQuantity: 1 }], true)?.kind).toBe('cartUpdated');
    expect(getCartAnimation([{ ...add, previousQuantity: 2 }], true)).toBeNull();
  });
});

describe('blocked adds from the server', () => {
  it('maps the error codes to the same notices', () => {
    expect(getBlockedAddReasonFromCode('call_in_item')).toBe('call-in');
    expect(getBlockedAddReasonFromCode('out_of_stock')).toBe('out-of-stock');
    expect(getBlockedAddReasonFromCode('punched_out')).toBe('punched-out');
    expect(getBlockedAddReasonFromCode('validation_error')).toBeNull();
    expect(getBlockedAddNotice('call-in')).toEqual({
      title: 'Call-In Item',
      message: 'This item is not available for purchase.',
    });
  });

  it('names the items a failed save left out', () => {
    expect(getCartSaveFailedText(500, 'boom', ['Eggs'])).toBe('Your cart could not be saved. Not saved: Eggs.');
    expect(getCartSaveFailedText(400, 'Quantity must be at most 99999.', [])).toBe('Quantity must be at most 99999.');
  });
});

describe('cart lines', () => {
  it('skips lines without an item-distributor', () => {
    const quantities = getCartQuantities([
      { itemDistributorId: 5, quantity: 2 },
      { itemDistributorId: null, quantity: 4 },
    ]);
    expect([...quantities]).toEqual([[5, 2]]);
  });

  it('resends the requested quantities of a simultaneous change', () => {
    expect(
      getSameModifiedEntries([
        { shoppingCartId: 1, itemDistributorId: 5, name: 'Eggs', currentQuantity: 3, requestedQuantity: 1 },
        { shoppingCartId: 2, itemDistributorId: null, name: 'Saffron', currentQuantity: 1, requestedQuantity: 0 },
      ]),
    ).toEqual([
      { itemDistributorId: 5, quantity: 1 },
      { shoppingCartId: 2, quantity: 0 },
    ]);
  });
});
