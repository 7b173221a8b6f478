import { describe, expect, it } from 'vitest';
import {
  deleteWizardDistributor,
  getChoosableDistributors,
  getSignUpTitleLabel,
  saveWizardDistributor,
  type SignUpContactForm,
  type WizardDistributorEntry,
} from './signup.rules';
import { buildSignUpPayload, validateSignUpPayload, type SignUpPayloadInput } from './signup-payload.rules';
import { signUpRequestSchema } from './signup.schema';

const payload = (overrides: Partial<SignUpPayloadInput> = {}): SignUpPayloadInput => ({
  companyId: '1',
  firstName: 'Maria',
  lastName: 'Lopez',
  title: 0,
  businessName: 'Harbor Group',
  businessAddress: '140 Atlantic Avenue',
  businessCity: 'Boston',
  businessState: 'MA',
  businessPostcode: '02110',
  phoneNumber: '(617) 555-0100',
  email: 'maria@harbor.test',
  password: 'secret1',
  passwordRepeat: 'secret1',
  totalReportingLocations: 2,
  locations: [
    {
      nickname: 'Harbor Grill',
      phoneNumber: '(617) 555-0142',
      address: '140 Atlantic Avenue',
      city: 'Boston',
      state: 'MA',
      zipcode: '02110',
      distributors: [{ id: 1, nickname: 'Sysco', dcn: '1001', email: 'dana@sysco.test', phoneNumber: '', name: 'Dana Rep' }],
    },
    {
      nickname: 'Harbor Express',
      phoneNumber: '(617) 555-0143',
      address: '12 Seaport Blvd',
      city: 'Boston',
      state: 'MA',
      zipcode: '02210',
      distributors: [],
    },
  ],
  ...overrides,
});

describe('the submitted sign-up payload (doc 3 §3, §5)', () => {
  it('passes a complete payload', () => {
    expect(validateSignUpPayload(payload())).toEqual([]);
  });

  it('lists step 1 and step 2 rules as one flat list, location errors suffixed with the location name', () => {
    const [grill, express] = payload().locations;
    const errors = validateSignUpPayload(
      payload({
        firstName: 'Al',
        businessState: 'XX',
        passwordRepeat: 'other1',
        locations: [
          { ...grill, distributors: [{ ...grill.distributors[0], email: 'not-mail', name: '' }] },
          { ...express, zipcode: '022', state: 'ZZ' },
        ],
      }),
    );
    expect(errors).toEqual([
      'First name is too short (minimum is 3 characters)',
      'Confirm password does not match password',
      'Zipcode is too short (minimum is 5 digits) for Harbor Express',
      'State is not a state abbreviation',
      'Distributor Sales Rep Email is not a valid email for Harbor Grill',
      'Distributor Sales Rep Full Name is required for Harbor Grill',
      'State is not a state abbreviation for Harbor Express',
    ]);
  });

  it('needs at least one location, no more than chosen, unique names and distributors', () => {
    expect(validateSignUpPayload(payload({ locations: [] }))).toEqual(['Locations needs at least 1 active']);
    expect(validateSignUpPayload(payload({ totalReportingLocations: 1 }))).toEqual([
      'Locations are more than the 1 chosen in How Many Locations?',
    ]);
    const [grill] = payload().locations;
    expect(
      validateSignUpPayload(
        payload({ locations: [{ ...grill, distributors: [grill.distributors[0], grill.distributors[0]] }, { ...grill }] }),
      ),
    ).toEqual(['Distributor Sysco is added twice for Harbor Grill', 'Location name is used twice for Harbor Grill']);
  });

  it('stores the title as its label', () => {
    expect(getSignUpTitleLabel(0)).toBe('Owner');
    expect(getSignUpTitleLabel(3)).toBe('General Manager');
    expect(getSignUpTitleLabel(null)).toBe('');
  });

  it('bounds the shape: at most 10 locations, a token, a title code 0 to 3', () => {
    const base = { ...payload(), paymentMethod: { token: 'tok', cardId: 'card' } };
    expect(signUpRequestSchema.safeParse(base).success).toBe(true);
    expect(signUpRequestSchema.safeParse({ ...base, title: 4 }).success).toBe(false);
    expect(signUpRequestSchema.safeParse({ ...base, paymentMethod: { token: '' } }).success).toBe(false);
    expect(signUpRequestSchema.safeParse({ ...base, locations: Array(11).fill(base.locations[1]) }).success).toBe(false);
    expect(signUpRequestSchema.safeParse({ ...base, businessPostcode: '021100' }).success).toBe(false);
  });
});

describe('the wizard distributor list (doc 3 §4)', () => {
  const entry = (id: number, nickname: string): WizardDistributorEntry => ({
    distributor: { id, nickname },
    locations: [
      {
        isChecked: true,
        locationName: 'Harbor Grill',
        dcn: '',
        rep: { fullName: 'Dana Rep', phoneNumber: '', email: 'd@x.test' },
      },
    ],
  });

  it('appends on add, replaces on edit, removes by position on delete', () => {
    let list = saveWizardDistributor([], entry(1, 'Sysco'), null);
    list = saveWizardDistributor(list, entry(2, 'US Foods'), null);
    expect(list.map((e) => e.distributor.nickname)).toEqual(['Sysco', 'US Foods']);
    list = saveWizardDistributor(list, entry(3, 'Baldor'), 0);
    expect(list.map((e) => e.distributor.nickname)).toEqual(['Baldor', 'US Foods']);
    expect(deleteWizardDistributor(list, 1).map((e) => e.distributor.nickname)).toEqual(['Baldor']);
  });

  it('excludes distributors already added, except the one being edited', () => {
    const results = [
      { id: 1, nickname: 'Sysco' },
      { id: 2, nickname: 'US Foods' },
      { id: 3, nickname: 'Baldor' },
    ];
    const list = [entry(1, 'Sysco'), entry(2, 'US Foods')];
    expect(getChoosableDistributors(results, list, null).map((r) => r.id)).toEqual([3]);
    expect(getChoosableDistributors(results, list, 1).map((r) => r.id)).toEqual([2, 3]);
  });

  it('builds the payload from the active locations with their checked distributors', () => {
    const location = {
      locationName: 'Harbor Grill',
      phoneNumber: '(617) 555-0142',
      locationAddress: '140 Atlantic Ave',
      city: 'Boston',
      state: 'MA',
      zipcode: '02110',
      isSkipped: false,
    };
    const form: SignUpContactForm = {
      firstName: ' Maria ',
      lastName: 'Lopez',
      title: 1,
      businessName: 'Harbor Group',
      locationAddress: '140 Atlantic Ave',
      city: 'Boston',
      state: 'MA',
      zipcode: '02110',
      phoneNumber: '(617) 555-0100',
      email: 'maria@harbor.test',
      confirmEmail: 'maria@harbor.test',
      password: 'secret1',
      confirmPassword: 'secret1',
      locationCount: 3,
      locations: [
        location,
        { ...location, locationName: 'Skipped', isSkipped: true },
        { ...location, locationName: 'Harbor Express' },
      ],
    };
    const sysco: WizardDistributorEntry = {
      distributor: { id: 1, nickname: 'Sysco' },
      locations: [
        { isChecked: false, locationName: 'Harbor Grill', dcn: '', rep: { fullName: '', phoneNumber: '', email: '' } },
        {
          isChecked: true,
          locationName: 'Skipped',
          dcn: '',
          rep: { fullName: 'Skipped Rep', phoneNumber: '', email: 's@x.test' },
        },
        {
          isChecked: true,
          locationName: 'Harbor Express',
          dcn: ' 77 ',
          rep: { fullName: 'Dana Rep', phoneNumber: '', email: 'dana@sysco.test' },
        },
      ],
    };
    const built = buildSignUpPayload(form, [sysco], { token: 'tok', cardId: 'card' });
    expect(built.firstName).toBe('Maria');
    expect(built.companyId).toBe('1');
    expect(built.totalReportingLocations).toBe(3);
    expect(built.locations.map((l) => l.nickname)).toEqual(['Harbor Grill', 'Harbor Express']);
    expect(built.locations[0].distributors).toEqual([]);
    expect(built.locations[1].distributors).toEqual([
      { id: 1, nickname: 'Sysco', dcn: '77', email: 'dana@sysco.test', phoneNumber: '', name: 'Dana Rep' },
    ]);
    expect(validateSignUpPayload(built)).toEqual([]);
  });
});
