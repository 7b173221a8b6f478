import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getInvoiceLineAmount, InvoiceReadError, type Invoice, type InvoiceLine } from './invoice.rules';
import { findInvoiceTransactions, mapX12Invoice, readIsaDelimiters, splitX12Segments } from './x12-invoice.rules';
import { printX12Invoice } from './x12-print.rules';

const ISA = 'ISA*00*          *00*          *ZZ*SYSCO          *ZZ*STOCKPOT       *261120*1200*U*00401*000000001*0*P*>~';

function edi(body: string[], delimiters = { element: '*', segment: '~' }): string {
  const isa = ISA.replace(/\*/g, delimiters.element).replace(/~$/, delimiters.segment);
  const segments = [
    'GS*IN*SYSCO*STOCKPOT*20261120*1200*1*X*004010',
    'ST*810*0001',
    ...body,
    'SE*9*0001',
    'GE*1*1',
    'IEA*1*000000001',
  ];
  return isa + segments.map((s) => s.replace(/\*/g, delimiters.element) + delimiters.segment).join('\n');
}

const read = (text: string) => mapX12Invoice(findInvoiceTransactions(splitX12Segments(text))[0]);

describe('X12 810 to our invoice', () => {
  const body = [
    'BIG*20261120*INV-5001*20261118*PO-42',
    'ITD*01*3*2**10**30*****2% 10 NET 30',
    'IT1*1*4*CA*12.5**UP*00012345678905*VN*001234',
    'PID*F****Chicken Breast 6 oz',
    'IT1*2*41.25*31*3.4567**VN*5678',
    'PID*F****Ribeye catch weight',
    'TDS*19259',
    'CTT*2',
  ];

  it('maps BIG, ITD, IT1 (VN/UP pairs in any order, unit 31 catch weight), PID and TDS', () => {
    const invoice = read(edi(body));
    expect(invoice).toMatchObject({
      invoiceNumber: 'INV-5001',
      invoiceDate: '2026-11-20',
      poDate: '2026-11-18',
      poNumber: 'PO-42',
      terms: { typeCode: '01', discountPercent: '2', discountDays: 10, netDays: 30, description: '2% 10 NET 30' },
      total: 19259,
    });
    expect(invoice.lines[0]).toEqual({
      lineNumber: 1,
      itemNumber: '001234',
      upc: '00012345678905',
      description: 'Chicken Breast 6 oz',
      quantity: '4',
      unitCode: 'CA',
      unitPrice: 125000,
      amount: 5000,
    });
    // 41.25 lb × $3.4567 = $142.588875 → $142.59; with $50.00 the lines make the TDS total.
    expect(invoice.lines[1]).toMatchObject({ quantity: '41.25', unitCode: '31', unitPrice: 34567, amount: 14259 });
    expect(invoice.lines[0].amount + invoice.lines[1].amount).toBe(invoice.total);
  });

  it('reads whatever separators the ISA declares', () => {
    const invoice = read(edi(body, { element: '|', segment: "'" }));
    expect(invoice.invoiceNumber).toBe('INV-5001');
    expect(invoice.lines).toHaveLength(2);
    expect(readIsaDelimiters(edi(body, { element: '^', segment: '\n' }))).toEqual({
      element: '^',
      component: '>',
      segment: '\n',
    });
  });

  it('refuses a total that is not the sum of the lines, saying both amounts', () => {
    const wrong = body.map((s) => (s.startsWith('TDS') ? 'TDS*20000' : s));
    expect(() => read(edi(wrong))).toThrow('Invoice INV-5001: its total (TDS) is $200.00 but its 2 lines add up to $192.59.');
  });

  it('refuses a file that is not an 810, saying what it holds', () => {
    const order = edi(body).replace('ST*810', 'ST*850');
    expect(() => read(order)).toThrow('This file holds an X12 850 transaction, not an 810 invoice.');
    expect(() => splitX12Segments('hello,world')).toThrow(InvoiceReadError);
  });

  it('names the element that is not a date or an amount', () => {
    expect(() => read(edi(body.map((s) => (s.startsWith('BIG') ? 'BIG*2026-11*INV-1' : s))))).toThrow(
      'The invoice date (BIG01) "2026-11" is not a date written CCYYMMDD.',
    );
    expect(() => read(edi(body.map((s) => (s.startsWith('IT1*1') ? 'IT1*1*four*CA*12.5' : s))))).toThrow(
      'IT1 line 1: quantity "four" is not a number',
    );
  });
});

const text = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,./-]{0,30}[A-Za-z0-9]$/);
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const quantity = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 999 }))
  .map(([whole, thousandths]) =>
    thousandths === 0 ? String(whole) : `${whole}.${String(thousandths).padStart(3, '0')}`.replace(/0+$/, ''),
  );
const line = fc.record({
  itemNumber: fc.option(fc.stringMatching(/^[A-Z0-9]{1,12}$/), { nil: null }),
  upc: fc.option(fc.stringMatching(/^\d{12,14}$/), { nil: null }),
  description: fc.oneof(fc.constant(''), text),
  quantity,
  unitCode: fc.constantFrom('CA', 'LB', 'EA', '31'),
  unitPrice: fc.integer({ min: 0, max: 99_999_999 }),
});
const invoiceArb = fc
  .record({
    invoiceNumber: fc.stringMatching(/^[A-Z0-9-]{1,20}$/).filter((s) => s !== '-' && /[A-Z0-9]/.test(s)),
    invoiceDate: isoDate,
    poNumber: fc.option(
      fc.stringMatching(/^[A-Z0-9-]{1,15}$/).filter((s) => /[A-Z0-9]/.test(s)),
      { nil: null },
    ),
    poDate: fc.option(isoDate, { nil: null }),
    terms: fc.option(
      fc.record({
        typeCode: fc.constantFrom('01', '05', '08'),
        discountPercent: fc.option(fc.constantFrom('1', '2', '2.5'), { nil: null }),
        discountDays: fc.option(fc.integer({ min: 0, max: 99 }), { nil: null }),
        netDays: fc.option(fc.integer({ min: 0, max: 365 }), { nil: null }),
        description: fc.oneof(fc.constant(''), text),
      }),
      { nil: null },
    ),
    lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  })
  .map((raw): Invoice => {
    const lines: InvoiceLine[] = raw.lines.map((l, i) => ({
      ...l,
      lineNumber: i + 1,
      amount: getInvoiceLineAmount(l.quantity, l.unitPrice),
    }));
    return { ...raw, lines, total: lines.reduce((sum, l) => sum + l.amount, 0) };
  });

describe('810 printer', () => {
  it('print → read gives back the invoice, whatever the separators (property)', () => {
    const delimiters = fc.constantFrom(
      { element: '*', component: '>', segment: '~' },
      { element: '|', component: ':', segment: '\n' },
      { element: '^', component: '\\', segment: "'" },
    );
    fc.assert(
      fc.property(invoiceArb, delimiters, fc.constantFrom('', '\n'), (invoice, d, lineBreak) => {
        const printed = printX12Invoice(invoice, { delimiters: d, lineBreak: d.segment === '\n' ? '' : lineBreak });
        expect(read(printed)).toEqual(invoice);
      }),
      { numRuns: 200 },
    );
  });

  it('writes a fixed-width ISA of 106 characters', () => {
    const printed = printX12Invoice(fc.sample(invoiceArb, { numRuns: 1, seed: 7 })[0]);
    expect(printed.indexOf('~')).toBe(105);
  });
});
