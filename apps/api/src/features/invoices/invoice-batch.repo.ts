import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { InvoiceBatchFile, InvoiceFormat, InvoiceImportResult } from '@stockpot/domain';

/** SQL of invoice batches (issue 36, migration 0049); every statement is scoped to the location. */

export async function insertBatch(
  db: Database,
  batch: { locationId: number; distributorId: number | null; createdBy: number | null },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO invoice_import_batches (location_id, distributor_id, created_by)
        VALUES (${batch.locationId}, ${batch.distributorId}, ${batch.createdBy}) RETURNING id`,
  );
  return row!.id;
}

export interface BatchRow {
  id: number;
  distributorId: number | null;
  createdBy: number | null;
  fileCount: number;
}

export async function findBatch(db: Database, locationId: number, batchId: number): Promise<BatchRow | undefined> {
  const [row] = await queryRows<BatchRow>(
    db,
    sql`SELECT b.id, b.distributor_id AS "distributorId", b.created_by AS "createdBy",
               (SELECT count(*)::int FROM invoice_import_files f WHERE f.location_id = b.location_id AND f.batch_id = b.id) AS "fileCount"
        FROM invoice_import_batches b WHERE b.location_id = ${locationId} AND b.id = ${batchId}`,
  );
  return row;
}

export async function insertFile(
  db: Database,
  file: { locationId: number; batchId: number; fileName: string; kind: InvoiceFormat; content: Buffer },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO invoice_import_files (location_id, batch_id, file_name, kind, content)
        VALUES (${file.locationId}, ${file.batchId}, ${file.fileName}, ${file.kind}, ${file.content}) RETURNING id`,
  );
  return row!.id;
}

export interface QueuedFile {
  batchId: number;
  fileName: string;
  kind: InvoiceFormat;
  content: Buffer;
  distributorId: number | null;
  createdBy: number | null;
}

/** A file still waiting for its job, with its batch's distributor and who sent it; undefined once it has run. */
export async function findQueuedFile(db: Database, locationId: number, fileId: number): Promise<QueuedFile | undefined> {
  const [row] = await queryRows<QueuedFile>(
    db,
    sql`SELECT f.batch_id AS "batchId", f.file_name AS "fileName", f.kind, f.content,
               b.distributor_id AS "distributorId", b.created_by AS "createdBy"
        FROM invoice_import_files f JOIN invoice_import_batches b ON b.id = f.batch_id AND b.location_id = f.location_id
        WHERE f.location_id = ${locationId} AND f.id = ${fileId} AND f.status = 'queued' AND f.content IS NOT NULL`,
  );
  return row;
}

/** The file's outcome; its bytes are dropped, the import holds what it needs. */
export async function finishFile(
  db: Database,
  locationId: number,
  fileId: number,
  outcome: { status: 'imported' | 'already-imported'; result: InvoiceImportResult } | { status: 'failed'; error: string },
): Promise<void> {
  const result = 'result' in outcome ? JSON.stringify(outcome.result) : null;
  const error = 'error' in outcome ? outcome.error : null;
  await db.execute(
    sql`UPDATE invoice_import_files
        SET status = ${outcome.status}, result = ${result}::jsonb, error = ${error}, content = NULL, updated_at = now()
        WHERE location_id = ${locationId} AND id = ${fileId} AND status = 'queued'`,
  );
}

export async function selectBatchFiles(db: Database, locationId: number, batchId: number): Promise<InvoiceBatchFile[]> {
  return queryRows<InvoiceBatchFile>(
    db,
    sql`SELECT id, file_name AS "fileName", status, result->>'invoiceNumber' AS "invoiceNumber",
               nullif((result->>'orderId')::int, 0) AS "orderId", (result->>'matchedLines')::int AS "matchedLines",
               jsonb_array_length(result->'unmatchedLines') AS "unmatchedLines", error
        FROM invoice_import_files WHERE location_id = ${locationId} AND batch_id = ${batchId} ORDER BY id`,
  );
}
