import { describe, expect, it } from 'vitest';
import { detectInvoiceFileType, isCompleteInvoiceFile } from './invoice-file.rules';

const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const PNG = bytes('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC');
const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff,
  0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34, 0xff, 0x00, 0x9a, 0xff, 0xd9,
]);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('isCompleteInvoiceFile', () => {
  it('keeps a whole PNG, JPEG (a trailer after its end included) and PDF', () => {
    expect(detectInvoiceFileType(PNG)).toBe('image/png');
    expect(isCompleteInvoiceFile(PNG, 'image/png')).toBe(true);
    expect(isCompleteInvoiceFile(JPEG, 'image/jpeg')).toBe(true);
    expect(isCompleteInvoiceFile(Uint8Array.from([...JPEG, 0x53, 0x45, 0x46, 0x54]), 'image/jpeg')).toBe(true);
    expect(isCompleteInvoiceFile(PDF, 'application/pdf')).toBe(true);
  });

  it('refuses each cut short at any length', () => {
    for (let length = 0; length < PNG.length; length += 1) {
      expect(isCompleteInvoiceFile(PNG.subarray(0, length), 'image/png')).toBe(false);
    }
    for (let length = 0; length < JPEG.length - 1; length += 1) {
      expect(isCompleteInvoiceFile(JPEG.subarray(0, length), 'image/jpeg')).toBe(false);
    }
    expect(isCompleteInvoiceFile(PDF.subarray(0, PDF.length - 3), 'application/pdf')).toBe(false);
  });
});
