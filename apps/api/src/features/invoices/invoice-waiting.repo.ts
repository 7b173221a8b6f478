import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { InvoiceWaitingKind } from '@stockpot/domain';

/** SQL of GET invoices/waiting (issue 36); every statement is scoped to the location. */

export interface WaitingRow {
  kind: InvoiceWaitingKind;
  invoiceId: number | null;
  imageId: number | null;
  orderId: number | null;
  distributor: string;
  senderEmail: string | null;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  total: number | null;
  fileName: string;
  readingStatus: 'pending' | 'done' | 'failed';
  arrivedAt: string;
  /** How many of its kind there are in all (a window count, so one statement per kind). */
  kindCount: number;
}

/**
 * Electronic invoices without their paper copy (no linked reading) and those whose order is gone:
 * each kind newest first, `limit` of each.
 */
export async function selectWaitingElectronic(db: Database, locationId: number, limit: number): Promise<WaitingRow[]> {
  return queryRows<WaitingRow>(
    db,
    // The rank only cuts each kind to `limit`: not a column of the answer.
    sql`SELECT kind, "invoiceId", "imageId", "orderId", distributor, "senderEmail", "invoiceNumber", "invoiceDate",
               total, "fileName", "readingStatus", "arrivedAt", "kindCount" FROM (
          SELECT CASE WHEN i.order_id IS NULL THEN 'no-order' ELSE 'no-paper-copy' END AS kind,
                 i.id AS "invoiceId", NULL::int AS "imageId", i.order_id AS "orderId", d.nickname AS distributor,
                 i.sender_email AS "senderEmail",
                 i.invoice_number AS "invoiceNumber", i.invoice_date::text AS "invoiceDate",
                 (i.total * 100)::bigint::int AS total, i.file_name AS "fileName", 'done' AS "readingStatus",
                 to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "arrivedAt",
                 count(*) OVER (PARTITION BY i.order_id IS NULL)::int AS "kindCount",
                 row_number() OVER (PARTITION BY i.order_id IS NULL ORDER BY i.created_at DESC, i.id DESC) AS rank
          FROM invoices i JOIN distributors d ON d.id = i.distributor_id
          WHERE i.location_id = ${locationId}
            AND (i.order_id IS NULL OR NOT EXISTS (
                  SELECT 1 FROM invoice_ocr_readings r WHERE r.location_id = i.location_id AND r.invoice_id = i.id))
        ) w WHERE rank <= ${limit} ORDER BY "arrivedAt" DESC, "invoiceId" DESC`,
  );
}

/**
 * Photos and PDFs whose electronic invoice has not arrived (or not been found): uploaded on the
 * location's orders, or e-mailed to its invoice address (no order, so no distributor); not those a
 * person dismissed.
 */
export async function selectWaitingPapers(db: Database, locationId: number, limit: number): Promise<WaitingRow[]> {
  return queryRows<WaitingRow>(
    db,
    sql`SELECT 'no-electronic-copy' AS kind, NULL::int AS "invoiceId", im.id AS "imageId", r.order_id AS "orderId",
               coalesce(d.nickname, '') AS distributor, im.sender_email AS "senderEmail",
               r.suggestion->>'invoiceNumber' AS "invoiceNumber",
               r.suggestion->>'invoiceDate' AS "invoiceDate", (r.suggestion->>'total')::bigint::int AS total,
               im.file_name AS "fileName", r.status AS "readingStatus",
               to_char(im.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "arrivedAt",
               count(*) OVER ()::int AS "kindCount"
        FROM invoice_ocr_readings r
        JOIN order_invoice_images im ON im.id = r.invoice_image_id AND im.location_id = r.location_id
        LEFT JOIN orders o ON o.id = r.order_id AND o.location_id = r.location_id
        LEFT JOIN distributors d ON d.id = o.distributor_id
        WHERE r.location_id = ${locationId} AND r.invoice_id IS NULL AND r.dismissed_at IS NULL
        ORDER BY im.created_at DESC, im.id DESC LIMIT ${limit}`,
  );
}

/**
 * Takes a waiting photo off the list (issue 36): only one of the location's, not yet joined to an
 * electronic invoice. Dismissing twice keeps the first time. Undefined: no such waiting photo here.
 */
export async function dismissWaitingPaper(
  db: Database,
  locationId: number,
  imageId: number,
  userId: number,
): Promise<{ imageId: number; dismissedAt: string } | undefined> {
  const [row] = await queryRows<{ imageId: number; dismissedAt: string }>(
    db,
    sql`UPDATE invoice_ocr_readings
        SET dismissed_at = coalesce(dismissed_at, now()), dismissed_by = coalesce(dismissed_by, ${userId}), updated_at = now()
        WHERE location_id = ${locationId} AND invoice_image_id = ${imageId} AND invoice_id IS NULL
        RETURNING invoice_image_id AS "imageId",
                  to_char(dismissed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "dismissedAt"`,
  );
  return row;
}
