import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { isoTimestamp } from '../../platform/sql';

export interface InvoiceImageRow {
  id: number;
  order_id: number;
  storage_path: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  created_at: string;
}

const columns = sql`id, order_id, storage_path, file_name, content_type, byte_size, ${isoTimestamp(sql`created_at`)} AS created_at`;

/** Whether the order is one of the location's (row-locked, so the count check and insert agree). */
export async function lockOrderForImages(tx: Database, locationId: number, orderId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM orders WHERE location_id = ${locationId} AND id = ${orderId} FOR UPDATE`,
  );
  return rows.length > 0;
}

export async function orderExists(db: Database, locationId: number, orderId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE location_id = ${locationId} AND id = ${orderId}`,
  );
  return rows.length > 0;
}

export async function listImages(db: Database, locationId: number, orderId: number): Promise<InvoiceImageRow[]> {
  return queryRows<InvoiceImageRow>(
    db,
    sql`SELECT ${columns} FROM order_invoice_images WHERE location_id = ${locationId} AND order_id = ${orderId} ORDER BY id`,
  );
}

export async function countImages(tx: Database, locationId: number, orderId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`SELECT count(*)::int AS count FROM order_invoice_images WHERE location_id = ${locationId} AND order_id = ${orderId}`,
  );
  return row.count;
}

export async function findImage(
  db: Database,
  locationId: number,
  orderId: number,
  imageId: number,
): Promise<InvoiceImageRow | undefined> {
  const [row] = await queryRows<InvoiceImageRow>(
    db,
    sql`SELECT ${columns} FROM order_invoice_images WHERE location_id = ${locationId} AND order_id = ${orderId} AND id = ${imageId}`,
  );
  return row;
}

export interface NewInvoiceImage {
  orderId: number;
  uploadedBy: number;
  storagePath: string;
  fileName: string;
  contentType: string;
  byteSize: number;
}

export async function insertImage(tx: Database, locationId: number, image: NewInvoiceImage): Promise<InvoiceImageRow> {
  const [row] = await queryRows<InvoiceImageRow>(
    tx,
    sql`INSERT INTO order_invoice_images (location_id, order_id, uploaded_by, storage_path, file_name, content_type, byte_size)
        VALUES (${locationId}, ${image.orderId}, ${image.uploadedBy}, ${image.storagePath}, ${image.fileName}, ${image.contentType},
                ${image.byteSize})
        RETURNING ${columns}`,
  );
  return row;
}

export async function deleteImage(
  tx: Database,
  locationId: number,
  orderId: number,
  imageId: number,
): Promise<InvoiceImageRow | undefined> {
  const [row] = await queryRows<InvoiceImageRow>(
    tx,
    sql`DELETE FROM order_invoice_images WHERE location_id = ${locationId} AND order_id = ${orderId} AND id = ${imageId}
        RETURNING ${columns}`,
  );
  return row;
}
