import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_CART_QUANTITY } from './cart.rules';
import { LINKED_ITEM_REMOVED_MESSAGE, getLinkedQuantityProblem, type LinkedQuantityItem } from './linked-items.rules';

const item = (overrides: Partial<LinkedQuantityItem> = {}): LinkedQuantityItem => ({
  itemDistributorId: 7,
  name: 'Cream Heavy 36%',
  status: 'active',
  isUnpurchasable: false,
  isPunchedOut: false,
  ...overrides,
});
const group = new Set([7, 8]);

describe('getLinkedQuantityProblem (doc 1 §5 linked-items cart validity check)', () => {
  it.each([
    ['an orderable item of the group', item(), 3, 0, null],
    ['removing it', item(), 0, 2, null],
    ['an item no longer in the group', item({ itemDistributorId: 9 }), 1, 0, 'removed-from-group'],
    ['a fraction', item(), 1.5, 0, 'invalid-quantity'],
    ['a negative quantity', item(), -1, 0, 'invalid-quantity'],
    ['more than the cart allows', item(), MAX_CART_QUANTITY + 1, 0, 'invalid-quantity'],
    ['raising a call-in item', item({ isUnpurchasable: true }), 2, 1, 'blocked'],
    ['raising an out-of-stock item', item({ status: 'inactive' }), 1, 0, 'blocked'],
    ['raising a punched-out item', item({ isPunchedOut: true }), 1, 0, 'blocked'],
    ['lowering a call-in item', item({ isUnpurchasable: true }), 1, 2, null],
  ])('%s', (_name, subject, quantity, inCart, kind) => {
    expect(getLinkedQuantityProblem(subject, quantity, inCart, group)?.kind ?? null).toBe(kind);
  });

  it("says the spec's message when the item left its group", () => {
    expect(getLinkedQuantityProblem(item({ itemDistributorId: 1 }), 1, 0, group)?.message).toBe(LINKED_ITEM_REMOVED_MESSAGE);
  });

  it('never refuses lowering or keeping the quantity of an item still in the group', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: MAX_CART_QUANTITY }),
        fc.nat({ max: MAX_CART_QUANTITY }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (a, b, isUnpurchasable, isOut, isPunchedOut) => {
          const [quantity, inCart] = a <= b ? [a, b] : [b, a];
          const subject = item({ isUnpurchasable, status: isOut ? 'inactive' : 'active', isPunchedOut });
          expect(getLinkedQuantityProblem(subject, quantity, inCart, group)).toBeNull();
        },
      ),
    );
  });
});
