/** The location's distributors in accounting and their payable terms (doc 3 §5). */
import type { Database } from '@stockpot/db';
import { notFound } from '../../platform/errors';
import { selectAccountingDistributors, updatePayableTerms } from './accounting.repo';

export async function listAccountingDistributors(db: Database, locationId: number, search = '') {
  const rows = await selectAccountingDistributors(db, locationId, search);
  return rows.map((row) => ({ id: row.id, nickname: row.nickname, payableTerms: row.payable_terms }));
}

/** doc 3 §5: payable terms (a non-zero number of days, checked by the schema) of one of the location's distributors. */
export async function setPayableTerms(db: Database, locationId: number, distributorId: number, terms: number) {
  const row = await updatePayableTerms(db, locationId, distributorId, terms);
  if (!row) throw notFound('Distributor');
  return { id: row.id, nickname: row.nickname, payableTerms: row.payable_terms };
}
