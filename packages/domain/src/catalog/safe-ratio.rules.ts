/**
 * Exact rational arithmetic on plain integers, for the hot paths that would otherwise build BigInts
 * (the inventory view prices and counts about 300 items an answer). Every operation here is exact:
 * each product is checked to stay within Number.MAX_SAFE_INTEGER (2^53 − 1), where doubles hold
 * integers exactly, and callers fall back to the BigInt rules when it does not. Rounding depends
 * only on the value of num/den, so reducing a fraction first (by its gcd) never changes a result:
 * it only keeps the products small.
 */
import type { Ratio } from '../units/ratio';

/** a × b when the product is a safe integer, else NaN (which fails every later check). */
export function safeMul(a: number, b: number): number {
  const product = a * b;
  return Number.isSafeInteger(product) ? product : Number.NaN;
}

/** a + b when the sum is a safe integer, else NaN. */
export function safeAdd(a: number, b: number): number {
  const sum = a + b;
  return Number.isSafeInteger(sum) ? sum : Number.NaN;
}

/** Greatest common divisor of two safe integers (0 when both are 0). */
export function gcdSafe(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    const rest = x % y;
    x = y;
    y = rest;
  }
  return x;
}

/** floor(a / b) of a safe integer a ≥ 0 and b > 0, exact: the float quotient corrected by its remainder. */
function floorDivNonNegative(a: number, b: number): number {
  let quotient = Math.floor(a / b);
  const rest = a - quotient * b;
  if (rest < 0) quotient -= 1;
  else if (rest >= b) quotient += 1;
  return quotient;
}

/**
 * num/den rounded to the nearest integer, halves away from zero: roundRatio of pack-size.rules on
 * safe integers. NaN when an operand or 2·|num| + |den| is not a safe integer (the caller falls back).
 */
export function roundDivSafe(num: number, den: number): number {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den === 0) return Number.NaN;
  const n = Math.abs(num);
  const d = Math.abs(den);
  const top = safeAdd(safeMul(2, n), d);
  const bottom = safeMul(2, d);
  // top + bottom bounds the quotient × divisor of the remainder check below.
  if (Number.isNaN(safeAdd(top, bottom))) return Number.NaN;
  const rounded = floorDivNonNegative(top, bottom);
  // 0 - x, not -x: a rounded zero stays +0, as Number(0n) is.
  return num < 0 !== den < 0 ? 0 - rounded : rounded;
}

/** A BigInt ratio reduced by its gcd, as safe integers; null when either part is not one. */
export function toSafeRatio(value: Ratio): { num: number; den: number } | null {
  let a = value.num < 0n ? -value.num : value.num;
  let b = value.den < 0n ? -value.den : value.den;
  while (b !== 0n) {
    const rest = a % b;
    a = b;
    b = rest;
  }
  const divisor = a === 0n ? 1n : a;
  const num = Number(value.num / divisor);
  const den = Number(value.den / divisor);
  return Number.isSafeInteger(num) && Number.isSafeInteger(den) ? { num, den } : null;
}
