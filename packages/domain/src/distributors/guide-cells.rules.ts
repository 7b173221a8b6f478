/**
 * Cells of an uploaded order guide (issue 20 "Real files"): prices, packs and flags as distributors
 * write them, read into the catalogue's notation. Exact decimal arithmetic, never floating point.
 */
import { normaliseUom, parsePackSize } from '../catalog/pack-size.rules';

/** A cell of a row, trimmed; empty when the column is not in the file or the row is short. */
export const readCell = (row: readonly string[], index: number | undefined): string =>
  index === undefined ? '' : (row[index] ?? '').trim();

/** Yes/no flags as exports write them: Y, Yes, X, True, 1. */
export function isTruthyFlag(text: string): boolean {
  return /^(y|yes|x|true|1|\*)$/i.test(text.trim());
}

/**
 * A price cell ("$1,234.50", "54.9", "MKT") in cents; null when empty or not a price. Exact
 * decimal arithmetic on the digits, never floating point.
 */
export function parsePriceCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{0,4}))?$/.exec(cleaned);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(4, '0');
  const tenThousandths = Number(match[1]) * 10_000 + Number(fraction);
  // Half up to the cent.
  return Math.floor((tenThousandths + 50) / 100);
}

const POUND_SIGN = /^(\d+(?:\.\d+)?)\s*#$/;

/**
 * Pack strings as distributors write them, to the catalogue's "outer/inner UOM" notation:
 * `4/5 LB`, `1/50#` (# after a number is pounds), `4/128/OZ`, `15LB` (one pack), `6/#10 CN`.
 * Returns the text as written (trimmed, upper case) when it is not a pack this rule understands.
 */
export function normalisePackString(text: string): string {
  const raw = text.trim().replace(/\s+/g, ' ').toUpperCase();
  if (raw === '') return '';
  const parts = raw.split('/').map((part) => part.trim());
  let outer = '1';
  let rest: string;
  if (parts.length === 1) rest = parts[0];
  else if (parts.length === 2) [outer, rest] = parts;
  else if (parts.length === 3 && /^\d+(\.\d+)?$/.test(parts[1])) {
    // "4/128/OZ": outer / inner / unit.
    outer = parts[0];
    rest = `${parts[1]} ${parts[2]}`;
  } else return raw;
  if (!/^\d+$/.test(outer)) return raw;
  const pound = POUND_SIGN.exec(rest);
  if (pound) rest = `${pound[1]} LB`;
  const match = /^(#?\d+(?:\.\d+)?)\s*([A-Z][A-Z .#]*)$/.exec(rest);
  if (!match) return raw;
  const uom = match[1].startsWith('#') ? match[2].trim() : normaliseUom(match[2]);
  const candidate = `${Number(outer)}/${match[1]} ${uom}`;
  return parsePackSize(candidate) ? candidate : raw;
}

/** Sysco writes the pack count and the size in two columns ("4" and "5LB" or "5" + unit "LB"). */
export function packFromParts(pack: string, size: string, unit: string): string {
  if (pack === '' && size === '') return '';
  const sizeText = /^#?\d+(\.\d+)?$/.test(size) && unit !== '' && !/^(CS|EA)$/i.test(unit) ? `${size} ${unit}` : size;
  return normalisePackString(pack === '' ? sizeText : `${pack}/${sizeText}`);
}

export function toUnitMeasure(text: string, isCatchWeight: boolean): 'CS' | 'EA' | 'LB' {
  if (isCatchWeight) return 'LB';
  const upper = text.trim().toUpperCase();
  if (upper === 'EA' || upper === 'EACH') return 'EA';
  if (upper === 'LB' || upper === 'LBS') return 'LB';
  return 'CS';
}
