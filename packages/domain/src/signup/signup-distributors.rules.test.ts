import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERING_TERMS, ORDERING_TERMS_TEXT } from '../distributors/ordering-terms.rules';
import {
  getAddDistributorLabel,
  getSignUpDistributorKey,
  NEW_DISTRIBUTOR_ID,
  validateNewDistributorName,
  validateSignUpDistributorExtras,
} from './signup-distributors.rules';

describe('distributors added by name at sign-up', () => {
  it('keys a new distributor by its name, case and spacing aside, and a directory one by id', () => {
    expect(getSignUpDistributorKey({ id: NEW_DISTRIBUTOR_ID, nickname: '  Hill   Country ' })).toBe('new:hill country');
    expect(getSignUpDistributorKey({ id: NEW_DISTRIBUTOR_ID, nickname: 'HILL COUNTRY' })).toBe('new:hill country');
    expect(getSignUpDistributorKey({ id: 10001, nickname: 'Sysco' })).toBe('id:10001');
  });

  it("labels the option Add '{typed name}'", () => {
    expect(getAddDistributorLabel(' Hill  Country ')).toBe("Add 'Hill Country'");
  });

  it('needs a name of 2 to 100 characters', () => {
    expect(validateNewDistributorName('  ')).toEqual(['Distributor name is required']);
    expect(validateNewDistributorName('X')).toEqual(['Distributor name must be 2 to 100 characters']);
    expect(validateNewDistributorName('x'.repeat(101))).toEqual(['Distributor name must be 2 to 100 characters']);
    expect(validateNewDistributorName('Hill Country Produce')).toEqual([]);
  });

  it('checks a new name and the ordering terms, suffixed with the location', () => {
    expect(validateSignUpDistributorExtras({ id: NEW_DISTRIBUTOR_ID, nickname: 'X' }, ' for Downtown')).toEqual([
      'Distributor name must be 2 to 100 characters for Downtown',
    ]);
    expect(
      validateSignUpDistributorExtras(
        { id: 10001, nickname: '', orderingTerms: { ...DEFAULT_ORDERING_TERMS, deliveryWeekdays: [] } },
        ' for Downtown',
      ),
    ).toEqual([`${ORDERING_TERMS_TEXT.noDeliveryDay} for Downtown`]);
  });
});
