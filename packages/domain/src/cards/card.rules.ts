/**
 * Card checks a payment provider makes before it tokenises a card: number (brand, length, Luhn),
 * expiry and security code. The built-in test gateway answers with these rules, and the card form
 * runs the same ones while the user types, so the card field shows the provider's own words
 * (doc 3 §5 "The card field shows the card provider's own error message").
 */

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof cardBrands)[number];

/** The brand as a person reads it; this is the `cardType` of a saved card (doc 3 §3 "Card"). */
export const cardBrandLabels: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Unknown',
};

/** Card number lengths each brand issues (the common ones; rare 13-digit Visas are left out). */
const BRAND_LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 19],
  diners: [14, 16, 19],
  jcb: [16, 19],
  unionpay: [16, 19],
  unknown: [],
};

export const MAX_CARD_NUMBER_LENGTH = 19;

/** The fields a provider names in its errors (`param`), as in its tokenise request. */
export type CardParam = 'number' | 'exp_month' | 'exp_year' | 'cvc';

export interface CardError {
  code: string;
  message: string;
  param: CardParam;
}

/** Provider messages, word for word as payment providers show them. */
export const CARD_ERRORS = {
  incompleteNumber: { code: 'incomplete_number', message: 'Your card number is incomplete.', param: 'number' },
  invalidNumber: { code: 'invalid_number', message: 'Your card number is invalid.', param: 'number' },
  incorrectNumber: { code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' },
  incompleteExpiry: { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete.", param: 'exp_month' },
  invalidExpiryMonth: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' },
  invalidExpiryYear: { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: 'exp_year' },
  pastExpiryYear: { code: 'invalid_expiry_year', message: "Your card's expiration year is in the past.", param: 'exp_year' },
  pastExpiryDate: { code: 'invalid_expiry_month', message: "Your card's expiration date is in the past.", param: 'exp_month' },
  incompleteCvc: { code: 'incomplete_cvc', message: "Your card's security code is incomplete.", param: 'cvc' },
  invalidCvc: { code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'cvc' },
} as const satisfies Record<string, CardError>;

/** How far ahead an expiry year may be; cards are not issued for longer. */
const MAX_YEARS_AHEAD = 50;

/** The digits of a typed card number: spaces and dashes are how people group them and are dropped. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Luhn (mod 10) checksum of a digit string, as every card number carries one. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function startsWithin(digits: string, length: number, low: number, high: number): boolean {
  if (digits.length < length) return false;
  const prefix = Number(digits.slice(0, length));
  return prefix >= low && prefix <= high;
}

/** The brand from the number's leading digits (its issuer identification number). */
export function detectCardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (startsWithin(digits, 2, 51, 55) || startsWithin(digits, 4, 2221, 2720)) return 'mastercard';
  if (/^6011/.test(digits) || startsWithin(digits, 3, 644, 649) || /^65/.test(digits)) return 'discover';
  if (startsWithin(digits, 4, 3528, 3589)) return 'jcb';
  if (startsWithin(digits, 3, 300, 305) || /^3[689]/.test(digits)) return 'diners';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** Digits in the security code: 4 on American Express, 3 on every other brand. */
export function getCvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** The longest number the brand issues, which is where the card field stops accepting digits. */
export function getMaxCardNumberLength(brand: CardBrand): number {
  const lengths = BRAND_LENGTHS[brand];
  return lengths.length ? Math.max(...lengths) : MAX_CARD_NUMBER_LENGTH;
}

/** Checks a card number the way a provider does; null when it is a number the brand can issue. */
export function validateCardNumber(input: string): CardError | null {
  const digits = normalizeCardNumber(input);
  if (!digits) return CARD_ERRORS.incompleteNumber;
  if (!/^\d+$/.test(digits) || digits.length > MAX_CARD_NUMBER_LENGTH) return CARD_ERRORS.invalidNumber;
  const brand = detectCardBrand(digits);
  if (brand === 'unknown') return digits.length < 6 ? CARD_ERRORS.incompleteNumber : CARD_ERRORS.invalidNumber;
  const lengths = BRAND_LENGTHS[brand];
  if (lengths.includes(digits.length)) return isLuhnValid(digits) ? null : CARD_ERRORS.incorrectNumber;
  return digits.length < Math.max(...lengths) ? CARD_ERRORS.incompleteNumber : CARD_ERRORS.invalidNumber;
}

/** The calendar month "now" is in, from the caller's clock (rules stay pure). */
export interface YearMonth {
  year: number;
  month: number;
}

export function toYearMonth(date: Date): YearMonth {
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
}

/** A two-digit year means this century, as providers read it (`exp_year: 30` is 2030). */
export function normalizeExpiryYear(year: number): number {
  return year >= 0 && year < 100 ? 2000 + year : year;
}

/** Checks an expiry: month 1–12, a sensible year, and not before the current month (cards work through their last month). */
export function validateCardExpiry(month: number | null, year: number | null, today: YearMonth): CardError | null {
  if (month === null || year === null || !Number.isFinite(month) || !Number.isFinite(year)) return CARD_ERRORS.incompleteExpiry;
  if (!Number.isInteger(month) || month < 1 || month > 12) return CARD_ERRORS.invalidExpiryMonth;
  const fullYear = normalizeExpiryYear(year);
  if (!Number.isInteger(fullYear) || fullYear > today.year + MAX_YEARS_AHEAD) return CARD_ERRORS.invalidExpiryYear;
  if (fullYear < today.year) return CARD_ERRORS.pastExpiryYear;
  if (fullYear === today.year && month < today.month) return CARD_ERRORS.pastExpiryDate;
  return null;
}

/** Whether a saved card's expiry month has passed. */
export function isCardExpired(expMonth: number, expYear: number, today: YearMonth): boolean {
  const year = normalizeExpiryYear(expYear);
  return year < today.year || (year === today.year && expMonth < today.month);
}

/**
 * Reads the expiry field as people type it: "MM / YY", "MM/YY", "MMYY" or "MM/YYYY". Null while it
 * is not complete.
 */
export function parseCardExpiry(input: string): { month: number; year: number } | null {
  const compact = input.replace(/\s/g, '');
  const match = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(compact) ?? /^(\d{2})(\d{2})$/.exec(compact);
  if (!match) return null;
  return { month: Number(match[1]), year: normalizeExpiryYear(Number(match[2])) };
}

/** Shows typed expiry digits as "MM / YY", the way card forms do. */
export function formatCardExpiryInput(input: string): string {
  let digits = input.replace(/\D/g, '');
  // A first digit above 1 can only be a one-digit month: "4" means April.
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Checks a security code against the brand's length. */
export function validateCardCvc(input: string, brand: CardBrand): CardError | null {
  const cvc = input.trim();
  const length = getCvcLength(brand);
  if (/\D/.test(cvc) || cvc.length > length) return CARD_ERRORS.invalidCvc;
  if (cvc.length < length) return CARD_ERRORS.incompleteCvc;
  return null;
}

/** Groups the digits as they are printed on the card: 4-6-5 on American Express, 4-6-4 on 14-digit Diners, 4-4-4-4 otherwise. */
export function formatCardNumber(input: string): string {
  const digits = normalizeCardNumber(input).replace(/\D/g, '').slice(0, MAX_CARD_NUMBER_LENGTH);
  const brand = detectCardBrand(digits);
  const groups = brand === 'amex' || (brand === 'diners' && digits.length <= 14) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

export interface CardDetailsInput {
  number: string;
  expMonth: number | null;
  expYear: number | null;
  cvc: string;
}

export interface CardDetailsErrors {
  number: CardError | null;
  expiry: CardError | null;
  cvc: CardError | null;
}

/** Every card-field problem at once, for the form. */
export function validateCardDetails(input: CardDetailsInput, today: YearMonth): CardDetailsErrors {
  const brand = detectCardBrand(normalizeCardNumber(input.number));
  return {
    number: validateCardNumber(input.number),
    expiry: validateCardExpiry(input.expMonth, input.expYear, today),
    cvc: validateCardCvc(input.cvc, brand),
  };
}

/** The first problem in the order a provider checks (number, expiry, code), or null when the card can be tokenised. */
export function getFirstCardError(input: CardDetailsInput, today: YearMonth): CardError | null {
  const errors = validateCardDetails(input, today);
  return errors.number ?? errors.expiry ?? errors.cvc;
}

/** The last four digits, the only part of the number Stockpot keeps. */
export function getCardLast4(input: string): string {
  return normalizeCardNumber(input).slice(-4);
}
