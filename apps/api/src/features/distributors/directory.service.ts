import { and, eq } from 'drizzle-orm';
import { locationDistributors, type Database } from '@stockpot/db';
import {
  normaliseDistributorName,
  parseCents,
  validateNewDistributorName,
  validateOrderingTerms,
  type AddDistributorBody,
  type AddedDistributor,
  type DirectoryEntry,
  type OrderingTerms,
} from '@stockpot/domain';
import { toOrderingTermsColumns } from '../../platform/distributor-accounts';
import { badRequest, notFound } from '../../platform/errors';
import * as repo from './directory.repo';

const SEARCH_LIMIT = 50;

/** GET distributors/directory: the directory and the location's own added distributors matching the text. */
export async function searchDirectory(db: Database, locationId: number, search: string): Promise<DirectoryEntry[]> {
  const rows = await repo.searchVisibleDistributors(db, locationId, search.trim(), SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    nickname: r.nickname,
    website: r.website,
    orderGuideLayout: r.orderGuideLayout,
    isPrivate: r.isPrivate ? 1 : 0,
    isAdded: r.isAdded ? 1 : 0,
  }));
}

function checkTerms(terms: OrderingTerms): void {
  const problems = validateOrderingTerms(terms);
  if (problems.length > 0) {
    throw badRequest(
      problems[0],
      'invalid_ordering_terms',
      problems.map((message) => ({ field: 'orderingTerms', message })),
    );
  }
}

/**
 * POST distributors (issue 31): adds a distributor to the active location, by id (one it may see)
 * or by name; a name found in what it may see uses that entry, any other becomes a distributor
 * only this location's restaurant sees. The account starts with the terms given or the defaults.
 */
export async function addDistributor(db: Database, locationId: number, body: AddDistributorBody): Promise<AddedDistributor> {
  if (body.orderingTerms) checkTerms(body.orderingTerms);
  const name = normaliseDistributorName(body.nickname ?? '');
  if (body.id === undefined) {
    const problem = validateNewDistributorName(name)[0];
    if (problem) throw badRequest(problem, 'invalid_distributor');
  }
  return db.transaction(async (tx) => {
    const found = await repo.findVisibleDistributor(tx, locationId, body.id !== undefined ? { id: body.id } : { name });
    if (body.id !== undefined && !found) throw notFound('Distributor');
    if (found?.isAdded)
      throw badRequest(`${found.nickname} is already one of this location's distributors.`, 'invalid_distributor');
    const id = found?.id ?? (await repo.insertPrivateDistributor(tx, locationId, name));
    await tx.insert(locationDistributors).values({
      locationId,
      distributorId: id,
      customerNumber: body.dcn.trim(),
      ...toOrderingTermsColumns(body.orderingTerms),
    });
    return { id, nickname: found?.nickname ?? name, isPrivate: found && !found.isPrivate ? 0 : 1 };
  });
}

/** GET distributors/{id}/ordering-terms: the location's terms with the distributor; another's is a 404. */
export async function getOrderingTerms(db: Database, locationId: number, distributorId: number): Promise<OrderingTerms> {
  const row = await repo.selectOrderingTerms(db, locationId, distributorId);
  if (!row) throw notFound('Distributor');
  return {
    deliveryWeekdays: row.deliveryWeekdays,
    orderCutoffTime: row.orderCutoffTime,
    orderCutoffDaysBefore: row.orderCutoffDaysBefore,
    minOrderAmount: parseCents(row.minOrderAmount),
    isMinOrderAmountRequired: row.isMinOrderAmountRequired,
    deliveryFee: parseCents(row.deliveryFee),
  };
}

/** PUT distributors/{id}/ordering-terms: every rule checked (400 with all messages), then stored. */
export async function setOrderingTerms(
  db: Database,
  locationId: number,
  distributorId: number,
  terms: OrderingTerms,
): Promise<OrderingTerms> {
  checkTerms(terms);
  const updated = await db
    .update(locationDistributors)
    .set(toOrderingTermsColumns(terms))
    .where(and(eq(locationDistributors.locationId, locationId), eq(locationDistributors.distributorId, distributorId)))
    .returning({ id: locationDistributors.distributorId });
  if (updated.length === 0) throw notFound('Distributor');
  return getOrderingTerms(db, locationId, distributorId);
}
