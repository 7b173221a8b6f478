import { describe, expect, it } from 'vitest';
import {
  formatInvoiceAddress,
  isPhotoAttachment,
  NO_INVOICE_FILE_REASON,
  parseInvoiceAddress,
  summarizeMailImport,
} from './invoice-mail.rules';

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('the invoice address', () => {
  it('is invoices+token at the domain, and absent without a domain', () => {
    expect(formatInvoiceAddress(TOKEN, 'Invoices.Example.com')).toBe(`invoices+${TOKEN}@invoices.example.com`);
    expect(formatInvoiceAddress(TOKEN, null)).toBeNull();
    expect(formatInvoiceAddress(TOKEN, '  ')).toBeNull();
  });

  it('reads back to its token whatever the case, and only on our domain', () => {
    const address = formatInvoiceAddress(TOKEN, 'in.example.com')!;
    expect(parseInvoiceAddress(address, 'in.example.com')).toBe(TOKEN);
    expect(parseInvoiceAddress(address.toUpperCase(), 'IN.example.com')).toBe(TOKEN);
    expect(parseInvoiceAddress(address, 'other.example.com')).toBeNull();
    expect(parseInvoiceAddress(`${TOKEN}@in.example.com`, 'in.example.com')).toBeNull();
    expect(parseInvoiceAddress('invoices+123@in.example.com', 'in.example.com')).toBeNull();
    expect(parseInvoiceAddress('invoices+' + TOKEN, 'in.example.com')).toBeNull();
  });
});

describe('attachments the sender calls photos', () => {
  it('are photos and PDFs, by type or by name', () => {
    expect(isPhotoAttachment('image/jpeg', 'scan')).toBe(true);
    expect(isPhotoAttachment('application/octet-stream', 'invoice.PDF')).toBe(true);
    expect(isPhotoAttachment('application/pdf', 'x')).toBe(true);
    expect(isPhotoAttachment('text/csv', 'invoice.csv')).toBe(false);
    expect(isPhotoAttachment('application/edi-x12', 'inv.810')).toBe(false);
  });
});

describe('the reply to a message', () => {
  it('accepts a message with an imported invoice and names it', () => {
    const reply = summarizeMailImport([{ status: 'imported', invoiceNumber: 'INV-1', orderId: 12 }]);
    expect(reply).toEqual({ isAccepted: true, message: 'imported invoice INV-1 (order 12)' });
  });

  it('says an invoice matched to no order was kept on the waiting list', () => {
    const reply = summarizeMailImport([{ status: 'imported', invoiceNumber: 'INV-2', orderId: null }]);
    expect(reply).toEqual({ isAccepted: true, message: 'imported invoice INV-2 (no matching order: kept on the waiting list)' });
  });

  it('accepts the same invoice again without importing it twice', () => {
    expect(summarizeMailImport([{ status: 'already-imported', invoiceNumber: 'INV-1' }])).toEqual({
      isAccepted: true,
      message: 'already imported INV-1',
    });
  });

  it('refuses a message without an invoice file', () => {
    expect(summarizeMailImport([])).toEqual({ isAccepted: false, message: NO_INVOICE_FILE_REASON });
  });

  it('accepts a message with a photo or PDF kept to be read, and names it', () => {
    expect(summarizeMailImport([{ status: 'photo', fileName: 'scan.png' }])).toEqual({
      isAccepted: true,
      message: 'reading photo or PDF scan.png',
    });
  });

  it('refuses a photo that is not one, saying why', () => {
    const reply = summarizeMailImport([{ status: 'failed', fileName: 'a.jpg', reason: 'not a photo' }]);
    expect(reply).toEqual({ isAccepted: false, message: 'not imported: a.jpg: not a photo' });
  });

  it('refuses with the reason when no file could be imported, and keeps the reply on one short line', () => {
    const reply = summarizeMailImport([{ status: 'failed', fileName: 'a.csv', reason: 'Line one\nline two '.repeat(60) }]);
    expect(reply.isAccepted).toBe(false);
    expect(reply.message.startsWith('not imported: a.csv: Line one line two')).toBe(true);
    expect(reply.message).not.toMatch(/\n/);
    expect(reply.message.length).toBeLessThanOrEqual(400);
  });

  it('accepts a message where one file imported and another failed, and says both', () => {
    const reply = summarizeMailImport([
      { status: 'imported', invoiceNumber: 'A', orderId: 1 },
      { status: 'failed', fileName: 'b.csv', reason: 'matches no order' },
    ]);
    expect(reply).toEqual({ isAccepted: true, message: 'imported invoice A (order 1); not imported: b.csv: matches no order' });
  });
});
