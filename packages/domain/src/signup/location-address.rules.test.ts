import { describe, expect, it } from 'vitest';
import { applyBusinessAddressDefaults } from './location-address.rules';
import type { SignUpContactForm, SignUpLocationForm } from './signup.rules';

const emptyLocation: SignUpLocationForm = {
  locationName: '',
  phoneNumber: '',
  locationAddress: '',
  city: '',
  state: '',
  zipcode: '',
  isSkipped: false,
};

const blank: SignUpContactForm = {
  firstName: '',
  lastName: '',
  title: null,
  businessName: '',
  locationAddress: '',
  city: '',
  state: '',
  zipcode: '',
  phoneNumber: '',
  email: '',
  confirmEmail: '',
  password: '',
  confirmPassword: '',
  locationCount: 1,
  locations: [{ ...emptyLocation }, { ...emptyLocation }],
};

/** Applies each patch in turn, as the wizard does for each keystroke or choice. */
function type(start: SignUpContactForm, ...patches: Partial<SignUpContactForm>[]): SignUpContactForm {
  return patches.reduce<SignUpContactForm>((form, patch) => applyBusinessAddressDefaults(form, { ...form, ...patch }), start);
}

describe('applyBusinessAddressDefaults', () => {
  it('fills the one location with the business address as it is typed', () => {
    const form = type(
      blank,
      { locationAddress: '1' },
      { locationAddress: '12 Elm St' },
      { city: 'Dallas' },
      { state: 'TX' },
      { zipcode: '75001' },
    );
    expect(form.locations[0]).toMatchObject({ locationAddress: '12 Elm St', city: 'Dallas', state: 'TX', zipcode: '75001' });
    expect(form.locations[1]).toEqual(emptyLocation);
  });

  it('keeps a location field the buyer changed, and lets the others follow', () => {
    let form = type(blank, { locationAddress: '12 Elm St', city: 'Dallas' });
    form = { ...form, locations: [{ ...form.locations[0], locationAddress: '400 Main St' }, form.locations[1]] };
    form = type(form, { locationAddress: '12 Elm Street' }, { city: 'Plano' });
    expect(form.locations[0]).toMatchObject({ locationAddress: '400 Main St', city: 'Plano' });
  });

  it('copies nothing with more than one location', () => {
    const form = type({ ...blank, locationCount: 2 }, { locationAddress: '12 Elm St', state: 'TX' });
    expect(form.locations[0]).toEqual(emptyLocation);
  });

  it('answers the same form when nothing changes', () => {
    const form = type(blank, { city: 'Dallas' });
    expect(applyBusinessAddressDefaults(form, form)).toBe(form);
  });
});
