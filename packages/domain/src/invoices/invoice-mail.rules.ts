/**
 * Invoices by e-mail (issue 36, second slice): each location's invoice address, and what the mail
 * server answers a sender. Pure rules; the SMTP listener lives in the API.
 */

/** The local part's prefix: `invoices+<token>@<domain>`, so a person reading it sees what it is for. */
export const INVOICE_MAIL_PREFIX = 'invoices+';

/** A message bigger than this is refused by the mail server (SMTP SIZE, 552). */
export const INVOICE_MAIL_MAX_BYTES = 25 * 1024 * 1024;

/** More recipients than this in one message are refused: no sender of invoices needs more. */
export const INVOICE_MAIL_MAX_RECIPIENTS = 20;

/** The reply when a message carries no file we can import (issue 36). */
export const NO_INVOICE_FILE_REASON = 'no invoice file attached (X12 810, CSV, xlsx, or a PNG, JPEG or PDF of the invoice)';

const TOKEN_PATTERN = /^[0-9a-f]{32}$/;

/** The location's invoice address; null when the server takes no mail (no domain set). */
export function formatInvoiceAddress(token: string, domain: string | null | undefined): string | null {
  const host = domain?.trim().toLowerCase();
  if (!host) return null;
  return `${INVOICE_MAIL_PREFIX}${token}@${host}`;
}

/**
 * The token an RCPT TO address names, or null when it is not one of our invoice addresses. Mail
 * addresses compare without case (the token is lower-case hex), and the domain must be ours.
 */
export function parseInvoiceAddress(address: string, domain: string): string | null {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at < 0 || text.slice(at + 1) !== domain.trim().toLowerCase()) return null;
  const local = text.slice(0, at);
  if (!local.startsWith(INVOICE_MAIL_PREFIX)) return null;
  const token = local.slice(INVOICE_MAIL_PREFIX.length);
  return TOKEN_PATTERN.test(token) ? token : null;
}

const PHOTO_TYPE = /^(image\/|application\/pdf$)/i;
const PHOTO_NAME = /\.(pdf|jpe?g|png|gif|heic|heif|tiff?|webp|bmp)$/i;

/**
 * Whether the sender calls the attachment a photo or a PDF (by type or name). What it is, is still
 * decided by its content, as an upload's; this only lets a "photo" that is none be refused as a
 * photo rather than read as a CSV.
 */
export function isPhotoAttachment(contentType: string, fileName: string): boolean {
  return PHOTO_TYPE.test(contentType.trim()) || PHOTO_NAME.test(fileName.trim());
}

/** What became of one attached file, for the reply. */
export type MailAttachmentOutcome =
  /** orderId null: kept with no order (on the waiting list) until someone attaches it. */
  | { status: 'imported'; invoiceNumber: string; orderId: number | null }
  | { status: 'already-imported'; invoiceNumber: string }
  | { status: 'failed'; fileName: string; reason: string }
  /** A photo or PDF stored and queued for OCR (issue 36): it joins its electronic copy, or waits. */
  | { status: 'photo'; fileName: string };

export interface MailReply {
  isAccepted: boolean;
  /** One line: SMTP replies are short, and a sender's server shows it in a bounce. */
  message: string;
}

/**
 * The answer to a message after DATA: accepted when at least one invoice was imported (or had been
 * already: the same mail sent twice is not an error) or one photo or PDF was kept to be read, else
 * refused with why.
 */
export function summarizeMailImport(outcomes: readonly MailAttachmentOutcome[]): MailReply {
  const imported = outcomes.filter((o) => o.status === 'imported');
  const repeated = outcomes.filter((o) => o.status === 'already-imported');
  const failed = outcomes.filter((o) => o.status === 'failed');
  const photos = outcomes.filter((o) => o.status === 'photo');
  const parts: string[] = [];
  if (imported.length)
    parts.push(
      `imported invoice ${imported.map((o) => `${o.invoiceNumber} (${o.orderId === null ? 'no matching order: kept on the waiting list' : `order ${o.orderId}`})`).join(', ')}`,
    );
  if (repeated.length) parts.push(`already imported ${repeated.map((o) => o.invoiceNumber).join(', ')}`);
  if (failed.length) parts.push(`not imported: ${failed.map((o) => `${o.fileName}: ${o.reason}`).join('; ')}`);
  if (photos.length) parts.push(`reading photo or PDF ${photos.map((o) => o.fileName).join(', ')}`);
  const isAccepted = imported.length + repeated.length + photos.length > 0;
  if (!isAccepted && failed.length === 0) return { isAccepted, message: oneLine([NO_INVOICE_FILE_REASON, ...parts].join('; ')) };
  return { isAccepted, message: oneLine(parts.join('; ')) };
}

/** An SMTP reply line: no line breaks, and short enough for any relay (RFC 5321 allows 512 octets). */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 400 ? `${flat.slice(0, 397)}...` : flat;
}
