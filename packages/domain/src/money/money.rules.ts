/**
 * Money lives in integers: cents for amounts, ten-thousandths of a dollar for unit prices
 * (ARCHITECTURE.md "money"). SQL `numeric` values arrive as decimal strings and are parsed here
 * without ever passing through a float.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses a decimal string ("12.3456") into an integer of the given scale, rounding half away from zero. */
export function parseDecimal(value: string, scale: number): number {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`Not a decimal amount: "${value}"`);
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  const roundUp = fraction.length > scale && Number(fraction[scale]) >= 5;
  const magnitude = Number(whole) * 10 ** scale + Number(kept || '0') + (roundUp ? 1 : 0);
  return sign ? -magnitude : magnitude;
}

/** Parses an SQL numeric dollar amount into cents. */
export function parseCents(value: string): number {
  return parseDecimal(value, 2);
}

/** Parses an SQL numeric unit price into ten-thousandths of a dollar. */
export function parseUnitPrice(value: string): number {
  return parseDecimal(value, 4);
}

/** Renders an integer of the given scale as a decimal string for SQL ("1234" → "12.34"). */
export function toDecimalString(amount: number, scale: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(scale + 1, '0');
  return scale === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Formats cents as `$0,0.00` (doc 1 §9, doc 3 §9). */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const [whole, fraction] = toDecimalString(Math.abs(cents), 2).split('.');
  return `${sign}$${groupThousands(whole)}.${fraction}`;
}

/** Formats a unit price (1/10000 dollars) to 4 decimals, or 'Unit Price below $0.01' under a cent (doc 1 §2). */
export function formatUnitPrice(tenThousandths: number): string {
  if (tenThousandths >= 0 && tenThousandths < 100) return 'Unit Price below $0.01';
  const sign = tenThousandths < 0 ? '-' : '';
  const [whole, fraction] = toDecimalString(Math.abs(tenThousandths), 4).split('.');
  return `${sign}$${groupThousands(whole)}.${fraction}`;
}
