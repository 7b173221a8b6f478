import { describe, expect, it } from 'vitest';
import { getReorderNotice } from './reorder.rules';

describe('getReorderNotice (doc 3 §2.5 Reorder)', () => {
  it("titles the notice with the spec's 'Shopping Cart Updated!' and says where the items went", () => {
    expect(getReorderNotice(77, 3, 0)).toEqual({
      title: 'Shopping Cart Updated!',
      message: '3 items of order 77 are in your cart, on Review Order.',
    });
    expect(getReorderNotice(77, 1, 0).message).toBe('1 item of order 77 is in your cart, on Review Order.');
  });

  it('counts the items that could not be added', () => {
    expect(getReorderNotice(77, 2, 1).message).toBe(
      '2 items of order 77 are in your cart, on Review Order. 1 item could not be added.',
    );
  });

  it('says so when nothing was added', () => {
    expect(getReorderNotice(77, 0, 2)).toEqual({
      title: 'Nothing was added to your cart',
      message: 'None of the items of order 77 can be ordered again from here.',
    });
  });
});
