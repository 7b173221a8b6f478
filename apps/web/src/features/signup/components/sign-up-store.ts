import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  applyBusinessAddressDefaults,
  MAX_SIGN_UP_LOCATIONS,
  type SignUpContactForm,
  type SignUpLocationForm,
  type WizardDistributorEntry,
} from '@stockpot/domain';

export const EMPTY_LOCATION: SignUpLocationForm = {
  locationName: '',
  phoneNumber: '',
  locationAddress: '',
  city: '',
  state: '',
  zipcode: '',
  isSkipped: false,
};

const EMPTY_CONTACT: SignUpContactForm = {
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
  locations: Array.from({ length: MAX_SIGN_UP_LOCATIONS }, () => ({ ...EMPTY_LOCATION })),
};

interface SignUpWizardState {
  contact: SignUpContactForm;
  distributors: WizardDistributorEntry[];
  legal: { isAgreed: boolean; fullName: string };
  /** The furthest step reached (doc 3 §4): the URL may never go beyond it. */
  furthestStep: number;
}

/** The sessionStorage key of the wizard's answers. */
export const SIGN_UP_STORAGE_KEY = 'signUpWizard';

/**
 * The wizard's answers while it is open, kept for the browser tab (sessionStorage) so a reload
 * keeps what was typed (issue 34); cleared after a successful sign-up. The passwords stay in
 * memory only, and the card never enters this store (the payment step keeps it to itself).
 */
export const useSignUpWizard = create<SignUpWizardState>()(
  persist(
    (): SignUpWizardState => ({
      contact: EMPTY_CONTACT,
      distributors: [],
      legal: { isAgreed: false, fullName: '' },
      furthestStep: 1,
    }),
    {
      name: SIGN_UP_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => {
        const { password: _password, confirmPassword: _confirmPassword, ...contact } = state.contact;
        return { ...state, contact };
      },
      // A stored contact lacks the passwords: they come back empty, as everything not stored.
      merge: (stored, current): SignUpWizardState => {
        const saved = (stored ?? {}) as Partial<SignUpWizardState>;
        return { ...current, ...saved, contact: { ...current.contact, ...saved.contact } };
      },
    },
  ),
);

/** With one location, its address follows the business's as it is typed (issue 31: typed once). */
export function updateContact(patch: Partial<SignUpContactForm>): void {
  useSignUpWizard.setState((s) => ({ contact: applyBusinessAddressDefaults(s.contact, { ...s.contact, ...patch }) }));
}

export function updateLocation(index: number, patch: Partial<SignUpLocationForm>): void {
  useSignUpWizard.setState((s) => ({
    contact: { ...s.contact, locations: s.contact.locations.map((l, i) => (i === index ? { ...l, ...patch } : l)) },
  }));
}

export function reachStep(step: number): void {
  useSignUpWizard.setState((s) => ({ furthestStep: Math.max(s.furthestStep, step) }));
}

export function setDistributors(distributors: WizardDistributorEntry[]): void {
  useSignUpWizard.setState({ distributors });
}

export function updateLegal(patch: Partial<SignUpWizardState['legal']>): void {
  useSignUpWizard.setState((s) => ({ legal: { ...s.legal, ...patch } }));
}

export function resetSignUpWizard(): void {
  useSignUpWizard.setState({
    contact: EMPTY_CONTACT,
    distributors: [],
    legal: { isAgreed: false, fullName: '' },
    furthestStep: 1,
  });
}
