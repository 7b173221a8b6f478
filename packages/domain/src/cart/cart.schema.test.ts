import { describe, expect, it } from 'vitest';
import { cartUpdateEntrySchema } from './cart.schema';

const special = { distributorId: 531, uom: 'case', description: 'Saffron threads' };
const messages = (entry: unknown) => {
  const result = cartUpdateEntrySchema.safeParse(entry);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('POST shopping-carts entry', () => {
  it('accepts an item, a line or a special request', () => {
    expect(messages({ itemDistributorId: 5, quantity: 0 })).toEqual([]);
    expect(messages({ shoppingCartId: '7', quantity: '3' })).toEqual([]);
    expect(cartUpdateEntrySchema.parse({ quantity: 1, specialItem: special }).specialItem).toEqual({
      ...special,
      din: '',
      packSize: '',
    });
  });

  it('words special-request problems as the form does (validateSpecialRequest)', () => {
    expect(messages({ quantity: 1, specialItem: { ...special, uom: undefined } })).toEqual([
      'specialItem.uom: Unit is required.',
    ]);
    expect(messages({ quantity: 1, specialItem: { ...special, uom: '' } })).toEqual(['specialItem.uom: Unit is required.']);
    expect(messages({ quantity: 1, specialItem: { ...special, uom: 'pallet' } })).toEqual([
      'specialItem.uom: Choose a unit from the list.',
    ]);
    expect(messages({ quantity: 1, specialItem: { ...special, description: undefined } })).toEqual([
      'specialItem.description: Description must be at least 3 characters.',
    ]);
    expect(messages({ quantity: 1, specialItem: { ...special, description: '  ab ' } })).toEqual([
      'specialItem.description: Description must be at least 3 characters.',
    ]);
    expect(messages({ quantity: 1, specialItem: { ...special, distributorId: null } })).toEqual([
      'specialItem.distributorId: Distributor is required.',
    ]);
  });

  it('needs something to change and a whole quantity within the limit', () => {
    expect(messages({ quantity: 1 })).toEqual([': Each entry needs an itemDistributorId, a shoppingCartId or a specialItem.']);
    expect(messages({ itemDistributorId: 5, quantity: 100_000 })).toEqual(['quantity: Quantity must be at most 99999.']);
    expect(messages({ itemDistributorId: 5, quantity: 1.5 })).toEqual(['quantity: Quantity must be a whole number.']);
  });
});
