import { describe, expect, it } from 'vitest';
import { LIBREOFFICE_KINDS as KINDS, libreOfficeFile } from '../../test-support/libreoffice-files';
import { readSheetRows } from './spreadsheet-reader';

describe('spreadsheets written by LibreOffice', () => {
  it('reads a US Foods guide identically from csv, xlsx, xls and ods: leading zeros kept, formula-like text as data', async () => {
    const expected = [
      ['Product Number', 'Product Description', 'Product Brand', 'Product Package Size', 'Product Price'],
      ['001234', '=HYPERLINK("x")', '@brand', '4/5 LB', '54.95'],
      ['5678', '-Dash', '+Plus', '1/50#', '12'],
      ['990011', 'CHICKEN BREAST 6 OZ', 'Harbor', '4/10 LB', '89.5'],
    ];
    for (const kind of KINDS) {
      expect(await readSheetRows(await libreOfficeFile(`us-foods-guide.${kind}`), kind), kind).toEqual(expected);
    }
  });

  it('reads accounting tags identically from the four formats, a DIN typed as a number read as its digits', async () => {
    const rows = await Promise.all(
      KINDS.map(async (kind) => readSheetRows(await libreOfficeFile(`accounting-tags.${kind}`), kind)),
    );
    for (const [index, kind] of KINDS.entries()) expect(rows[index], kind).toEqual(rows[0]);
    expect(rows[0][2]).toEqual([
      '',
      'Northeast Provisions',
      '208793',
      'TOILET TISSUE JUMBO ROLL HEAVY DUTY 1/24 EA',
      'LibreOffice Paper Co',
      'Janitorial',
      '6100 Supplies',
    ]);
  });
});
