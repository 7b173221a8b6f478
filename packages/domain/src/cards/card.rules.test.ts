import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CARD_ERRORS,
  detectCardBrand,
  formatCardExpiryInput,
  formatCardNumber,
  getCvcLength,
  getFirstCardError,
  isCardExpired,
  isLuhnValid,
  parseCardExpiry,
  validateCardCvc,
  validateCardExpiry,
  validateCardNumber,
} from './card.rules';
import { BILLING_MESSAGES, validateBillingAddress, validateCardNickname } from './cards.schema';

const today = { year: 2026, month: 11 };

/** Appends the Luhn check digit to a digit string. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d += 1) if (isLuhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

describe('Luhn', () => {
  it('accepts the test numbers and refuses a changed digit', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4000000000000002')).toBe(true);
    expect(isLuhnValid('378282246310005')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('4242 4242')).toBe(false);
  });

  it('catches every single-digit change of a valid number', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 12, maxLength: 18 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (body, at, delta) => {
          const valid = withCheckDigit(body);
          const index = at % valid.length;
          const changed = `${valid.slice(0, index)}${(Number(valid[index]) + delta) % 10}${valid.slice(index + 1)}`;
          return isLuhnValid(valid) && !isLuhnValid(changed);
        },
      ),
    );
  });
});

describe('brand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6011111111111117', 'discover'],
    ['6445644564456445', 'discover'],
    ['3566002020360505', 'jcb'],
    ['36227206271667', 'diners'],
    ['3056930009020004', 'diners'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });

  it('asks 4 CVC digits of American Express and 3 of the others', () => {
    expect(getCvcLength('amex')).toBe(4);
    expect(getCvcLength('visa')).toBe(3);
  });
});

describe('card number', () => {
  it('accepts valid numbers, with the spaces people type', () => {
    expect(validateCardNumber('4242 4242 4242 4242')).toBeNull();
    expect(validateCardNumber('4000-0000-0000-0002')).toBeNull();
    expect(validateCardNumber('3782 822463 10005')).toBeNull();
  });

  it("answers with the provider's own words", () => {
    expect(validateCardNumber('')).toBe(CARD_ERRORS.incompleteNumber);
    expect(validateCardNumber('4242 4242')).toEqual({
      code: 'incomplete_number',
      message: 'Your card number is incomplete.',
      param: 'number',
    });
    expect(validateCardNumber('4242 4242 4242 4241')).toEqual({
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
      param: 'number',
    });
    expect(validateCardNumber('4242 abcd 4242 4242')?.message).toBe('Your card number is invalid.');
    expect(validateCardNumber('9999 9999 9999 9995')).toBe(CARD_ERRORS.invalidNumber);
    expect(validateCardNumber('4'.repeat(20))).toBe(CARD_ERRORS.invalidNumber);
    // American Express has 15 digits: a 16th is too many.
    expect(validateCardNumber('3782822463100050')).toBe(CARD_ERRORS.invalidNumber);
  });

  it('groups digits as printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
  });
});

describe('expiry', () => {
  it('accepts this month and later', () => {
    expect(validateCardExpiry(11, 2026, today)).toBeNull();
    expect(validateCardExpiry(1, 30, today)).toBeNull();
  });

  it('refuses an incomplete, impossible or past expiry', () => {
    expect(validateCardExpiry(null, null, today)?.message).toBe("Your card's expiration date is incomplete.");
    expect(validateCardExpiry(13, 2030, today)?.message).toBe("Your card's expiration month is invalid.");
    expect(validateCardExpiry(0, 2030, today)?.message).toBe("Your card's expiration month is invalid.");
    expect(validateCardExpiry(12, 2025, today)?.message).toBe("Your card's expiration year is in the past.");
    expect(validateCardExpiry(10, 2026, today)?.message).toBe("Your card's expiration date is in the past.");
    expect(validateCardExpiry(1, 2090, today)?.message).toBe("Your card's expiration year is invalid.");
  });

  it('reads what people type', () => {
    expect(parseCardExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseCardExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
    expect(parseCardExpiry('0130')).toEqual({ month: 1, year: 2030 });
    expect(parseCardExpiry('12 / 3')).toBeNull();
    expect(formatCardExpiryInput('1230')).toBe('12 / 30');
    expect(formatCardExpiryInput('4')).toBe('04');
    expect(formatCardExpiryInput('12 / 3')).toBe('12 / 3');
  });

  it('knows when a saved card has expired', () => {
    expect(isCardExpired(10, 2026, today)).toBe(true);
    expect(isCardExpired(11, 2026, today)).toBe(false);
    expect(isCardExpired(1, 27, today)).toBe(false);
  });
});

describe('security code', () => {
  it('needs 3 digits, or 4 on American Express', () => {
    expect(validateCardCvc('123', 'visa')).toBeNull();
    expect(validateCardCvc('1234', 'amex')).toBeNull();
    expect(validateCardCvc('12', 'visa')?.message).toBe("Your card's security code is incomplete.");
    expect(validateCardCvc('123', 'amex')?.message).toBe("Your card's security code is incomplete.");
    expect(validateCardCvc('1234', 'visa')?.message).toBe("Your card's security code is invalid.");
    expect(validateCardCvc('12a', 'visa')?.message).toBe("Your card's security code is invalid.");
  });

  it('reports the first problem in the order a provider checks', () => {
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    expect(getFirstCardError(card, today)).toBeNull();
    expect(getFirstCardError({ ...card, number: '4242', cvc: '' }, today)?.param).toBe('number');
    expect(getFirstCardError({ ...card, expMonth: null, cvc: '' }, today)?.param).toBe('exp_month');
    expect(getFirstCardError({ ...card, cvc: '' }, today)?.param).toBe('cvc');
  });
});

describe('billing address (doc 3 §5)', () => {
  const valid = { address_line1: '140 Atlantic Avenue', address_city: 'Boston', address_state: 'MA', address_zip: '02110' };

  it('accepts a complete address', () => {
    expect(validateBillingAddress(valid)).toEqual({});
    expect(validateBillingAddress({ ...valid, address_state: 'm' })).toEqual({});
  });

  it('names each broken rule under its field', () => {
    expect(validateBillingAddress({ address_line1: ' ', address_city: '', address_state: '', address_zip: '' })).toEqual({
      address_line1: BILLING_MESSAGES.line1Required,
      address_city: 'City is required.',
      address_state: 'State is required.',
      address_zip: 'Zip is required.',
    });
    expect(validateBillingAddress({ ...valid, address_state: 'M1' }).address_state).toBe('State must contain letters only.');
    expect(validateBillingAddress({ ...valid, address_state: 'MAS' }).address_state).toBe('State must be 1 or 2 letters.');
    expect(validateBillingAddress({ ...valid, address_zip: '0211' }).address_zip).toBe('Zip must be exactly 5 digits.');
    expect(validateBillingAddress({ ...valid, address_zip: '021100' }).address_zip).toBe('Zip must be exactly 5 digits.');
    expect(validateBillingAddress({ ...valid, address_zip: '02a10' }).address_zip).toBe('Zip must contain digits only.');
  });

  it('keeps the nickname optional and short', () => {
    expect(validateCardNickname('')).toBeNull();
    expect(validateCardNickname('Kitchen Visa')).toBeNull();
    expect(validateCardNickname('x'.repeat(51))).toBe('Nickname must be at most 50 characters.');
  });
});
