import { simpleParser, type Attachment } from 'mailparser';
import {
  detectInvoiceFileType,
  detectInvoiceImportKind,
  isPhotoAttachment,
  summarizeMailImport,
  type MailAttachmentOutcome,
  type MailReply,
} from '@stockpot/domain';
import { checkUploadedArchive } from '../../platform/documents/zip-guard';
import { AppError } from '../../platform/errors';
import { importInvoice } from './invoice-import.service';
import { MAIL_PHOTO_NOT_ONE, storeMailPhoto, type MailPhotoContext } from './invoice-mail-photo.service';

/** An attachment's name for the reply and the stored invoice: its own, else one from its place in the message. */
function nameOf(attachment: Attachment, index: number): string {
  return (attachment.filename ?? '').trim() || `attachment-${index + 1}`;
}

/**
 * One attached file imported for one location through the same path as POST invoices/import (one
 * transaction, idempotent by invoice number). A problem with the file is an outcome, not a throw:
 * the other attachments still count.
 */
async function importAttachment(
  ctx: MailPhotoContext,
  locationId: number,
  attachment: Attachment,
  index: number,
  senderEmail: string | null,
): Promise<MailAttachmentOutcome | null> {
  const fileName = nameOf(attachment, index);
  const bytes = attachment.content;
  // A photo or PDF is told by its first bytes, as an upload is; it is read by OCR, not imported.
  const photoType = detectInvoiceFileType(bytes.subarray(0, 16));
  if (photoType) return storeMailPhoto(ctx, locationId, { fileName, bytes, type: photoType }, senderEmail);
  if (isPhotoAttachment(attachment.contentType ?? '', fileName))
    return { status: 'failed', fileName, reason: MAIL_PHOTO_NOT_ONE };
  // The same checks as an upload: an xlsx is measured as a zip before any reader inflates it.
  if (bytes.length === 0 || checkUploadedArchive(bytes) !== null) return null;
  const kind = detectInvoiceImportKind(bytes);
  if (!kind) return null;
  try {
    const result = await importInvoice(ctx.db, { locationId, userId: null }, { fileName, bytes, kind, senderEmail });
    return result.alreadyImported
      ? { status: 'already-imported', invoiceNumber: result.invoiceNumber }
      : { status: 'imported', invoiceNumber: result.invoiceNumber, orderId: result.orderId };
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return { status: 'failed', fileName, reason: error.message };
    throw error;
  }
}

/**
 * A received message (issue 36, invoices by e-mail): every attached invoice file imported, and
 * every photo or PDF kept and queued for OCR, for each location the message was addressed to; the
 * reply says what happened. Message text is not read:
 * invoices come as attached files. The sender recorded is the From address, else the envelope's.
 */
export async function receiveInvoiceMail(
  ctx: MailPhotoContext,
  message: { raw: Buffer; envelopeFrom: string | null; locationIds: readonly number[] },
): Promise<MailReply> {
  const parsed = await simpleParser(message.raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  const from = parsed.from?.value[0]?.address ?? message.envelopeFrom ?? null;
  const senderEmail = from ? from.toLowerCase().slice(0, 320) : null;
  const outcomes: MailAttachmentOutcome[] = [];
  for (const locationId of message.locationIds)
    for (const [index, attachment] of parsed.attachments.entries()) {
      const outcome = await importAttachment(ctx, locationId, attachment, index, senderEmail);
      if (outcome) outcomes.push(outcome);
    }
  return summarizeMailImport(outcomes);
}
