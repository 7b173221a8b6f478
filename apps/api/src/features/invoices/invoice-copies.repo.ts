import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { InvoiceCopyCandidate, InvoiceCopyMatch } from '@stockpot/domain';

/** SQL of one invoice, not two (issue 36, migration 0049); every statement is scoped to the location. */

/** The invoice number as normalizeInvoiceNumber compares it, in SQL (upper case, letters and digits, no leading zeros). */
const normalizedNumber = (column: ReturnType<typeof sql.raw>) =>
  sql`nullif(ltrim(regexp_replace(upper(${column}), '[^A-Z0-9]', '', 'g'), '0'), '')`;

/**
 * Serialises the linking of one distributor's copies at the location, so an electronic invoice and
 * its photo finishing at the same moment cannot each miss the other: whichever takes the lock second
 * sees what the first committed. A photo that came by e-mail has no distributor and may be a copy of
 * any of them, so it takes the location's lock exclusively (null), while every distributor's linking
 * holds that lock shared first: two distributors' imports never wait for each other, and an e-mailed
 * photo waits for (and is seen by) all of them. Always the location's lock first, then the
 * distributor's, so no two transactions wait for each other in a circle.
 */
export async function lockCopies(tx: Database, locationId: number, distributorId: number | null): Promise<void> {
  const locationKey = `invoice-copies:${locationId}:any`;
  if (distributorId === null) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${locationKey}, 0))`);
    return;
  }
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtextextended(${locationKey}, 0))`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`invoice-copies:${locationId}:${distributorId}`}, 0))`);
}

/** Read photos of the distributor's orders, and e-mailed ones (no order), still waiting for their electronic invoice. */
export async function selectWaitingPapers(
  db: Database,
  locationId: number,
  distributorId: number,
): Promise<InvoiceCopyCandidate[]> {
  return queryRows<InvoiceCopyCandidate>(
    db,
    sql`SELECT r.id, o.distributor_id AS "distributorId", r.suggestion->>'invoiceNumber' AS "invoiceNumber",
               (r.suggestion->>'total')::bigint::int AS total, r.suggestion->>'invoiceDate' AS "invoiceDate"
        FROM invoice_ocr_readings r LEFT JOIN orders o ON o.id = r.order_id AND o.location_id = r.location_id
        WHERE r.location_id = ${locationId} AND (o.distributor_id = ${distributorId} OR r.order_id IS NULL)
          AND r.status = 'done' AND r.invoice_id IS NULL
        ORDER BY r.id`,
  );
}

export interface ReadPaper extends InvoiceCopyCandidate {
  invoiceId: number | null;
}

/** A finished reading with what it read and the distributor of the order it was uploaded on (null: e-mailed). */
export async function findReadPaper(db: Database, locationId: number, imageId: number): Promise<ReadPaper | undefined> {
  const [row] = await queryRows<ReadPaper>(
    db,
    sql`SELECT r.id, o.distributor_id AS "distributorId", r.suggestion->>'invoiceNumber' AS "invoiceNumber",
               (r.suggestion->>'total')::bigint::int AS total, r.suggestion->>'invoiceDate' AS "invoiceDate",
               r.invoice_id AS "invoiceId"
        FROM invoice_ocr_readings r LEFT JOIN orders o ON o.id = r.order_id AND o.location_id = r.location_id
        WHERE r.location_id = ${locationId} AND r.invoice_image_id = ${imageId} AND r.status = 'done'`,
  );
  return row;
}

/**
 * The distributor's electronic invoices with this number, or this total and date (the rule decides
 * which fits); every distributor's for an e-mailed photo (no distributor known).
 */
export async function selectElectronicCandidates(
  db: Database,
  locationId: number,
  paper: InvoiceCopyCandidate,
  normalized: string | null,
): Promise<InvoiceCopyCandidate[]> {
  return queryRows<InvoiceCopyCandidate>(
    db,
    sql`SELECT id, distributor_id AS "distributorId", invoice_number AS "invoiceNumber",
               (total * 100)::bigint::int AS total, invoice_date::text AS "invoiceDate"
        FROM invoices
        WHERE location_id = ${locationId} AND (${paper.distributorId}::int IS NULL OR distributor_id = ${paper.distributorId})
          AND (${normalizedNumber(sql.raw('invoice_number'))} = ${normalized ?? ''}
               OR ((total * 100)::bigint = ${paper.total ?? -1} AND invoice_date = ${paper.invoiceDate ?? '1900-01-01'}::date))
        ORDER BY id LIMIT 20`,
  );
}

/** Links readings to the invoice they are copies of; one already linked (by another transaction) stays as it is. */
export async function linkReadings(db: Database, locationId: number, invoiceId: number, matches: readonly InvoiceCopyMatch[]) {
  if (matches.length === 0) return;
  await db.execute(
    sql`UPDATE invoice_ocr_readings r SET invoice_id = ${invoiceId}, copy_matched_by = m."matchedBy", updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(matches)}::jsonb) AS m(id int, "matchedBy" text)
        WHERE r.location_id = ${locationId} AND r.id = m.id AND r.invoice_id IS NULL`,
  );
}
