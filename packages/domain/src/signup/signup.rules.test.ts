import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatPhoneNumber,
  maskZipcode,
  resolveSignUpStep,
  validateSignUpContact,
  validateSignUpDistributor,
  validateSignUpLegal,
  type SignUpContactForm,
  type SignUpLocationForm,
} from './signup.rules';

const location = (overrides: Partial<SignUpLocationForm> = {}): SignUpLocationForm => ({
  locationName: 'Harbor Grill',
  phoneNumber: '(617) 555-0142',
  locationAddress: '140 Atlantic Avenue',
  city: 'Boston',
  state: 'MA',
  zipcode: '02110',
  isSkipped: false,
  ...overrides,
});

const valid: SignUpContactForm = {
  firstName: 'Maria',
  lastName: 'Lopez',
  title: 0,
  businessName: 'Harbor Group',
  locationAddress: '140 Atlantic Avenue',
  city: 'Boston',
  state: 'MA',
  zipcode: '02110',
  phoneNumber: '(617) 555-0100',
  email: 'maria@harbor.test',
  confirmEmail: 'maria@harbor.test',
  password: 'secret1',
  confirmPassword: 'secret1',
  locationCount: 1,
  locations: [location()],
};

describe('sign-up step 1 (doc 3 §5)', () => {
  it('passes a complete form', () => {
    expect(validateSignUpContact(valid)).toEqual([]);
  });

  it('lists every contact rule as one flat list, in field order', () => {
    const errors = validateSignUpContact({
      ...valid,
      firstName: 'Al',
      lastName: '',
      title: null,
      businessName: 'AB',
      locationAddress: 'A',
      city: 'B',
      state: '',
      zipcode: '0211',
      phoneNumber: '',
      email: 'maria@',
      confirmEmail: 'x',
      password: 'abc',
      confirmPassword: 'abd',
    });
    expect(errors).toEqual([
      'First name is too short (minimum is 3 characters)',
      'Last name is required',
      'Title is required',
      'Business name is too short (minimum is 3 characters)',
      'Location address is too short (minimum is 3 characters)',
      'City is too short (minimum is 2 characters)',
      'State is required',
      'Zipcode is too short (minimum is 5 digits)',
      'Phone number is required',
      'Email is not a valid email',
      'Confirm email does not match email',
      'Password is too short (minimum is 6 characters)',
      'Confirm password does not match password',
    ]);
  });

  it('suffixes location errors with the location name, and skips skipped locations', () => {
    const errors = validateSignUpContact({
      ...valid,
      locationCount: 3,
      locations: [
        location(),
        location({ locationName: 'Harbor Express', zipcode: 'abcde', city: '' }),
        location({ locationName: '', isSkipped: true }),
      ],
    });
    expect(errors).toEqual(['City is required for Harbor Express', 'Zipcode is not a number for Harbor Express']);
  });

  it('needs at least one active location', () => {
    const errors = validateSignUpContact({ ...valid, locations: [location({ isSkipped: true })] });
    expect(errors).toContain('Locations needs at least 1 active');
  });

  it('names an unnamed location by its number', () => {
    const errors = validateSignUpContact({ ...valid, locationCount: 2, locations: [location(), location({ locationName: '' })] });
    expect(errors).toEqual(['Location name is required for location 2']);
  });
});

describe('sign-up step 2 and 3', () => {
  const rep = { fullName: 'Dana Rep', phoneNumber: '', email: 'dana@sysco.test' };
  it('needs a distributor, a location and each chosen location’s rep', () => {
    expect(validateSignUpDistributor({ distributor: null, locations: [] })).toEqual([
      'Distributor name is required',
      'Select at least one location',
    ]);
    expect(
      validateSignUpDistributor({
        distributor: { id: 1, nickname: 'Sysco' },
        locations: [
          { isChecked: true, locationName: 'Harbor Grill', dcn: '', rep: { ...rep, email: 'x', fullName: 'Do' } },
          { isChecked: false, locationName: 'Express', dcn: '', rep: { ...rep, email: '' } },
        ],
      }),
    ).toEqual([
      'Distributor Sales Rep Email is not a valid email for Harbor Grill',
      'Distributor Sales Rep Full Name is too short (minimum is 3 characters) for Harbor Grill',
    ]);
  });
  it("says 'Required field missing' without agreement or name", () => {
    expect(validateSignUpLegal({ isAgreed: false, fullName: 'Maria Lopez' })).toBe('Required field missing');
    expect(validateSignUpLegal({ isAgreed: true, fullName: '  ' })).toBe('Required field missing');
    expect(validateSignUpLegal({ isAgreed: true, fullName: 'Maria Lopez' })).toBeNull();
  });
});

describe('masks and steps', () => {
  it('masks phone numbers as (123) 123-1234 and zipcodes to 5 digits', () => {
    expect(formatPhoneNumber('6175550142')).toBe('(617) 555-0142');
    expect(formatPhoneNumber('617-555')).toBe('(617) 555');
    expect(maskZipcode('02a1109')).toBe('02110');
    fc.assert(fc.property(fc.string(), (s) => /^(\(\d{0,3}(\) \d{0,3}(-\d{0,4})?)?)?$/.test(formatPhoneNumber(s))));
  });
  it('never goes beyond the furthest step reached', () => {
    expect(resolveSignUpStep('4', 2)).toBe(2);
    expect(resolveSignUpStep('2', 3)).toBe(2);
    expect(resolveSignUpStep('x', 3)).toBe(1);
    expect(resolveSignUpStep('9', 9)).toBe(4);
  });
});
