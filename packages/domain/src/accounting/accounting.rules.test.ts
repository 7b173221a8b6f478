import { describe, expect, it } from 'vitest';
import { ACCOUNTING_EMPTY_TIPS, ACCOUNTING_MESSAGES, parsePayableTerms, planAccountingName } from './accounting.rules';
import {
  checkAccountingUploadFile,
  detectAccountingSpreadsheetKind,
  mapBulkHeader,
  validateBulkRow,
  type BulkColumns,
} from './accounting-upload.rules';
import {
  buildQuickbooksIif,
  buildQuickbooksOnlineCsv,
  toSafeCsvField,
  toSafeSpreadsheetText,
  type Bill,
} from './accounting-export.rules';
import { accountingListQuerySchema, accountingTagBodySchema, quickbooksQuerySchema } from './accounting.schema';

describe('empty search (doc 3 §2.8)', () => {
  it("says the spec's words: no exact match, 'Check your spelling', 'Try to use less specific words'", () => {
    expect(ACCOUNTING_MESSAGES.empty).toBe('Sorry, there are no exact match results found');
    expect(ACCOUNTING_EMPTY_TIPS).toEqual(['Check your spelling', 'Try to use less specific words']);
  });
});

describe('supplier, category and GL code creation (doc 3 §5)', () => {
  const suppliers = [{ id: 1, name: 'Sysco Boston' }];
  it('ignores a blank value', () => {
    expect(planAccountingName(suppliers, '   ', (s) => s.name)).toEqual({ action: 'ignore' });
    expect(planAccountingName(suppliers, '', (s) => s.name)).toEqual({ action: 'ignore' });
  });
  it('does not create a case-insensitive duplicate', () => {
    expect(planAccountingName(suppliers, ' sysco  BOSTON ', (s) => s.name)).toEqual({ action: 'existing', entry: suppliers[0] });
  });
  it('creates a new trimmed name', () => {
    expect(planAccountingName(suppliers, '  Baldor  Foods ', (s) => s.name)).toEqual({ action: 'create', name: 'Baldor Foods' });
  });
});

describe('payable terms (doc 3 §5: saved only if a non-zero number)', () => {
  it.each([
    ['14', 14],
    [30, 30],
    [' 7 ', 7],
  ])('saves %s', (value, days) => expect(parsePayableTerms(value)).toBe(days));
  it.each(['0', 0, '', 'abc', '-3', '2.5', '1e3', null, undefined, '366'])('does not save %s', (value) =>
    expect(parsePayableTerms(value as string)).toBeNull(),
  );
});

describe('bulk upload file (doc 3 §5)', () => {
  it('refuses a file over 24,000,000 bytes', () => {
    expect(checkAccountingUploadFile({ name: 'tags.xlsx', size: 24_000_001 })).toBe('File size is too big.');
    expect(checkAccountingUploadFile({ name: 'tags.xlsx', size: 24_000_000 })).toBeNull();
  });
  it('accepts csv, xls, xlsx and ods and refuses other types', () => {
    for (const name of ['a.csv', 'a.XLS', 'a.xlsx', 'a.ods']) expect(checkAccountingUploadFile({ name, size: 10 })).toBeNull();
    expect(checkAccountingUploadFile({ name: 'a.pdf', size: 10 })).toBe('Please choose another file type.');
    expect(checkAccountingUploadFile({ name: 'a.csv', size: 10, type: 'image/png' })).toBe('Please choose another file type.');
  });
  it('tells the kind by content', () => {
    const enc = new TextEncoder();
    expect(detectAccountingSpreadsheetKind(enc.encode('Item ID,Supplier\n1,A'))).toBe('csv');
    expect(detectAccountingSpreadsheetKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('xls');
    const zipHead = (name: string, content: string) => {
      const bytes = new Uint8Array(30 + name.length + content.length);
      bytes.set([0x50, 0x4b, 0x03, 0x04]);
      bytes[26] = name.length;
      bytes.set(enc.encode(name), 30);
      bytes.set(enc.encode(content), 30 + name.length);
      return bytes;
    };
    expect(detectAccountingSpreadsheetKind(zipHead('mimetype', 'application/vnd.oasis.opendocument.spreadsheet'))).toBe('ods');
    expect(detectAccountingSpreadsheetKind(zipHead('mimetype', 'application/vnd.oasis.opendocument.text'))).toBeNull();
    expect(detectAccountingSpreadsheetKind(zipHead('[Content_Types].xml', '<x/>'))).toBe('xlsx');
    expect(detectAccountingSpreadsheetKind(zipHead('META-INF/manifest.xml', '<m/>content.xml'))).toBe('ods');
    expect(detectAccountingSpreadsheetKind(zipHead('word/document.xml', '<w/>'))).toBeNull();
    expect(detectAccountingSpreadsheetKind(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1]))).toBeNull();
    expect(detectAccountingSpreadsheetKind(new Uint8Array())).toBeNull();
  });
});

describe('bulk upload rows', () => {
  const header = mapBulkHeader(['Item ID', 'Distributor', 'DIN', 'Item', 'Supplier', 'Category', 'GL Code']);
  const columns = ('columns' in header ? header.columns : null) as BulkColumns;
  it('maps the template header in any case and order', () => {
    expect(mapBulkHeader(['gl code', 'DIN'])).toEqual({
      columns: { itemId: null, distributor: null, din: 1, supplier: null, category: null, glCode: 0 },
    });
    expect(mapBulkHeader(['Name', 'Price'])).toHaveProperty('error');
  });
  it('reads a valid row, blank cells leaving tags unchanged', () => {
    expect(validateBulkRow(['12', 'Harborline', '100', 'Oil', ' Sysco ', '', '5010'], columns, 2)).toEqual({
      row: 2,
      itemDistributorId: 12,
      distributor: 'Harborline',
      din: '100',
      supplier: 'Sysco',
      category: null,
      glCode: '5010',
    });
  });
  it('refuses rows a person can fix', () => {
    expect(validateBulkRow(['abc', '', '', '', 'A', '', ''], columns, 3)).toEqual({
      row: 3,
      message: 'Item ID "abc" is not a whole number.',
    });
    expect(validateBulkRow(['', '', '', '', 'A', '', ''], columns, 4)).toEqual({
      row: 4,
      message: 'Fill in the Item ID or the DIN of the item.',
    });
    expect(validateBulkRow(['5', '', '', '', '', '', ''], columns, 5)).toMatchObject({
      itemDistributorId: 5,
      supplier: null,
      glCode: null,
    });
    expect(validateBulkRow(['5', '', '', '', 'x'.repeat(101), '', ''], columns, 6)).toHaveProperty('message');
  });
});

describe('formula injection', () => {
  it.each(['=1+1', '+1', '-1+A1', '@SUM(A1)', '\t=1', '\r=1', '\n=1', '=HYPERLINK("http://x","y")'])('defuses %j', (value) => {
    expect(toSafeSpreadsheetText(value).startsWith("'")).toBe(true);
  });
  it('leaves a plain number, negative included, a number as every export does', () => {
    expect(toSafeSpreadsheetText('-1')).toBe('-1');
    expect(toSafeSpreadsheetText('12.50')).toBe('12.50');
  });
  it('quotes CSV fields that need it', () => {
    expect(toSafeCsvField('a,b')).toBe('"a,b"');
    expect(toSafeCsvField('=cmd|"/c calc"!A1')).toBe('"\'=cmd|""/c calc""!A1"');
    expect(toSafeCsvField('Plain')).toBe('Plain');
  });
});

const bills: Bill[] = [
  {
    docNumber: 'PO-7',
    vendor: 'Harborline Foodservice',
    date: '2026-11-02',
    termsDays: 14,
    memo: 'Order 7',
    lines: [
      { account: '5010 Food Cost', description: 'Olive oil 6/1 LT', amountCents: 12345 },
      { account: '5020 Paper', description: '=cmd()', amountCents: 655 },
      { account: 'Uncategorized Expense', description: 'Market fish', amountCents: 0 },
    ],
  },
  { docNumber: 'PO-8', vendor: 'Empty', date: '2026-11-03', termsDays: 0, memo: '', lines: [] },
];

describe('QuickBooks Desktop IIF bills', () => {
  const lines = buildQuickbooksIif(bills).split('\r\n');
  it('starts with the three header rows', () => {
    expect(lines[0].split('\t')).toEqual([
      '!TRNS',
      'TRNSID',
      'TRNSTYPE',
      'DATE',
      'ACCNT',
      'NAME',
      'AMOUNT',
      'DOCNUM',
      'MEMO',
      'DUEDATE',
      'TERMS',
    ]);
    expect(lines[1].split('\t')[0]).toBe('!SPL');
    expect(lines[2]).toBe('!ENDTRNS');
  });
  it('credits Accounts Payable and debits the GL codes, summing to zero', () => {
    expect(lines[3].split('\t')).toEqual([
      'TRNS',
      '',
      'BILL',
      '11/02/26',
      'Accounts Payable',
      'Harborline Foodservice',
      '-130.00',
      'PO-7',
      'Order 7',
      '11/16/26',
      'Net 14',
    ]);
    expect(lines[4].split('\t')).toEqual([
      'SPL',
      '',
      'BILL',
      '11/02/26',
      '5010 Food Cost',
      'Harborline Foodservice',
      '123.45',
      'PO-7',
      'Olive oil 6/1 LT',
    ]);
    expect(lines[5].split('\t')[8]).toBe("'=cmd()");
    expect(lines[6]).toBe('ENDTRNS');
    const amounts = lines.slice(3, 6).map((line) => Math.round(Number(line.split('\t')[6]) * 100));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(0);
  });
  it('leaves out zero lines and empty bills', () => {
    expect(lines.filter((line) => line.startsWith('TRNS\t'))).toHaveLength(1);
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(8);
  });
});

describe('QuickBooks Online bill CSV', () => {
  it('writes one row per line with formula-safe cells', () => {
    const rows = buildQuickbooksOnlineCsv(bills).trimEnd().split('\r\n');
    expect(rows[0]).toBe('Bill No,Supplier,Bill Date,Due Date,Terms,Memo,Account,Line Description,Line Amount');
    expect(rows[1]).toBe(
      'PO-7,Harborline Foodservice,11/02/2026,11/16/2026,Net 14,Order 7,5010 Food Cost,Olive oil 6/1 LT,123.45',
    );
    expect(rows[2]).toBe("PO-7,Harborline Foodservice,11/02/2026,11/16/2026,Net 14,Order 7,5020 Paper,'=cmd(),6.55");
    expect(rows).toHaveLength(3);
  });
});

describe('schemas', () => {
  it('reads filterOptions with defaults', () => {
    expect(accountingListQuerySchema.parse({}).filterOptions).toEqual({ search: '', sort: 'most_purchased', product: 'ALL' });
    expect(accountingListQuerySchema.safeParse({ filterOptions: '{bad' }).success).toBe(false);
    expect(accountingListQuerySchema.safeParse({ filterOptions: '[1]' }).success).toBe(false);
  });
  it('takes exactly one tag', () => {
    expect(accountingTagBodySchema.safeParse({ item_distributor_id: 1, merchant_accounting_supplier_id: 2 }).success).toBe(true);
    expect(accountingTagBodySchema.safeParse({ item_distributor_id: 1, merchant_accounting_supplier_id: null }).success).toBe(
      true,
    );
    expect(accountingTagBodySchema.safeParse({ item_distributor_id: 1 }).success).toBe(false);
    expect(
      accountingTagBodySchema.safeParse({
        item_distributor_id: 1,
        merchant_accounting_supplier_id: 2,
        merchant_accounting_gl_code_id: 3,
      }).success,
    ).toBe(false);
  });
  it('checks the export date range', () => {
    expect(quickbooksQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-01-31' }).success).toBe(true);
    expect(quickbooksQuerySchema.safeParse({ startDate: '2026-02-30', endDate: '2026-03-01' }).success).toBe(false);
    expect(quickbooksQuerySchema.safeParse({ startDate: '2026-02-01', endDate: '2026-01-01' }).success).toBe(false);
    expect(quickbooksQuerySchema.safeParse({ startDate: '2020-01-01', endDate: '2026-01-01' }).success).toBe(false);
  });
});
