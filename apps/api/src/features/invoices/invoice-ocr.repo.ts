import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';

/** SQL of invoice OCR (issue 36); every statement is scoped to the location. */

export interface OcrReadingRow {
  id: number;
  invoiceImageId: number;
  fileName: string;
  status: 'pending' | 'done' | 'failed';
  progress: number;
  suggestion: unknown;
  error: string | null;
}

/** A pending reading of a newly uploaded file, in the upload's transaction. */
export async function insertReading(tx: Database, reading: { locationId: number; orderId: number | null; imageId: number }) {
  await tx.execute(
    sql`INSERT INTO invoice_ocr_readings (location_id, order_id, invoice_image_id)
        VALUES (${reading.locationId}, ${reading.orderId}, ${reading.imageId})
        ON CONFLICT (invoice_image_id) DO NOTHING`,
  );
}

/** The order's latest reading (of the file uploaded last), with the file's name. */
export async function findLatestReading(db: Database, locationId: number, orderId: number): Promise<OcrReadingRow | undefined> {
  const rows = await queryRows<OcrReadingRow>(
    db,
    sql`SELECT r.id, r.invoice_image_id AS "invoiceImageId", i.file_name AS "fileName", r.status, r.progress,
               r.suggestion, r.error
        FROM invoice_ocr_readings r JOIN order_invoice_images i ON i.id = r.invoice_image_id AND i.location_id = r.location_id
        WHERE r.location_id = ${locationId} AND r.order_id = ${orderId}
        ORDER BY r.invoice_image_id DESC LIMIT 1`,
  );
  return rows[0];
}

export interface OcrSourceRow {
  storagePath: string;
  contentType: string;
  status: string;
}

/** The file a reading reads; undefined once the file (and so the reading) was deleted. */
export async function findReadingSource(db: Database, locationId: number, imageId: number): Promise<OcrSourceRow | undefined> {
  const rows = await queryRows<OcrSourceRow>(
    db,
    sql`SELECT i.storage_path AS "storagePath", i.content_type AS "contentType", r.status
        FROM invoice_ocr_readings r JOIN order_invoice_images i ON i.id = r.invoice_image_id AND i.location_id = r.location_id
        WHERE r.location_id = ${locationId} AND r.invoice_image_id = ${imageId}`,
  );
  return rows[0];
}

export async function updateProgress(db: Database, locationId: number, imageId: number, progress: number) {
  await db.execute(
    sql`UPDATE invoice_ocr_readings SET progress = ${progress}, updated_at = now()
        WHERE location_id = ${locationId} AND invoice_image_id = ${imageId} AND status = 'pending'`,
  );
}

export async function finishReading(
  db: Database,
  locationId: number,
  imageId: number,
  outcome: { status: 'done'; suggestion: unknown } | { status: 'failed'; error: string },
) {
  const suggestion = outcome.status === 'done' ? JSON.stringify(outcome.suggestion) : null;
  const error = outcome.status === 'failed' ? outcome.error : null;
  await db.execute(
    sql`UPDATE invoice_ocr_readings
        SET status = ${outcome.status}, progress = 100, suggestion = ${suggestion}::jsonb, error = ${error}, updated_at = now()
        WHERE location_id = ${locationId} AND invoice_image_id = ${imageId}`,
  );
}

export interface OcrOrderLineRow {
  id: number;
  itemNumber: string;
  description: string;
}

/** The order's lines as OCR lines are matched to them: item number as printed on the purchase order, description. */
export async function selectOcrOrderLines(db: Database, locationId: number, orderId: number): Promise<OcrOrderLineRow[]> {
  return queryRows<OcrOrderLineRow>(
    db,
    sql`SELECT oi.id, coalesce(nullif(oi.din, ''), d.din, '') AS "itemNumber", oi.description
        FROM order_items oi LEFT JOIN item_distributors d ON d.id = oi.item_distributor_id
        WHERE oi.location_id = ${locationId} AND oi.order_id = ${orderId} ORDER BY oi.id`,
  );
}

export async function orderExistsAt(db: Database, locationId: number, orderId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE location_id = ${locationId} AND id = ${orderId}`,
  );
  return rows.length > 0;
}
