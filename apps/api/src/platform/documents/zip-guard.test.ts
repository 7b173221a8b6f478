import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildZip } from '../../test-support/zip-builder';
import { checkZipArchive } from './zip-guard';

const limits = { maxUncompressedBytes: 1_000_000, maxEntries: 10 };

describe('zip bombs in uploaded spreadsheets (issue 14 "Uploads and exports")', () => {
  it('lets a real .xlsx through', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Guide').addRows([
      ['Product Number', 'Product Description'],
      ['001234', 'Chicken breast'],
    ]);
    expect(checkZipArchive(Buffer.from(await workbook.xlsx.writeBuffer()))).toBeNull();
    expect(checkZipArchive(buildZip([{ name: 'a.xml', content: Buffer.from('<a/>') }]), limits)).toBeNull();
    expect(checkZipArchive(buildZip([{ name: 'a.xml', content: Buffer.from('<a/>'), stored: true }]), limits)).toBeNull();
  });

  it('refuses parts that declare more than the limit in all, without inflating them', () => {
    const honest = buildZip([
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(600_000) },
      { name: 'xl/worksheets/sheet2.xml', content: Buffer.alloc(600_000) },
    ]);
    // A few kilobytes on the wire, 1.2 MB inflated.
    expect(honest.length).toBeLessThan(5_000);
    expect(checkZipArchive(honest, limits)).toBe('too-large');
    // Four gigabytes declared: refused from the directory alone.
    const declared = buildZip([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.from('<a/>'), declaredSize: 0xfffffffe }]);
    expect(checkZipArchive(declared)).toBe('too-large');
  });

  it('refuses a part that inflates past the size it declares (a lying bomb)', () => {
    const lying = buildZip([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(5_000_000), declaredSize: 1_000 }]);
    expect(checkZipArchive(lying, limits)).toBe('too-large');
    expect(checkZipArchive(lying)).toBe('too-large');
  });

  it('refuses too many parts', () => {
    const parts = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.xml`, content: Buffer.from('<a/>') }));
    expect(checkZipArchive(buildZip(parts), limits)).toBe('too-large');
  });

  it('says an archive whose directory cannot be read is not a zip', () => {
    const zip = buildZip([{ name: 'a.xml', content: Buffer.from('<a>hello</a>') }]);
    expect(checkZipArchive(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe('not-a-zip');
    expect(checkZipArchive(zip.subarray(0, zip.length - 30))).toBe('not-a-zip');
    const shorter = buildZip([{ name: 'a.xml', content: Buffer.from('<a>hello</a>'), declaredSize: 50 }]);
    expect(checkZipArchive(shorter)).toBe('not-a-zip');
  });
});
