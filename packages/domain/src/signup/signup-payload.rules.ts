/** The sign-up payload POST sign-up receives (doc 3 §3): its rules and its making from the wizard's state. */
import type { OrderingTerms } from '../distributors/ordering-terms.rules';
import { getSignUpDistributorKey, validateSignUpDistributorExtras } from './signup-distributors.rules';
import {
  MAX_SIGN_UP_LOCATIONS,
  SIGN_UP_COMPANY_ID,
  validateSignUpContact,
  validateSignUpDistributor,
  type SignUpContactForm,
  type SignUpLocationForm,
  type WizardDistributorEntry,
} from './signup.rules';
import { US_STATE_CODES } from './us-states.rules';

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
