import { emailSchema } from '../auth/auth.schema';
import type { OrderingTerms } from '../distributors/ordering-terms.rules';
import { getSignUpDistributorKey, validateSignUpDistributorExtras } from './signup-distributors.rules';

/** Sign-up constants (doc 3 §9). */
export const SIGN_UP_STEPS = 4;
export const MAX_SIGN_UP_LOCATIONS = 10;
export const SIGN_UP_COMPANY_ID = '1';
export const SIGN_UP_SUCCESS_TEXT = 'Singup Success';
export const SIGN_UP_FAILURE_HEADER = 'Failet';
export const REQUIRED_FIELD_MISSING_TEXT = 'Required field missing';
/** Title options and their codes (doc 3 §3 "Sign-up payload"). */
export const SIGN_UP_TITLES = [
  { value: 0, label: 'Owner' },
  { value: 1, label: 'Chef' },
  { value: 2, label: 'Jr. Chef' },
  { value: 3, label: 'General Manager' },
] as const;

export interface SignUpLocationForm {
  locationName: string;
  phoneNumber: string;
  locationAddress: string;
  city: string;
  state: string;
  zipcode: string;
  /** Marked with Skip on step 1 (doc 3 §2.11). */
  isSkipped: boolean;
}

export interface SignUpContactForm {
  firstName: string;
  lastName: string;
  title: number | null;
  businessName: string;
  locationAddress: string;
  city: string;
  state: string;
  zipcode: string;
  phoneNumber: string;
  email: string;
  confirmEmail: string;
  password: string;
  confirmPassword: string;
  /** 'How Many Locations?' 1 to 10. */
  locationCount: number;
  locations: SignUpLocationForm[];
}

const tooShort = (label: string, min: number) => `${label} is too short (minimum is ${min} characters)`;

function checkText(errors: string[], label: string, value: string, min: number, suffix = ''): void {
  const text = value.trim();
  if (!text) errors.push(`${label} is required${suffix}`);
  else if (text.length < min) errors.push(`${tooShort(label, min)}${suffix}`);
}

function checkZipcode(errors: string[], value: string, suffix = ''): void {
  const zip = value.trim();
  if (!zip) errors.push(`Zipcode is required${suffix}`);
  else if (!/^\d+$/.test(zip)) errors.push(`Zipcode is not a number${suffix}`);
  else if (zip.length < 5) errors.push(`Zipcode is too short (minimum is 5 digits)${suffix}`);
}

/** Keeps only the digits of a typed US phone number and shows them as (123) 123-1234 (doc 3 §2.11). */
export function formatPhoneNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Zipcode field: digits only, 5 characters at most (doc 3 §2.11). */
export function maskZipcode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 5);
}

/** The locations step 1 validates: the first `locationCount`, less the skipped ones. */
export function getActiveSignUpLocations(form: Pick<SignUpContactForm, 'locationCount' | 'locations'>): SignUpLocationForm[] {
  return form.locations.slice(0, form.locationCount).filter((l) => !l.isSkipped);
}

/** Step 1's own fields (contact and business), without the locations: the first page's part of the list. */
export function validateSignUpContactFields(form: Omit<SignUpContactForm, 'locationCount' | 'locations'>): string[] {
  const errors: string[] = [];
  checkText(errors, 'First name', form.firstName, 3);
  checkText(errors, 'Last name', form.lastName, 3);
  if (form.title === null) errors.push('Title is required');
  checkText(errors, 'Business name', form.businessName, 3);
  checkText(errors, 'Location address', form.locationAddress, 3);
  checkText(errors, 'City', form.city, 2);
  if (!form.state.trim()) errors.push('State is required');
  checkZipcode(errors, form.zipcode);
  if (!form.phoneNumber.trim()) errors.push('Phone number is required');
  if (!form.email.trim()) errors.push('Email is required');
  else if (!emailSchema.safeParse(form.email).success) errors.push('Email is not a valid email');
  if (form.confirmEmail.trim().toLowerCase() !== form.email.trim().toLowerCase())
    errors.push('Confirm email does not match email');
  if (!form.password) errors.push('Password is required');
  else if (form.password.length < 6) errors.push(tooShort('Password', 6));
  if (form.confirmPassword !== form.password) errors.push('Confirm password does not match password');
  return errors;
}

/** One location's rules, each message ending with 'for' and its name (or its number while it has none). */
export function validateSignUpLocation(location: SignUpLocationForm, index: number): string[] {
  const errors: string[] = [];
  if (location.isSkipped) return errors;
  const suffix = ` for ${location.locationName.trim() || `location ${index + 1}`}`;
  checkText(errors, 'Location name', location.locationName, 3, suffix);
  if (!location.phoneNumber.trim()) errors.push(`Phone number is required${suffix}`);
  checkText(errors, 'Location address', location.locationAddress, 3, suffix);
  checkText(errors, 'City', location.city, 2, suffix);
  if (!location.state.trim()) errors.push(`State is required${suffix}`);
  checkZipcode(errors, location.zipcode, suffix);
  return errors;
}

/**
 * Sign-up step 1 rules (doc 3 §5): one flat list of messages, the first shown under the buttons.
 * Location errors end with 'for' and the location's name (or its number while it has none).
 */
export function validateSignUpContact(form: SignUpContactForm): string[] {
  const errors = validateSignUpContactFields(form);
  const active = getActiveSignUpLocations(form);
  if (active.length === 0) errors.push('Locations needs at least 1 active');
  form.locations.slice(0, form.locationCount).forEach((location, index) => {
    errors.push(...validateSignUpLocation(location, index));
  });
  return errors;
}

export interface SignUpDistributorLocation {
  isChecked: boolean;
  locationName: string;
  dcn: string;
  rep: { fullName: string; phoneNumber: string; email: string };
}

/** Sign-up step 2 rules (doc 3 §5): a distributor, at least one location, and each chosen location's rep. */
export function validateSignUpDistributor(entry: {
  distributor: { id: number; nickname: string } | null;
  locations: SignUpDistributorLocation[];
}): string[] {
  const errors: string[] = [];
  if (!entry.distributor) errors.push('Distributor name is required');
  const chosen = entry.locations.filter((l) => l.isChecked);
  if (chosen.length === 0) errors.push('Select at least one location');
  for (const location of chosen) {
    const suffix = ` for ${location.locationName}`;
    const email = location.rep.email.trim();
    if (!email) errors.push(`Distributor Sales Rep Email is required${suffix}`);
    else if (!emailSchema.safeParse(email).success) errors.push(`Distributor Sales Rep Email is not a valid email${suffix}`);
    checkText(errors, 'Distributor Sales Rep Full Name', location.rep.fullName, 3, suffix);
  }
  return errors;
}

/** Sign-up step 3 (doc 3 §5): the agreement ticked and a full name, otherwise 'Required field missing'. */
export function validateSignUpLegal(values: { isAgreed: boolean; fullName: string }): string | null {
  return values.isAgreed && values.fullName.trim() ? null : REQUIRED_FIELD_MISSING_TEXT;
}

/**
 * The wizard's step a URL may show (doc 3 §4 "Sign-up wizard"): never beyond the furthest step
 * reached, so browser forward cannot skip validation.
 */
export function resolveSignUpStep(requested: string | undefined, furthestReached: number): number {
  const step = Number(requested);
  if (!Number.isInteger(step) || step < 1) return 1;
  return Math.min(step, Math.max(1, Math.min(furthestReached, SIGN_UP_STEPS)));
}

/** The state dropdowns (doc 3 §2.11): US states, DC and territories, by abbreviation. */
export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['VI', 'U.S. Virgin Islands'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  ['GU', 'Guam'],
] as const satisfies readonly (readonly [string, string])[];
export const US_STATE_CODES: readonly string[] = US_STATES.map(([code]) => code);

/** The one-time sign-up fee the page advertises ($149), in cents; authorised on the card at Done. */
export const SIGN_UP_SETUP_FEE_CENTS = 14_900;
export const SIGN_UP_PRICE_TEXT = '$149 one-time and $99 per month';
export const EMAIL_TAKEN_TEXT = 'An account with this email already exists. Sign in, or reset your password.';

/** The label stored as the user's title (so the 'owner' check of doc 2 reads it). */
export function getSignUpTitleLabel(title: number | null): string {
  return SIGN_UP_TITLES.find((t) => t.value === title)?.label ?? '';
}

/** The payload's fields, as POST sign-up receives them (doc 3 §3 "Sign-up payload"). */
export interface SignUpPayloadInput {
  companyId: string;
  firstName: string;
  lastName: string;
  title: number | null;
  businessName: string;
  businessAddress: string;
  businessCity: string;
  businessState: string;
  businessPostcode: string;
  phoneNumber: string;
  email: string;
  password: string;
  passwordRepeat: string;
  totalReportingLocations: number;
  locations: {
    nickname: string;
    phoneNumber: string;
    address: string;
    city: string;
    state: string;
    zipcode: string;
    distributors: {
      id: number;
      nickname: string;
      dcn: string;
      email: string;
      phoneNumber: string;
      name: string;
      orderingTerms?: OrderingTerms;
    }[];
  }[];
}

function checkState(errors: string[], value: string, suffix = ''): void {
  if (value.trim() && !US_STATE_CODES.includes(value.trim().toUpperCase())) {
    errors.push(`State is not a state abbreviation${suffix}`);
  }
}

/**
 * Every rule of doc 3 §5 on the submitted payload, as one flat list in the wizard's words (step 1,
 * then each location's distributors as step 2 saw them). The API answers the first one; an empty
 * list means the payload may be written.
 */
export function validateSignUpPayload(payload: SignUpPayloadInput): string[] {
  const locations: SignUpLocationForm[] = payload.locations.map((l) => ({
    locationName: l.nickname,
    phoneNumber: l.phoneNumber,
    locationAddress: l.address,
    city: l.city,
    state: l.state,
    zipcode: l.zipcode,
    isSkipped: false,
  }));
  const errors = validateSignUpContact({
    firstName: payload.firstName,
    lastName: payload.lastName,
    title: payload.title,
    businessName: payload.businessName,
    locationAddress: payload.businessAddress,
    city: payload.businessCity,
    state: payload.businessState,
    zipcode: payload.businessPostcode,
    phoneNumber: payload.phoneNumber,
    email: payload.email,
    confirmEmail: payload.email,
    password: payload.password,
    confirmPassword: payload.passwordRepeat,
    locationCount: locations.length,
    locations,
  });
  checkState(errors, payload.businessState);
  if (payload.locations.length > payload.totalReportingLocations) {
    errors.push(`Locations are more than the ${payload.totalReportingLocations} chosen in How Many Locations?`);
  }
  if (payload.locations.length > MAX_SIGN_UP_LOCATIONS) errors.push(`Locations are at most ${MAX_SIGN_UP_LOCATIONS}`);
  const names = new Set<string>();
  payload.locations.forEach((location, index) => {
    const name = location.nickname.trim() || `location ${index + 1}`;
    const suffix = ` for ${name}`;
    checkState(errors, location.state, suffix);
    const key = location.nickname.trim().toLowerCase();
    if (key && names.has(key)) errors.push(`Location name is used twice${suffix}`);
    names.add(key);
    const seen = new Set<string>();
    for (const d of location.distributors) {
      const distributorKey = getSignUpDistributorKey(d);
      if (seen.has(distributorKey)) errors.push(`Distributor ${d.nickname || d.id} is added twice${suffix}`);
      seen.add(distributorKey);
      errors.push(...validateSignUpDistributorExtras(d, suffix));
      errors.push(
        ...validateSignUpDistributor({
          distributor: { id: d.id, nickname: d.nickname },
          locations: [
            {
              isChecked: true,
              locationName: name,
              dcn: d.dcn,
              rep: { fullName: d.name, phoneNumber: d.phoneNumber, email: d.email },
            },
          ],
        }),
      );
    }
  });
  return errors;
}

/** A distributor as the wizard's step 2 holds it (doc 3 §3 "Wizard distributor entry"). */
export interface WizardDistributorEntry {
  distributor: { id: number; nickname: string };
  /** By step 1's location index (skipped and uncounted locations stay unchecked), so skipping one later shifts nothing. */
  locations: SignUpDistributorLocation[];
  /** Issue 31: the terms every checked location starts with (the API's defaults when absent). */
  orderingTerms?: OrderingTerms;
}

/** Step 2's list edits (doc 3 §4): adding appends, editing replaces, deleting removes by position. */
export function saveWizardDistributor(
  entries: readonly WizardDistributorEntry[],
  entry: WizardDistributorEntry,
  editIndex: number | null,
): WizardDistributorEntry[] {
  if (editIndex === null || editIndex < 0 || editIndex >= entries.length) return [...entries, entry];
  return entries.map((e, i) => (i === editIndex ? entry : e));
}

export function deleteWizardDistributor(entries: readonly WizardDistributorEntry[], index: number): WizardDistributorEntry[] {
  return entries.filter((_, i) => i !== index);
}

/** Distributor search results less the ones already added (the one being edited stays choosable). */
export function getChoosableDistributors<T extends { id: number }>(
  results: readonly T[],
  entries: readonly WizardDistributorEntry[],
  editIndex: number | null,
): T[] {
  const taken = new Set(entries.filter((_, i) => i !== editIndex).map((e) => e.distributor.id));
  return results.filter((r) => !taken.has(r.id));
}

/** The wizard's state turned into the payload (doc 3 §3): active locations only, each with the distributors checked for it. */
export function buildSignUpPayload(
  form: SignUpContactForm,
  distributors: readonly WizardDistributorEntry[],
  paymentMethod: { token: string; cardId: string },
): SignUpPayloadInput & { paymentMethod: { token: string; cardId: string } } {
  const all = form.locations.slice(0, form.locationCount);
  const active = all.map((l, index) => ({ l, index })).filter(({ l }) => !l.isSkipped);
  return {
    paymentMethod,
    companyId: SIGN_UP_COMPANY_ID,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    title: form.title,
    businessName: form.businessName.trim(),
    businessAddress: form.locationAddress.trim(),
    businessCity: form.city.trim(),
    businessState: form.state,
    businessPostcode: form.zipcode.trim(),
    phoneNumber: form.phoneNumber,
    email: form.email.trim(),
    password: form.password,
    passwordRepeat: form.confirmPassword,
    totalReportingLocations: form.locationCount,
    locations: active.map(({ l, index }) => ({
      nickname: l.locationName.trim(),
      phoneNumber: l.phoneNumber,
      address: l.locationAddress.trim(),
      city: l.city.trim(),
      state: l.state,
      zipcode: l.zipcode.trim(),
      distributors: distributors.flatMap((entry) => {
        const at = entry.locations[index];
        if (!at?.isChecked) return [];
        return [
          {
            id: entry.distributor.id,
            nickname: entry.distributor.nickname,
            dcn: at.dcn.trim(),
            email: at.rep.email.trim(),
            phoneNumber: at.rep.phoneNumber,
            name: at.rep.fullName.trim(),
            ...(entry.orderingTerms ? { orderingTerms: entry.orderingTerms } : {}),
          },
        ];
      }),
    })),
  };
}
