import { describe, expect, it } from 'vitest';
import { detectInvoiceImportKind } from './invoice.rules';
import { matchInvoiceHeaders, readInvoiceSheet, readSheetDate } from './invoice-sheet.rules';

const header = ['Invoice No', 'Invoice Date', 'Item #', 'Item Description', 'Qty Shipped', 'Unit Price', 'Extended Price'];

describe('invoice sheets', () => {
  it('finds the columns by their header names, in any order', () => {
    expect(
      matchInvoiceHeaders(['Extended', 'Description', 'Price', 'Quantity', 'SUPC', 'Date', 'Invoice #', 'PO Number']),
    ).toEqual({
      extendedPrice: 0,
      description: 1,
      unitPrice: 2,
      quantity: 3,
      itemNumber: 4,
      invoiceDate: 5,
      invoiceNumber: 6,
      poNumber: 7,
    });
  });

  it('reads the lines under the header row and totals them', () => {
    const invoice = readInvoiceSheet([
      ['Harbor Produce invoice'],
      header,
      ['A-77', '11/20/2026', '001234', 'Romaine hearts', '3', '$21.50', '$64.50'],
      ['', '', '', '', '', '', ''],
      ['A-77', '11/20/2026', '5678', 'Lemons', '2', '18.125', '36.25'],
    ]);
    expect(invoice).toMatchObject({ invoiceNumber: 'A-77', invoiceDate: '2026-11-20', total: 10075 });
    expect(invoice.lines.map((l) => [l.lineNumber, l.itemNumber, l.quantity, l.unitPrice, l.amount])).toEqual([
      [1, '001234', '3', 215000, 6450],
      [2, '5678', '2', 181250, 3625],
    ]);
    expect(invoice.total).toBe(invoice.lines[0].amount + invoice.lines[1].amount);
  });

  it('refuses an extended price that is not quantity × unit price, saying both', () => {
    expect(() => readInvoiceSheet([header, ['A-1', '2026-11-20', '1', 'Lemons', '2', '18.00', '40.00']])).toThrow(
      'Row 2: the extended price $40.00 is not 2 × $18.0000 = $36.00.',
    );
  });

  it('says which columns are missing from a file that is not an invoice', () => {
    expect(() => readInvoiceSheet([['Name', 'Qty', 'Price']])).toThrow(
      'This file is not an invoice we can read: no header row names the columns invoice number, invoice date, item number, description, extended price.',
    );
  });

  it('reads dates and detects the kind of file by its content', () => {
    expect(readSheetDate('2026-11-20')).toBe('2026-11-20');
    expect(readSheetDate('1/5/26')).toBe('2026-01-05');
    expect(readSheetDate('2/30/2026')).toBeNull();
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(detectInvoiceImportKind(bytes('\uFEFF ISA*00*'))).toBe('x12-810');
    expect(detectInvoiceImportKind(bytes('Invoice No,Date'))).toBe('csv');
    expect(detectInvoiceImportKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBe('xlsx');
    expect(detectInvoiceImportKind(new Uint8Array([0x25, 0x00]))).toBeNull();
  });
});
