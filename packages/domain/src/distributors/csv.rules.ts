/**
 * CSV as distributors export it (RFC 4180: quoted fields, doubled quotes, CRLF or LF, a byte-order
 * mark at the start). Every cell stays text: "001234" keeps its zeros and "=1+1" is just those
 * characters (issue 20: cells are data, never formulas).
 */
export function parseCsv(text: string): string[][] {
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

/**
 * Text written to a downloaded sheet or CSV (issue 14 "formula injection in every export"): text
 * starting with `=`, `+`, `-`, `@`, a tab or a line break gets a leading apostrophe so no
 * spreadsheet program runs it as a formula ("=HYPERLINK(…)" stays those characters). A plain decimal
 * number ("12", "-3.50") is left as it is: a spreadsheet reads it as a number, never a formula, so
 * credits and negative amounts stay numeric. The one rule every export uses.
 */
export function defuseFormulaText(text: string): string {
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  return /^[=+\-@\t\r\n]/.test(text) ? `'${text}` : text;
}

/** A CSV cell: text (defused, see defuseFormulaText) or a number (written as it is). */
export type CsvCell = string | number;

/**
 * One CSV line of a file Stockpot serves: text is defused (defuseFormulaText), numbers stay
 * numbers, and a field is quoted when it holds a comma, quote or line break.
 */
export function toCsvLine(fields: readonly CsvCell[]): string {
  return fields
    .map((field) => {
      const text = typeof field === 'number' ? String(field) : defuseFormulaText(field);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}
