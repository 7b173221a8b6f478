/**
 * CSV as distributors export it (RFC 4180: quoted fields, doubled quotes, CRLF or LF, a byte-order
 * mark at the start). Every cell stays text: "001234" keeps its zeros and "=1+1" is just those
 * characters (issue 20: cells are data, never formulas).
 */
export function parseCsv(text: string): string[][] {
  const reader = createCsvReader();
  return [...reader.push(text), ...reader.end()];
}

/**
 * The same reader fed piece by piece (a file read as a stream, issue 20's 50,000-row guides): each
 * `push` returns the records completed by that piece, `end` the last one. Any split of a text into
 * pieces gives exactly `parseCsv(text)`: a quote, a CR or a multi-character state waits for the next
 * piece. Text only: the caller decodes bytes (a streaming decoder keeps multi-byte characters whole).
 */
export interface CsvReader {
  push(text: string): string[][];
  end(): string[][];
}

export function createCsvReader(): CsvReader {
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  /** In a quoted field, a quote was the last character of the previous piece (closing or doubled). */
  let isQuotePending = false;
  /** A CR ended the previous piece: a LF at the start of the next belongs to it. */
  let isCrPending = false;
  let isStart = true;
  const endRecord = (rows: string[][]) => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  return {
    push(text) {
      const rows: string[][] = [];
      let input = text;
      if (isStart && input.length > 0) {
        isStart = false;
        if (input.startsWith('\uFEFF')) input = input.slice(1);
      }
      let i = 0;
      if (isCrPending && input.length > 0) {
        isCrPending = false;
        if (input[0] === '\n') i = 1;
      }
      if (isQuotePending && input.length > 0) {
        isQuotePending = false;
        if (input[i] === '"') {
          field += '"';
          i += 1;
        } else isQuoted = false;
      }
      for (; i < input.length; i += 1) {
        const char = input[i];
        if (isQuoted) {
          if (char === '"') {
            if (i + 1 === input.length) isQuotePending = true;
            else if (input[i + 1] === '"') {
              field += '"';
              i += 1;
            } else isQuoted = false;
          } else {
            // A run of plain characters is copied at once.
            const next = input.indexOf('"', i);
            const stop = next === -1 ? input.length : next;
            field += input.slice(i, stop);
            i = stop - 1;
          }
        } else if (char === '"' && field === '') isQuoted = true;
        else if (char === ',') {
          row.push(field);
          field = '';
        } else if (char === '\n' || char === '\r') {
          if (char === '\r') {
            if (i + 1 === input.length) isCrPending = true;
            else if (input[i + 1] === '\n') i += 1;
          }
          endRecord(rows);
        } else field += char;
      }
      return rows;
    },
    end() {
      const rows: string[][] = [];
      if (isQuotePending) isQuoted = false;
      isQuotePending = false;
      isCrPending = false;
      if (field !== '' || row.length > 0) endRecord(rows);
      return rows;
    },
  };
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

/**
 * The inverse of defuseFormulaText for a file we wrote coming back (the accounting template filled
 * in and uploaded): one leading apostrophe before a formula character is dropped, so "=HYPERLINK(…)"
 * survives the round trip. Text typed as "'=…" on purpose comes back without its apostrophe too.
 */
export function restoreDefusedText(text: string): string {
  return /^'[=+\-@\t\r\n]/.test(text) ? text.slice(1) : text;
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
