import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defuseFormulaText, parseCsv, toCsvLine } from './csv.rules';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, CRLF and a byte-order mark, keeping cells as text', () => {
    expect(parseCsv('\uFEFFa,"b,c","say ""hi"""\r\n001234,=1+1,\n')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['001234', '=1+1', ''],
    ]);
  });

  it('round-trips any table written with toCsvLine, text defused (property)', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', ' ', '=', '1', '-', '@', '+', '\t') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (table) => {
        const text = table.map((row) => toCsvLine(row)).join('\r\n');
        expect(parseCsv(text)).toEqual(table.map((row) => row.map(defuseFormulaText)));
      }),
    );
  });
});

describe('defuseFormulaText', () => {
  it('neutralises text a spreadsheet would run', () => {
    for (const text of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '\n=1', '=HYPERLINK("http://x","y")', '-x']) {
      expect(defuseFormulaText(text)).toBe(`'${text}`);
    }
    expect(defuseFormulaText('Milk')).toBe('Milk');
  });

  it('leaves plain numbers, negative ones included, as numbers', () => {
    for (const text of ['12', '-3.50', '0.00', '-12']) expect(defuseFormulaText(text)).toBe(text);
  });

  it('writes numbers as numbers and defuses text in a CSV line', () => {
    expect(toCsvLine(['=1+1', -12.5, '-3.50', 'a,b', '\r=2'])).toBe(`'=1+1,-12.5,-3.50,"a,b","'\r=2"`);
  });
});
