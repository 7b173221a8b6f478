import type { Ratio } from '@stockpot/domain';

/**
 * An exact decimal literal of a ratio whose denominator has only the factors 2 and 5 (every unit
 * size and conversion factor of the domain's unit table), so SQL numerics compute what the domain's
 * exact ratios compute.
 */
export function toExactDecimal({ num, den }: Ratio): string {
  const whole = num / den;
  let remainder = num % den;
  let digits = '';
  while (remainder !== 0n) {
    if (digits.length > 30) throw new Error(`${num}/${den} has no exact decimal form`);
    remainder *= 10n;
    digits += String(remainder / den);
    remainder %= den;
  }
  return digits ? `${whole}.${digits}` : String(whole);
}
