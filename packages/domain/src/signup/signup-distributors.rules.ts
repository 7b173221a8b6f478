import { validateOrderingTerms, type OrderingTerms } from '../distributors/ordering-terms.rules';

/**
 * A distributor the wizard adds by name because the directory has no match ("Add '{typed name}'",
 * issue 31) travels with this id; the API creates it for the signing-up restaurant only.
 */
export const NEW_DISTRIBUTOR_ID = 0;
export const DISTRIBUTOR_NAME_LIMITS = { min: 2, max: 100 } as const;

/** The name as it is stored: trimmed, inner runs of spaces made one. */
export function normaliseDistributorName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** One key per distributor of a sign-up: its id, or its name (case-insensitive) when it is new. */
export function getSignUpDistributorKey(distributor: { id: number; nickname: string }): string {
  return distributor.id === NEW_DISTRIBUTOR_ID
    ? `new:${normaliseDistributorName(distributor.nickname).toLowerCase()}`
    : `id:${distributor.id}`;
}

/** "Add '{typed name}'": the option offered when the search finds nothing with that exact name. */
export function getAddDistributorLabel(typed: string): string {
  return `Add '${normaliseDistributorName(typed)}'`;
}

/** The rules of a distributor added by name (empty: fine). */
export function validateNewDistributorName(name: string): string[] {
  const length = normaliseDistributorName(name).length;
  if (length === 0) return ['Distributor name is required'];
  if (length < DISTRIBUTOR_NAME_LIMITS.min || length > DISTRIBUTOR_NAME_LIMITS.max) {
    return [`Distributor name must be ${DISTRIBUTOR_NAME_LIMITS.min} to ${DISTRIBUTOR_NAME_LIMITS.max} characters`];
  }
  return [];
}

/** A sign-up distributor's own checks beyond doc 3 §5: its name when new, its ordering terms when given. */
export function validateSignUpDistributorExtras(
  distributor: { id: number; nickname: string; orderingTerms?: OrderingTerms },
  suffix: string,
): string[] {
  const errors = distributor.id === NEW_DISTRIBUTOR_ID ? validateNewDistributorName(distributor.nickname) : [];
  if (distributor.orderingTerms) errors.push(...validateOrderingTerms(distributor.orderingTerms));
  return errors.map((message) => `${message}${suffix}`);
}
