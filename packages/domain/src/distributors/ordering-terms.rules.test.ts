import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ORDERING_TERMS,
  ORDERING_TERMS_TEXT,
  parseOrderingTermsForm,
  toOrderingTermsForm,
  validateOrderingTerms,
} from './ordering-terms.rules';

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

describe('parseOrderingTermsForm', () => {
  it('reads dollars into cents and a blank cut-off as none', () => {
    const { terms, errors } = parseOrderingTermsForm({
      deliveryWeekdays: [5, 1],
      orderCutoffTime: '',
      orderCutoffDaysBefore: '1',
      minOrderAmount: '$1,250.5',
      isMinOrderAmountRequired: true,
      deliveryFee: '',
    });
    expect(errors).toEqual([]);
    expect(terms).toEqual({
      deliveryWeekdays: [1, 5],
      orderCutoffTime: null,
      orderCutoffDaysBefore: 1,
      minOrderAmount: 125_050,
      isMinOrderAmountRequired: true,
      deliveryFee: 0,
    });
    expect(toOrderingTermsForm(terms)).toMatchObject({ minOrderAmount: '1250.50', deliveryFee: '0.00', orderCutoffTime: '' });
  });

  it('names what cannot be read', () => {
    const form = toOrderingTermsForm(DEFAULT_ORDERING_TERMS);
    expect(parseOrderingTermsForm({ ...form, minOrderAmount: 'ten' }).errors).toEqual([ORDERING_TERMS_TEXT.badMinimum]);
    expect(parseOrderingTermsForm({ ...form, deliveryFee: '1.234' }).errors).toEqual([ORDERING_TERMS_TEXT.badFee]);
    expect(parseOrderingTermsForm({ ...form, orderCutoffDaysBefore: 'x' }).errors).toEqual([ORDERING_TERMS_TEXT.badCutoffDays]);
  });
});
