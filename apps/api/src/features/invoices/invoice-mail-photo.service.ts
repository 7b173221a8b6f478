import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  isCompleteInvoiceFile,
  INVOICE_FILE_MAX_BYTES,
  type InvoiceFileType,
  type MailAttachmentOutcome,
} from '@stockpot/domain';
import { queryRows, type Database } from '@stockpot/db';
import type { FileStore } from '../../platform/documents/file-store';
import { cleanUploadFileName } from '../../platform/documents/file-name';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { enqueueInvoiceOcr } from './invoice-ocr.job';

/**
 * Photos and PDFs arriving by e-mail (issue 36): kept like an upload, but with no order (the mail
 * names only the location) and with the sender, then read by the same invoice-ocr job. The reading
 * joins the electronic invoice of its number (or total and date) of any of the location's
 * distributors, else it waits on the waiting list.
 */

export interface MailPhotoContext {
  db: Database;
  store: FileStore;
  jobs: JobQueue;
}

const EXTENSIONS: Record<InvoiceFileType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/** The refusals of an upload (orders' invoice files), worded for a sender who reads a bounce. */
export const MAIL_PHOTO_TOO_BIG = `too big: a photo or PDF of an invoice may be at most ${INVOICE_FILE_MAX_BYTES.toLocaleString('en-US')} bytes`;
export const MAIL_PHOTO_DAMAGED = 'damaged or cut short: send the photo or PDF of the invoice again';
export const MAIL_PHOTO_NOT_ONE = 'not a JPEG, PNG or PDF by its content';

/**
 * One attached photo or PDF (its type already read from its first bytes): checked by size and
 * completeness as an upload is, written to the file store, and its row, its pending reading and its
 * job committed together. A file refused is an outcome with the reason; a failed insert removes the
 * file again.
 */
export async function storeMailPhoto(
  ctx: MailPhotoContext,
  locationId: number,
  file: { fileName: string; bytes: Buffer; type: InvoiceFileType },
  senderEmail: string | null,
): Promise<MailAttachmentOutcome> {
  const { fileName, bytes, type } = file;
  if (bytes.length > INVOICE_FILE_MAX_BYTES) return { status: 'failed', fileName, reason: MAIL_PHOTO_TOO_BIG };
  if (!isCompleteInvoiceFile(bytes, type)) return { status: 'failed', fileName, reason: MAIL_PHOTO_DAMAGED };
  const storagePath = `invoices/${locationId}/mail/${randomBytes(12).toString('hex')}.${EXTENSIONS[type]}`;
  await ctx.store.write(storagePath, bytes);
  try {
    await ctx.db.transaction(async (tx) => {
      const [image] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO order_invoice_images (location_id, order_id, uploaded_by, storage_path, file_name, content_type,
                                              byte_size, sender_email)
            VALUES (${locationId}, NULL, NULL, ${storagePath}, ${cleanUploadFileName(fileName, `invoice.${EXTENSIONS[type]}`)},
                    ${type}, ${bytes.length}, ${senderEmail})
            RETURNING id`,
      );
      await enqueueInvoiceOcr(ctx.jobs, tx, { locationId, orderId: null, imageId: image!.id });
    });
  } catch (error) {
    await ctx.store.remove(storagePath).catch(() => undefined);
    throw error;
  }
  return { status: 'photo', fileName };
}
