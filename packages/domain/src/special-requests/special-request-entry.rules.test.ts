import { describe, expect, it } from 'vitest';
import { DEFAULT_SPECIAL_REQUEST_FORM, getSpecialRequestFailureText, toSpecialRequestEntry } from './special-request-entry.rules';

describe('special request entry', () => {
  it('is null until the form is valid', () => {
    expect(toSpecialRequestEntry(DEFAULT_SPECIAL_REQUEST_FORM)).toBeNull();
  });

  it('carries the special item of a valid form', () => {
    expect(
      toSpecialRequestEntry({ distributorId: 531, unit: 'case', quantity: ' 2 ', description: '  Saffron threads ' }),
    ).toEqual({
      quantity: 2,
      specialItem: { distributorId: 531, din: '', packSize: '', uom: 'case', description: 'Saffron threads' },
    });
  });
});

describe('special request failure', () => {
  it("shows the server's message for a 400, else the generic text", () => {
    expect(getSpecialRequestFailureText(400, 'Distributor is required.')).toBe('Distributor is required.');
    expect(getSpecialRequestFailureText(500, 'boom')).toBe('Something went wrong while processing the information.');
    expect(getSpecialRequestFailureText(0, undefined)).toBe('Something went wrong while processing the information.');
  });
});
