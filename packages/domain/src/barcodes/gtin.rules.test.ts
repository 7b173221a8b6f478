import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeGtinCheckDigit, isSameGtinItem, isValidGtin, parseGtin, toCaseGtin, toUnitGtin } from './gtin.rules';

const digitString = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));
const withCheck = (body: string) => body + String(computeGtinCheckDigit(body));
const parsed = (digits: string) => {
  const result = parseGtin(digits);
  if (!result.ok) throw new Error(result.message);
  return result.gtin;
};

describe('GTIN check digits', () => {
  it('matches published barcodes', () => {
    // GS1's own worked example (GTIN-13), a Coca-Cola UPC-A and a GS1 ITF-14 example.
    expect(computeGtinCheckDigit('629104150021')).toBe(3);
    expect(isValidGtin('6291041500213')).toBe(true);
    expect(isValidGtin('049000028911')).toBe(true);
    expect(isValidGtin('10012345678902')).toBe(true);
    expect(isValidGtin('049000028912')).toBe(false);
  });

  it('accepts every body with its computed check digit, and refuses every other last digit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(11, 12, 13).chain((n) => digitString(n)),
        fc.integer({ min: 1, max: 9 }),
        (body, shift) => {
          const good = withCheck(body);
          expect(isValidGtin(good)).toBe(true);
          const wrong = body + String((computeGtinCheckDigit(body) + shift) % 10);
          expect(isValidGtin(wrong)).toBe(false);
        },
      ),
    );
  });

  it('catches every single mistyped digit', () => {
    fc.assert(
      fc.property(digitString(12), fc.nat(12), fc.integer({ min: 1, max: 9 }), (body, position, shift) => {
        const good = withCheck(body);
        const typo = good.slice(0, position) + String((Number(good[position]) + shift) % 10) + good.slice(position + 1);
        expect(isValidGtin(typo)).toBe(false);
      }),
    );
  });
});

describe('parseGtin', () => {
  it('reads a UPC as printed, with spaces and dashes', () => {
    expect(parsed('0 49000 02891 1')).toMatchObject({
      digits: '049000028911',
      length: 12,
      gtin14: '00049000028911',
      indicator: 0,
    });
    expect(parsed('10012345678902')).toMatchObject({ length: 14, indicator: 1, lookupKey: '001234567890' });
  });

  it('says what is wrong in words a buyer can act on', () => {
    expect(parseGtin('')).toEqual({ ok: false, message: 'Enter the barcode’s digits.' });
    expect(parseGtin('04900002891A')).toMatchObject({ ok: false, message: 'A barcode has only digits: check what was typed.' });
    expect(parseGtin('12345678')).toMatchObject({ ok: false, message: expect.stringContaining('has 8') });
    expect(parseGtin('049000028912')).toEqual({
      ok: false,
      message: 'The barcode 049000028912 does not check out: its last digit should be 1. Check the digits, or scan it again.',
    });
  });
});

describe('a case GTIN-14 and the unit GTIN-12/13 inside it', () => {
  it('builds the case code of a known unit and back', () => {
    expect(toCaseGtin('012345678905', 1)).toBe('10012345678902');
    expect(toUnitGtin('10012345678902')).toBe('012345678905');
    expect(toUnitGtin(toCaseGtin('6291041500213', 3))).toBe('6291041500213');
  });

  it('resolves a case and its unit to the same lookup key, at every packaging level', () => {
    fc.assert(
      fc.property(fc.oneof(digitString(11), digitString(12)), fc.integer({ min: 1, max: 9 }), (body, indicator) => {
        const unit = withCheck(body);
        const caseCode = toCaseGtin(unit, indicator);
        expect(isValidGtin(caseCode)).toBe(true);
        expect(caseCode).toHaveLength(14);
        expect(toUnitGtin(caseCode)).toBe(unit.length === 13 && unit.startsWith('0') ? unit.slice(1) : unit);
        expect(isSameGtinItem(parsed(unit), parsed(caseCode))).toBe(true);
        expect(parsed(caseCode).indicator).toBe(indicator);
      }),
    );
  });

  it('keeps different items apart', () => {
    fc.assert(
      fc.property(digitString(12), digitString(12), (a, b) => {
        fc.pre(a !== b);
        expect(isSameGtinItem(parsed(withCheck(a)), parsed(toCaseGtin(withCheck(b), 1)))).toBe(false);
      }),
    );
  });

  it('reads a GTIN-12 and the same number padded to GTIN-13 as one item', () => {
    expect(isSameGtinItem(parsed('049000028911'), parsed('0049000028911'))).toBe(true);
  });
});
