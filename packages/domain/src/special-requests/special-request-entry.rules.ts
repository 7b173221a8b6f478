import type { SpecialRequestForm, SpecialRequestUnit } from './special-request.rules';
import { SPECIAL_REQUEST_FAILED, validateSpecialRequest } from './special-request.rules';

export const DEFAULT_SPECIAL_REQUEST_FORM: SpecialRequestForm = {
  distributorId: null,
  unit: '',
  quantity: '1',
  description: '',
};

export interface SpecialRequestEntry {
  quantity: number;
  specialItem: { distributorId: number; din: string; packSize: string; uom: SpecialRequestUnit; description: string };
}

/** The POST shopping-carts entry of a valid special request (doc 1 §4 "Special request flow", §7); null while the form is invalid. */
export function toSpecialRequestEntry(form: SpecialRequestForm): SpecialRequestEntry | null {
  if (Object.keys(validateSpecialRequest(form)).length > 0 || form.distributorId === null) return null;
  return {
    quantity: Number(form.quantity.trim()),
    specialItem: {
      distributorId: form.distributorId,
      din: '',
      packSize: '',
      // validateSpecialRequest has checked the unit is one of the list.
      uom: form.unit as SpecialRequestUnit,
      description: form.description.trim(),
    },
  };
}

/** The failure text of doc 1 §8: the server's message for a 400, else 'Something went wrong while processing the information.' */
export function getSpecialRequestFailureText(status: number, serverMessage: string | undefined): string {
  const message = serverMessage?.trim();
  return status === 400 && message ? message : SPECIAL_REQUEST_FAILED;
}
