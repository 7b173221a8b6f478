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
 * sees what the first committed.
 */
export async function lockCopies(tx: Database, locationId: number, distributorId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`invoice-copies:${locationId}:${distributorId}`}, 0))`);
}

/** Read photos of the distributor's orders still waiting for their electronic invoice. */
export async function selectWaitingPapers(
  db: Database,
  locationId: number,
  distributorId: number,
): Promise<InvoiceCopyCandidate[]> {
  return queryRows<InvoiceCopyCandidate>(
    db,
    sql`SELECT r.id, o.distributor_id AS "distributorId", r.suggestion->>'invoiceNumber' AS "invoiceNumber",
               (r.suggestion->>'total')::bigint::int AS total, r.suggestion->>'invoiceDate' AS "invoiceDate"
        FROM invoice_ocr_readings r JOIN orders o ON o.id = r.order_id AND o.location_id = r.location_id
        WHERE r.location_id = ${locationId} AND o.distributor_id = ${distributorId}
          AND r.status = 'done' AND r.invoice_id IS NULL
        ORDER BY r.id`,
  );
}

export interface ReadPaper extends InvoiceCopyCandidate {
  invoiceId: number | null;
}

/** A finished reading with what it read and the distributor of the order it was uploaded on. */
export async function findReadPaper(db: Database, locationId: number, imageId: number): Promise<ReadPaper | undefined> {
  const [row] = await queryRows<ReadPaper>(
    db,
    sql`SELECT r.id, o.distributor_id AS "distributorId", r.suggestion->>'invoiceNumber' AS "invoiceNumber",
               (r.suggestion->>'total')::bigint::int AS total, r.suggestion->>'invoiceDate' AS "invoiceDate",
               r.invoice_id AS "invoiceId"
        FROM invoice_ocr_readings r JOIN orders o ON o.id = r.order_id AND o.location_id = r.location_id
        WHERE r.location_id = ${locationId} AND r.invoice_image_id = ${imageId} AND r.status = 'done'`,
  );
  return row;
}

/** The distributor's electronic invoices with this number, or this total and date (the rule decides which fits). */
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
        WHERE location_id = ${locationId} AND distributor_id = ${paper.distributorId}
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
