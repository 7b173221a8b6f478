/**
 * Special requests (doc 1 §4 "Special request flow", §5): free-text lines for something not in the
 * catalogue, saved as cart lines through POST shopping-carts. The same rules as the form
 * (validateSpecialRequest), checked again here, plus one the form cannot know: the distributor must
 * be one the active location buys from.
 */
import type { Database } from '@stockpot/db';
import { validateSpecialRequest } from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import * as repo from './special-requests.repo';

export interface SpecialRequestInput {
  distributorId: number;
  uom: string;
  description: string;
}

export const NOT_YOUR_DISTRIBUTOR = 'Choose one of your distributors.';

/** Where each form field sits in a POST shopping-carts entry. */
const ENTRY_FIELDS: Record<string, string> = {
  distributorId: 'specialItem.distributorId',
  unit: 'specialItem.uom',
  quantity: 'quantity',
  description: 'specialItem.description',
};

/** A checker of the special requests of one save, reading the location's distributors once. */
export async function createSpecialRequestCheck(
  db: Database,
  locationId: number,
): Promise<(special: SpecialRequestInput, quantity: number) => void> {
  const distributorIds = new Set(await repo.selectLocationDistributorIds(db, locationId));
  return (special, quantity) => {
    const errors = validateSpecialRequest({
      distributorId: special.distributorId,
      unit: special.uom,
      quantity: String(quantity),
      description: special.description,
    });
    const fields = Object.entries(errors).map(([field, message]) => ({ field: ENTRY_FIELDS[field] ?? field, message: message! }));
    if (fields.length > 0) throw badRequest(fields[0].message, 'invalid_special_request', fields);
    // Another location's (or no) distributor is a foreign id: 404, as everywhere (issue 14).
    if (!distributorIds.has(special.distributorId)) throw notFound('Distributor');
  };
}
