import { randomBytes } from 'node:crypto';
import {
  detectInvoiceFileType,
  isCompleteInvoiceFile,
  INVOICE_FILE_MAX_BYTES,
  INVOICE_IMAGES_PER_ORDER,
  type InvoiceFileType,
  type InvoiceImage,
} from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import type { FileStore } from '../../platform/documents/file-store';
import { cleanUploadFileName } from '../../platform/documents/file-name';
import { badRequest, notFound } from '../../platform/errors';
import * as repo from './invoice-images.repo';
import { getInvoiceImageUrl } from './order-history.service';

const EXTENSIONS: Record<InvoiceFileType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

export const INVOICE_TYPE_MESSAGE = 'Choose a .jpg, .jpeg, .png or .pdf file: the file sent is none of these.';
export const INVOICE_DAMAGED_MESSAGE = 'The file is damaged or cut short: choose the photo or PDF of the invoice again.';
export const INVOICE_SIZE_MESSAGE = `The file is too big: invoices may be at most ${INVOICE_FILE_MAX_BYTES.toLocaleString('en-US')} bytes.`;

function toInvoiceImage(row: repo.InvoiceImageRow): InvoiceImage {
  return {
    id: row.id,
    order_id: row.order_id,
    image_path: getInvoiceImageUrl(row.order_id, row.id),
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.byte_size,
    createTime: row.created_at,
  };
}

/** GET /orders/{id}/invoices-images. */
export async function listInvoiceImages(db: Database, locationId: number, orderId: number): Promise<InvoiceImage[]> {
  if (!(await repo.orderExists(db, locationId, orderId))) throw notFound('Order');
  return (await repo.listImages(db, locationId, orderId)).map(toInvoiceImage);
}

/**
 * POST /orders/{id}/invoices-images: the type is read from the file's first bytes (doc 3 §5; a
 * renamed file is refused), the size is checked, then the file goes to the store under DATA_DIR and
 * its row is written. A failed insert removes the file again.
 */
export async function addInvoiceImage(
  db: Database,
  store: FileStore,
  caller: { locationId: number; userId: number },
  orderId: number,
  file: { fileName: string; data: Buffer },
  /** Runs in the insert's transaction (issue 36: the OCR reading is enqueued with the file's row). */
  afterInsert?: (tx: Database, image: { id: number; orderId: number }) => Promise<void>,
): Promise<InvoiceImage> {
  if (!(await repo.orderExists(db, caller.locationId, orderId))) throw notFound('Order');
  if (file.data.length === 0) throw badRequest('The file is empty: choose a photo or PDF of the invoice.', 'empty_file');
  if (file.data.length > INVOICE_FILE_MAX_BYTES) throw badRequest(INVOICE_SIZE_MESSAGE, 'payload_too_large');
  const type = detectInvoiceFileType(file.data.subarray(0, 16));
  if (!type) throw badRequest(INVOICE_TYPE_MESSAGE, 'unsupported_media_type');
  if (!isCompleteInvoiceFile(file.data, type)) throw badRequest(INVOICE_DAMAGED_MESSAGE, 'unsupported_media_type');

  const storagePath = `invoices/${caller.locationId}/${orderId}/${randomBytes(12).toString('hex')}.${EXTENSIONS[type]}`;
  await store.write(storagePath, file.data);
  try {
    const row = await db.transaction(async (tx) => {
      if (!(await repo.lockOrderForImages(tx, caller.locationId, orderId))) throw notFound('Order');
      if ((await repo.countImages(tx, caller.locationId, orderId)) >= INVOICE_IMAGES_PER_ORDER) {
        throw badRequest(
          `An order keeps at most ${INVOICE_IMAGES_PER_ORDER} invoice files; delete one before adding another.`,
          'too_many_invoice_images',
        );
      }
      const inserted = await repo.insertImage(tx, caller.locationId, {
        orderId,
        uploadedBy: caller.userId,
        storagePath,
        fileName: cleanUploadFileName(file.fileName, `invoice.${EXTENSIONS[type]}`),
        contentType: type,
        byteSize: file.data.length,
      });
      await afterInsert?.(tx, { id: inserted.id, orderId });
      return inserted;
    });
    return toInvoiceImage(row);
  } catch (error) {
    await store.remove(storagePath).catch(() => undefined);
    throw error;
  }
}

/** DELETE /orders/{id}/invoices-images/{imageId}: the row, then the file. */
export async function deleteInvoiceImage(
  db: Database,
  store: FileStore,
  locationId: number,
  orderId: number,
  imageId: number,
): Promise<void> {
  const row = await db.transaction((tx) => repo.deleteImage(tx, locationId, orderId, imageId));
  if (!row) throw notFound('Invoice image');
  await store.remove(row.storage_path);
}

/** The bytes of one invoice file of the location's order, or 404. */
export async function readInvoiceImage(
  db: Database,
  store: FileStore,
  locationId: number,
  orderId: number,
  imageId: number,
): Promise<{ data: Buffer; contentType: string; fileName: string }> {
  const row = await repo.findImage(db, locationId, orderId, imageId);
  if (!row) throw notFound('Invoice image');
  const data = await store.read(row.storage_path);
  if (!data) throw notFound('Invoice image');
  return { data, contentType: row.content_type, fileName: row.file_name };
}
