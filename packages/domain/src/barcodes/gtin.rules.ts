/**
 * GTIN barcodes (issue 40 "Barcodes"): the GS1 numbers printed as UPC-A (GTIN-12), EAN-13
 * (GTIN-13) and ITF-14 (GTIN-14, on the case). A case GTIN-14 is an indicator digit (the packaging
 * level), the 12 digits of the unit's GTIN-13 without its check digit (a GTIN-12 padded with one
 * zero), and a check digit of its own; so a case and the unit inside it share those 12 digits,
 * which is the key a scan is looked up by.
 */

export const GTIN_LENGTHS = [12, 13, 14] as const;
export type GtinLength = (typeof GTIN_LENGTHS)[number];

export interface Gtin {
  /** The digits as printed: 12, 13 or 14 of them. */
  digits: string;
  length: GtinLength;
  /** The same number as 14 digits (left-padded with zeros), as GS1 stores every GTIN. */
  gtin14: string;
  /** The 12 digits a case and its units share: GTIN-14 without indicator and check digit. */
  lookupKey: string;
  /** The packaging level of a GTIN-14 (1–8 cases, 9 variable measure); 0 for a unit's GTIN-12/13. */
  indicator: number;
}

export type GtinParseResult = { ok: true; gtin: Gtin } | { ok: false; message: string };

/** GS1 check digit of the digits before it: weights 3, 1, 3, … from the right, up to the next ten. */
export function computeGtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A GTIN-12, -13 or -14 whose last digit is its check digit (GS1 General Specifications §7.9). */
export function isValidGtin(digits: string): boolean {
  if (!/^\d+$/.test(digits) || !(GTIN_LENGTHS as readonly number[]).includes(digits.length)) return false;
  return computeGtinCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * Reads a barcode as scanned or typed: spaces and dashes (as printed under a UPC, "0 12345 67890
 * 5") are dropped; anything else answers a message the buyer can act on.
 */
export function parseGtin(input: string): GtinParseResult {
  const digits = input.replace(/[\s-]/g, '');
  if (digits === '') return { ok: false, message: 'Enter the barcode’s digits.' };
  if (!/^\d+$/.test(digits)) return { ok: false, message: 'A barcode has only digits: check what was typed.' };
  if (!(GTIN_LENGTHS as readonly number[]).includes(digits.length)) {
    return {
      ok: false,
      message: `A barcode has 12, 13 or 14 digits (UPC, EAN or case code); ${digits} has ${digits.length}.`,
    };
  }
  const expected = computeGtinCheckDigit(digits.slice(0, -1));
  if (expected !== Number(digits.at(-1))) {
    return {
      ok: false,
      message: `The barcode ${digits} does not check out: its last digit should be ${expected}. Check the digits, or scan it again.`,
    };
  }
  const gtin14 = digits.padStart(14, '0');
  return {
    ok: true,
    gtin: {
      digits,
      length: digits.length as GtinLength,
      gtin14,
      lookupKey: gtin14.slice(1, 13),
      indicator: Number(gtin14[0]),
    },
  };
}

/** The unit's GTIN inside a case GTIN-14: a GTIN-12 when its first digit is 0, else a GTIN-13. */
export function toUnitGtin(caseGtin14: string): string {
  const unit13Body = caseGtin14.slice(1, 13);
  const unit13 = unit13Body + String(computeGtinCheckDigit(unit13Body));
  return unit13.startsWith('0') ? unit13.slice(1) : unit13;
}

/** The case GTIN-14 of a unit's GTIN-12/13 at a packaging level (indicator 1–9). */
export function toCaseGtin(unitGtin: string, indicator: number): string {
  const body = String(indicator) + unitGtin.padStart(13, '0').slice(0, 12);
  return body + String(computeGtinCheckDigit(body));
}

/** Whether two barcodes name the same item: the same number, or a case and the unit inside it. */
export function isSameGtinItem(a: Gtin, b: Gtin): boolean {
  return a.lookupKey === b.lookupKey;
}
