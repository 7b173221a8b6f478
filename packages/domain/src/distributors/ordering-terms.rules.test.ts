import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERING_TERMS, ORDERING_TERMS_TEXT, validateOrderingTerms } from './ordering-terms.rules';

describe('validateOrderingTerms', () => {
  it('accepts the defaults a new account starts with', () => {
    expect(validateOrderingTerms(DEFAULT_ORDERING_TERMS)).toEqual([]);
    expect(DEFAULT_ORDERING_TERMS.deliveryWeekdays).toEqual([1, 2, 3, 4, 5]);
  });

  it('names each broken rule', () => {
    expect(validateOrderingTerms({ ...DEFAULT_ORDERING_TERMS, deliveryWeekdays: [] })).toEqual([
      ORDERING_TERMS_TEXT.noDeliveryDay,
    ]);
    expect(validateOrderingTerms({ ...DEFAULT_ORDERING_TERMS, deliveryWeekdays: [1, 8] })).toEqual([
      ORDERING_TERMS_TEXT.badWeekday,
    ]);
    expect(validateOrderingTerms({ ...DEFAULT_ORDERING_TERMS, deliveryWeekdays: [2, 2] })).toEqual([
      ORDERING_TERMS_TEXT.badWeekday,
    ]);
    expect(validateOrderingTerms({ ...DEFAULT_ORDERING_TERMS, orderCutoffTime: '24:00' })).toEqual([
      ORDERING_TERMS_TEXT.badCutoffTime,
    ]);
    expect(validateOrderingTerms({ ...DEFAULT_ORDERING_TERMS, orderCutoffTime: '2pm' })).toEqual([
      ORDERING_TERMS_TEXT.badCutoffTime,
    ]);
    expect(validateOrderingTerms({ ...DEFAULT_ORDERING_TERMS, orderCutoffDaysBefore: 8 })).toEqual([
      ORDERING_TERMS_TEXT.badCutoffDays,
    ]);
    expect(validateOrderingTerms({ ...DEFAULT_ORDERING_TERMS, orderCutoffDaysBefore: 1.5 })).toEqual([
      ORDERING_TERMS_TEXT.badCutoffDays,
    ]);
    expect(validateOrderingTerms({ ...DEFAULT_ORDERING_TERMS, minOrderAmount: -1 })).toEqual([ORDERING_TERMS_TEXT.badMinimum]);
    expect(validateOrderingTerms({ ...DEFAULT_ORDERING_TERMS, isMinOrderAmountRequired: true })).toEqual([
      ORDERING_TERMS_TEXT.requiredWithoutAmount,
    ]);
    expect(validateOrderingTerms({ ...DEFAULT_ORDERING_TERMS, deliveryFee: 0.5 })).toEqual([ORDERING_TERMS_TEXT.badFee]);
  });

  it('accepts a cut-off, a required minimum and a fee', () => {
    expect(
      validateOrderingTerms({
        deliveryWeekdays: [2, 5],
        orderCutoffTime: '14:00',
        orderCutoffDaysBefore: 1,
        minOrderAmount: 15_000,
        isMinOrderAmountRequired: true,
        deliveryFee: 2_500,
      }),
    ).toEqual([]);
  });
});
