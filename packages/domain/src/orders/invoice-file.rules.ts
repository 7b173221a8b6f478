/**
 * Invoice files of the receive screen (doc 3 §5, §9; issue 14 "Uploads and exports"): the accepted
 * types and size, a file's type by its first bytes, whether it is whole, and whether a picked file
 * may be sent. The invoice image answer itself is in receiving.schema.
 */

/** Invoice files (doc 3 §5, §9): .jpg .jpeg .png .pdf; the size limit is ours (decisions.md). */
export const INVOICE_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type InvoiceFileType = (typeof INVOICE_FILE_TYPES)[number];
export const INVOICE_FILE_ACCEPT = '.jpg,.jpeg,.png,.pdf';
export const INVOICE_FILE_MAX_BYTES = 24_000_000;
export const INVOICE_IMAGES_PER_ORDER = 50;

/** The file type by its first bytes (magic numbers), never by its name: null when not an accepted type. */
export function detectInvoiceFileType(head: Uint8Array): InvoiceFileType | null {
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/**
 * Whether an invoice file of a detected type is whole (issue 14 "Uploads and exports": a file cut
 * short in transfer is refused, not kept as an invoice nobody can open). Structure only, nothing is
 * decoded: a PNG starts with its IHDR chunk and ends with its IEND chunk; a JPEG has an end-of-image
 * marker after its last start-of-scan (scan data never holds FF D9, so a cut scan has none; a
 * phone's trailer after the end is fine); a PDF has its %%EOF within its last 1,024 bytes, as
 * readers require.
 */
export function isCompleteInvoiceFile(bytes: Uint8Array, type: InvoiceFileType): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (type === 'image/png') {
    const iend = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
    const tail = bytes.subarray(bytes.length - iend.length);
    return bytes.length >= 8 + 25 + 12 && ascii(12, 16) === 'IHDR' && iend.every((b, i) => tail[i] === b);
  }
  if (type === 'image/jpeg') {
    let lastScan = -1;
    let lastEnd = -1;
    for (let i = 2; i < bytes.length - 1; i += 1) {
      if (bytes[i] !== 0xff) continue;
      if (bytes[i + 1] === 0xda) lastScan = i;
      else if (bytes[i + 1] === 0xd9) lastEnd = i;
    }
    return lastScan > 0 && lastEnd > lastScan;
  }
  return ascii(Math.max(0, bytes.length - 1024), bytes.length).includes('%%EOF');
}

/** Whether a file picked in the browser may be sent (doc 3 §5: otherwise the selection is cleared). */
export function isAcceptableInvoiceFile(file: { name: string; size: number }): boolean {
  return /\.(jpe?g|png|pdf)$/i.test(file.name) && file.size > 0 && file.size <= INVOICE_FILE_MAX_BYTES;
}
