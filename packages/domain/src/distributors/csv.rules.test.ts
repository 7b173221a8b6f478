import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createCsvReader, defuseFormulaText, parseCsv, restoreDefusedText, toCsvLine } from './csv.rules';

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

/** The one-pass reader parseCsv was before it read pieces (issue 20): the oracle for the streaming one. */
function parseWhole(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i];
    if (isQuoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 1;
        } else isQuoted = false;
      } else field += char;
    } else if (char === '"' && field === '') isQuoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Feeds `text` to a streaming reader cut at the given positions. */
function readInPieces(text: string, cuts: number[]): string[][] {
  const reader = createCsvReader();
  const rows: string[][] = [];
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    rows.push(...reader.push(text.slice(from, cut)));
    from = cut;
  }
  rows.push(...reader.push(text.slice(from)));
  rows.push(...reader.end());
  return rows;
}

describe('createCsvReader (a CSV read as a stream)', () => {
  it('gives the same records whatever the pieces: a CRLF, a doubled quote and the byte-order mark cut in two', () => {
    const text = '\uFEFFa,"b ""x""",c\r\n1,"2\r\n3",4\r5\n';
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(readInPieces(text, [cut]), `cut at ${cut}`).toEqual(parseWhole(text));
    }
    expect(readInPieces('"a""', [3])).toEqual([['a"']]);
    expect(readInPieces('"a"\r', [4])).toEqual([['a']]);
  });

  it('reads any text cut anywhere exactly as the whole text is read (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', '1', ',', '"', '\r', '\n', ' ', '=', '\uFEFF'), maxLength: 60 });
    fc.assert(
      fc.property(text, fc.array(fc.nat({ max: 60 }), { maxLength: 6 }), (input, cuts) => {
        const inside = cuts.map((cut) => Math.min(cut, input.length));
        expect(readInPieces(input, inside)).toEqual(parseWhole(input));
        expect(parseCsv(input)).toEqual(parseWhole(input));
      }),
      { numRuns: 500 },
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

describe('restoreDefusedText', () => {
  it('gives back any text a file of ours defused (fast-check), and drops only the apostrophe defusing adds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[=+\-@\t][^']{0,10}$/)), (text) => {
        fc.pre(!text.startsWith("'"));
        expect(restoreDefusedText(defuseFormulaText(text))).toBe(text);
      }),
    );
    expect(restoreDefusedText("'=HYPERLINK(1)")).toBe('=HYPERLINK(1)');
    expect(restoreDefusedText("'tis")).toBe("'tis");
    expect(restoreDefusedText('-3.50')).toBe('-3.50');
  });
});
