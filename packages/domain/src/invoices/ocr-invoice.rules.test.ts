import { describe, expect, it } from 'vitest';
import {
  findOcrInvoiceDate,
  findOcrInvoiceNumber,
  findOcrTotal,
  hasOcrFindings,
  isOcrLineConsistent,
  matchOcrLines,
  parseOcrAmount,
  parseOcrDate,
  parseOcrInvoice,
} from './ocr-invoice.rules';

/** Text as Tesseract returns it for a printed distributor invoice, with its usual slips. */
const SCANNED = `HARBOR PRODUCE CO.
123 Dock St, Portland ME
INVOICE
Invoice No: INV-20417          Invoice Date: 11/20/2026
PO #: 000123     Ship Date: 11/19/2026    Due Date: 12/20/2026
Item  Description               Qty  Unit  Price   Amount
10452 Romaine Hearts 3 ct        4   CS   $32.50  $130.00
20991 Lemons 115 ct              2   CS   41.25   82.50
Yellow Onions Jumbo 50 lb        1   CS   $28.1O  $28.10
Subtotal                                          $240.60
Fuel surcharge                                      $5.00
Invoice Total                                    $245.60
`;

describe('parseOcrInvoice', () => {
  it('finds the invoice number, date, total and lines of a scanned invoice', () => {
    const invoice = parseOcrInvoice(SCANNED);
    expect(invoice.invoiceNumber).toBe('INV-20417');
    expect(invoice.invoiceDate).toBe('2026-11-20');
    expect(invoice.total).toBe(24560);
    expect(invoice.lines).toEqual([
      { itemNumber: '10452', description: 'Romaine Hearts 3 ct', quantity: '4', unitPrice: 3250, amount: 13000 },
      { itemNumber: '20991', description: 'Lemons 115 ct', quantity: '2', unitPrice: 4125, amount: 8250 },
      { itemNumber: null, description: 'Yellow Onions Jumbo 50 lb', quantity: '1', unitPrice: 2810, amount: 2810 },
    ]);
    expect(hasOcrFindings(invoice)).toBe(true);
  });

  it('finds nothing in a photo of something else', () => {
    const invoice = parseOcrInvoice('Thank you for dining with us!\nSee you soon\n');
    expect(invoice).toEqual({ invoiceNumber: null, invoiceDate: null, total: null, lines: [] });
    expect(hasOcrFindings(invoice)).toBe(false);
    expect(hasOcrFindings(parseOcrInvoice(''))).toBe(false);
  });
});

describe('invoice number', () => {
  it.each([
    ['Invoice No: INV-20417', 'INV-20417'],
    ['INVOICE # 884213', '884213'],
    ['Invoice Number 55-1200', '55-1200'],
    ['Inv. No. a7781', 'A7781'],
    ['Invoice: 90311', '90311'],
  ])('reads %s', (line, expected) => expect(findOcrInvoiceNumber([line])).toBe(expected));

  it('is never a date or a word without digits', () => {
    expect(findOcrInvoiceNumber(['Invoice: 11/20/2026'])).toBeNull();
    expect(findOcrInvoiceNumber(['Invoice Date 11/20/2026'])).toBeNull();
    expect(findOcrInvoiceNumber(['Invoice No: PENDING'])).toBeNull();
  });
});

describe('dates', () => {
  it.each([
    ['11/20/2026', '2026-11-20'],
    ['11-20-26', '2026-11-20'],
    ['2026-11-20', '2026-11-20'],
    ['Nov 20, 2026', '2026-11-20'],
    ['November 3 2026', '2026-11-03'],
    ['02/30/2026', null],
    ['13/01/2026', null],
  ])('reads %s', (text, expected) => expect(parseOcrDate(text)).toBe(expected));

  it('takes the invoice date over due, ship and order dates', () => {
    expect(findOcrInvoiceDate(['Due Date: 12/20/2026', 'Ship Date: 11/19/2026', 'Date: 11/18/2026'])).toBe('2026-11-18');
    expect(findOcrInvoiceDate(['Date: 11/18/2026', 'Invoice Date 11/20/2026'])).toBe('2026-11-20');
    expect(findOcrInvoiceDate(['Due Date: 12/20/2026'])).toBeNull();
  });
});

describe('amounts and total', () => {
  it.each([
    ['$1,234.56', 123456],
    ['1234.56', 123456],
    ['$ 7.05', 705],
    ['1O.5O', 1050],
    ['12,50', 1250],
    ['12.5', null],
    ['abc', null],
  ])('reads %s', (text, expected) => expect(parseOcrAmount(text)).toBe(expected));

  it('takes the strongest total line, never the subtotal', () => {
    expect(findOcrTotal(['Subtotal $240.60', 'Total $245.60'])).toBe(24560);
    expect(findOcrTotal(['Total $245.60', 'Amount Due $200.00'])).toBe(20000);
    expect(findOcrTotal(['Sub-total 10.00'])).toBeNull();
    expect(findOcrTotal(['TOTAL'])).toBeNull();
  });
});

describe('matchOcrLines', () => {
  const targets = [
    { id: 1, itemNumber: '010452', description: 'Romaine Hearts 3 Count' },
    { id: 2, itemNumber: '77', description: 'Lemons Fancy 115 Count' },
    { id: 3, itemNumber: '88', description: 'Onions Yellow Jumbo 50 LB' },
  ];
  it('matches by item number, else by most of the description, and leaves the rest out', () => {
    const lines = parseOcrInvoice(SCANNED).lines;
    const extra = { itemNumber: null, description: 'Chicken Thighs', quantity: '1', unitPrice: 100, amount: 100 };
    expect(matchOcrLines([...lines, extra], targets)).toEqual([
      { lineIndex: 0, targetId: 1, matchedBy: 'item-number' },
      { lineIndex: 1, targetId: 2, matchedBy: 'description' },
      { lineIndex: 2, targetId: 3, matchedBy: 'description' },
    ]);
  });

  it('gives an order line to one read line only', () => {
    const line = { itemNumber: '88', description: 'x', quantity: '1', unitPrice: 100, amount: 100 };
    expect(matchOcrLines([line, line], targets)).toEqual([{ lineIndex: 0, targetId: 3, matchedBy: 'item-number' }]);
  });

  it('checks quantity × price against the amount', () => {
    expect(isOcrLineConsistent({ itemNumber: null, description: 'a', quantity: '4', unitPrice: 3250, amount: 13000 })).toBe(true);
    expect(isOcrLineConsistent({ itemNumber: null, description: 'a', quantity: '4', unitPrice: 3250, amount: 13900 })).toBe(
      false,
    );
  });
});
