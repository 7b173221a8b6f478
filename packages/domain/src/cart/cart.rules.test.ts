import { describe, expect, it } from 'vitest';
import {
  BLOCKED_ADD_TEXTS,
  clampQuantity,
  getBlockedAddFieldMessage,
  getBlockedAddReason,
  getBlockedAddReasonFromCode,
  getCartTotal,
  isValidQuantityText,
  stepDown,
  stepUp,
} from './cart.rules';
import { getBlockedAddNotice } from './cart-sync.rules';
import { getBlockedLineMessage } from '../checkout/order-submit.rules';

describe('cart quantity', () => {
  it('accepts digits or empty, at most 5 characters', () => {
    expect(isValidQuantityText('')).toBe(true);
    expect(isValidQuantityText('12')).toBe(true);
    expect(isValidQuantityText('99999')).toBe(true);
    expect(isValidQuantityText('100000')).toBe(false);
    expect(isValidQuantityText('-1')).toBe(false);
    expect(isValidQuantityText('1.5')).toBe(false);
  });

  it('clamps between the bounds', () => {
    expect(clampQuantity(-3)).toBe(0);
    expect(clampQuantity(3.7)).toBe(3);
    expect(clampQuantity(1e9)).toBe(99_999);
    expect(clampQuantity(Number.NaN)).toBe(0);
  });

  it('steps down only above 1 and asks before removing', () => {
    expect(stepDown(3)).toEqual({ quantity: 2, needsConfirmation: false });
    expect(stepDown(1)).toEqual({ quantity: 1, needsConfirmation: true });
    expect(stepUp(99_999)).toBe(99_999);
  });
});

describe('blocked adds', () => {
  const item = { isUnpurchasable: false, status: 'active', isPunchedOut: false };
  it('blocks call-in, out-of-stock and punched-out items outside review-order', () => {
    expect(getBlockedAddReason(item, false)).toBeNull();
    expect(getBlockedAddReason({ ...item, isUnpurchasable: true }, false)).toBe('call-in');
    expect(getBlockedAddReason({ ...item, status: 'inactive' }, false)).toBe('out-of-stock');
    expect(getBlockedAddReason({ ...item, isPunchedOut: true }, false)).toBe('punched-out');
    expect(getBlockedAddReason({ ...item, isPunchedOut: true }, true)).toBeNull();
  });
});

describe('cart total', () => {
  it('counts market-price lines as 0', () => {
    expect(
      getCartTotal([
        { quantity: 2, price: 1250, isMarketPrice: false },
        { quantity: 5, price: 9999, isMarketPrice: true },
      ]),
    ).toBe(2500);
  });
});

describe('the blocked-add table', () => {
  it('gives each reason one code, title, message and line message, and reads the code back', () => {
    expect(BLOCKED_ADD_TEXTS['call-in']).toMatchObject({
      code: 'call_in_item',
      title: 'Call-In Item',
      message: 'This item is not available for purchase.',
    });
    expect(BLOCKED_ADD_TEXTS['out-of-stock']).toMatchObject({
      code: 'out_of_stock',
      title: 'Out of Stock',
      message: 'This item is out of stock.',
    });
    for (const reason of ['call-in', 'out-of-stock', 'punched-out'] as const) {
      const text = BLOCKED_ADD_TEXTS[reason];
      expect(getBlockedAddReasonFromCode(text.code)).toBe(reason);
      expect(getBlockedAddNotice(reason)).toEqual({ title: text.title, message: text.message });
      expect(getBlockedLineMessage(reason, 'Eggs')).toMatch(/^Eggs /);
      expect(getBlockedAddFieldMessage(reason, 'Eggs')).toBe(`Eggs: ${text.message}`);
    }
    expect(getBlockedLineMessage('out-of-stock', 'Eggs')).toBe('Eggs is out of stock.');
    expect(getBlockedAddReasonFromCode('not_found')).toBeNull();
  });
});
