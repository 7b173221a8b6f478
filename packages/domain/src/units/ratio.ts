/**
 * Exact non-negative-or-signed fractions over BigInt: every quantity and per-unit price of the units
 * core is one, so no floating point ever touches a price (house rule "money").
 */

/** An exact fraction; `den` is positive. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

/** A fraction from integers (or BigInts). */
export function toExactRatio(num: bigint | number, den: bigint | number = 1n): Ratio {
  return { num: BigInt(num), den: BigInt(den) };
}

export function addRatios(a: Ratio, b: Ratio): Ratio {
  return { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
}

export function multiplyRatios(a: Ratio, b: Ratio): Ratio {
  return { num: a.num * b.num, den: a.den * b.den };
}

/** a ÷ b; b must not be zero. */
export function divideRatios(a: Ratio, b: Ratio): Ratio {
  if (b.num === 0n) throw new RangeError('division by a zero quantity');
  const negative = b.num < 0n;
  return { num: a.num * b.den * (negative ? -1n : 1n), den: a.den * (negative ? -b.num : b.num) };
}

/** -1, 0 or 1 as a is below, equal to or above b (cross-multiplied, exact). */
export function compareRatios(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The same fraction in lowest terms (equal fractions reduce to equal pairs). */
export function reduceRatio({ num, den }: Ratio): Ratio {
  const divisor = gcd(num, den) || 1n;
  return { num: num / divisor, den: den / divisor };
}

/** Rounds num/den to the nearest integer, halves away from zero. */
export function roundRatio(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}
