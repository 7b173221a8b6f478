import { describe, expect, it } from 'vitest';
import { validateSpecialRequest } from './special-request.rules';

const valid = { distributorId: 531, unit: 'case', quantity: '1', description: 'Saffron threads' };

describe('special request rules', () => {
  it('accepts a complete request', () => {
    expect(validateSpecialRequest(valid)).toEqual({});
  });

  it('requires distributor, unit, a positive whole quantity and a 3-character description', () => {
    expect(validateSpecialRequest({ distributorId: null, unit: '', quantity: '', description: 'ab' })).toEqual({
      distributorId: 'Distributor is required.',
      unit: 'Unit is required.',
      quantity: 'Quantity is required.',
      description: 'Description must be at least 3 characters.',
    });
    expect(validateSpecialRequest({ ...valid, quantity: '0' }).quantity).toBe('Quantity must be greater than 0.');
    expect(validateSpecialRequest({ ...valid, quantity: '1.5' }).quantity).toBe('Quantity must be digits only.');
    expect(validateSpecialRequest({ ...valid, unit: 'pallet' }).unit).toBe('Choose a unit from the list.');
  });
});
