/** Units a special request may be ordered in (doc 1 §9 "Unit list for case units"). */
export const SPECIAL_REQUEST_UNITS = ['lb', 'pint', 'oz', 'bunch', 'each', 'case'] as const;
export type SpecialRequestUnit = (typeof SPECIAL_REQUEST_UNITS)[number];

export interface SpecialRequestForm {
  distributorId: number | null;
  unit: string;
  quantity: string;
  description: string;
}

export type SpecialRequestErrors = Partial<Record<keyof SpecialRequestForm, string>>;

/** Special request rules of doc 1 §5: distributor and unit required, quantity digits above 0, description 3+ characters. */
export function validateSpecialRequest(form: SpecialRequestForm): SpecialRequestErrors {
  const errors: SpecialRequestErrors = {};
  if (form.distributorId === null) errors.distributorId = 'Distributor is required.';
  if (!form.unit) errors.unit = 'Unit is required.';
  else if (!(SPECIAL_REQUEST_UNITS as readonly string[]).includes(form.unit)) errors.unit = 'Choose a unit from the list.';
  const quantity = form.quantity.trim();
  if (!quantity) errors.quantity = 'Quantity is required.';
  else if (!/^\d+$/.test(quantity)) errors.quantity = 'Quantity must be digits only.';
  else if (Number(quantity) <= 0) errors.quantity = 'Quantity must be greater than 0.';
  if (form.description.trim().length < 3) errors.description = 'Description must be at least 3 characters.';
  return errors;
}

export const SPECIAL_REQUEST_ADDED = 'Special Request Added!';
export const SPECIAL_REQUEST_FAILED = 'Something went wrong while processing the information.';
