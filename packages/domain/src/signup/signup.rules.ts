import { emailSchema } from '../auth/auth.schema';
import type { OrderingTerms } from '../distributors/ordering-terms.rules';

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

/** The one-time sign-up fee the page advertises ($149), in cents; authorised on the card at Done. */
export const SIGN_UP_SETUP_FEE_CENTS = 14_900;
export const SIGN_UP_PRICE_TEXT = '$149 one-time and $99 per month';
export const EMAIL_TAKEN_TEXT = 'An account with this email already exists. Sign in, or reset your password.';

/** The label stored as the user's title (so the 'owner' check of doc 2 reads it). */
export function getSignUpTitleLabel(title: number | null): string {
  return SIGN_UP_TITLES.find((t) => t.value === title)?.label ?? '';
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
