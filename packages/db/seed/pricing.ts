/**
 * Pack sizes in trade notation and the unit-price rule, in integers only: case prices in cents,
 * unit prices in ten-thousandths of a dollar, unit sizes in ten-thousandths of a unit (the scale of
 * the `unit_size` column). BigInt keeps the intermediate products exact.
 */
import { parseDecimal, toDecimalString } from '@stockpot/domain';

export type PackDimension = 'weight' | 'volume' | 'count' | 'can';

/** How one pack unit converts to its dimension's base unit (LB, GAL, EA, can): `numerator / denominator`. */
const UNITS: Record<string, { dimension: PackDimension; numerator: number; denominator: number }> = {
  LB: { dimension: 'weight', numerator: 1, denominator: 1 },
  OZ: { dimension: 'weight', numerator: 1, denominator: 16 },
  GAL: { dimension: 'volume', numerator: 1, denominator: 1 },
  QT: { dimension: 'volume', numerator: 1, denominator: 4 },
  'FL OZ': { dimension: 'volume', numerator: 1, denominator: 128 },
  EA: { dimension: 'count', numerator: 1, denominator: 1 },
  CT: { dimension: 'count', numerator: 1, denominator: 1 },
  DZ: { dimension: 'count', numerator: 12, denominator: 1 },
  '#10 CN': { dimension: 'can', numerator: 1, denominator: 1 },
};

export interface PackSize {
  /** As printed: '4/10 LB', '6/#10 CN'. */
  packSize: string;
  /** The outer count (4 in '4/10 LB'). */
  unitQuantity: number;
  /** The inner size in ten-thousandths (10 LB → 100000; a '#10 CN' is one can → 10000). */
  unitSizeE4: number;
  /** The unit of the inner size: LB, OZ, FL OZ, GAL, QT, EA, CT, DZ, or '#10 CN'. */
  packSizeUom: string;
  dimension: PackDimension;
}

const PACK = /^(\d+)\/(?:(#10 CN)|(\d+(?:\.\d{1,4})?) (LB|OZ|FL OZ|GAL|QT|EA|CT|DZ))$/;

/** Parses 'outer/inner UOM' ('4/10 LB', '24/16.9 FL OZ', '6/#10 CN'). */
export function parsePackSize(packSize: string): PackSize {
  const match = PACK.exec(packSize);
  if (!match) throw new Error(`Not a pack size: "${packSize}"`);
  const [, outer, can, inner, uom] = match;
  const packSizeUom = can ?? uom;
  const unitQuantity = Number(outer);
  const unitSizeE4 = can ? 10_000 : parseDecimal(inner, 4);
  if (unitQuantity <= 0 || unitSizeE4 <= 0) throw new Error(`Empty pack size: "${packSize}"`);
  return { packSize, unitQuantity, unitSizeE4, packSizeUom, dimension: UNITS[packSizeUom].dimension };
}

/** The `unit_size` column value ('10.0000'). */
export function formatUnitSize(unitSizeE4: number): string {
  return toDecimalString(unitSizeE4, 4);
}

function divideRounded(numerator: bigint, denominator: bigint): bigint {
  // Half away from zero for the non-negative amounts used here, like PostgreSQL's round(numeric).
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * Unit price in ten-thousandths of a dollar: the price divided down to one pack unit (GLOSSARY
 * "Unit price"), rounded to 4 decimals. A case price covers unit_quantity × unit_size units; an item
 * sold by its own pack unit (catch weight: priced per LB) already is a unit price.
 */
export function computeUnitPriceE4(
  priceCents: number,
  pack: Pick<PackSize, 'unitQuantity' | 'unitSizeE4'>,
  unitMeasure: string,
): number {
  if (unitMeasure !== 'CS') return priceCents * 100;
  // dollars / (qty × size) = (cents / 100) / (qty × sizeE4 / 10000); in 1/10000 dollars: cents × 10^6 / (qty × sizeE4).
  const units = BigInt(pack.unitQuantity) * BigInt(pack.unitSizeE4);
  return Number(divideRounded(BigInt(priceCents) * 1_000_000n, units));
}

/** How many base units (LB, GAL, EA, can) one case holds, as an exact fraction scaled by 10^4. */
function baseUnitsE4(pack: PackSize): { numerator: bigint; denominator: bigint } {
  const unit = UNITS[pack.packSizeUom];
  return {
    numerator: BigInt(pack.unitQuantity) * BigInt(pack.unitSizeE4) * BigInt(unit.numerator),
    denominator: BigInt(unit.denominator),
  };
}

/**
 * A case price in cents for a price per base unit (ten-thousandths of a dollar per LB, GAL, EA or
 * can), scaled by `percent` (100 = as is). Never below 1 cent.
 */
export function casePriceCents(perBaseE4: number, pack: PackSize, percent = 100): number {
  const { numerator, denominator } = baseUnitsE4(pack);
  // perBaseE4 [1/10000 $] × baseUnitsE4 / 10^4 × percent / 100, then /100 to go from 1/10000 $ to cents.
  const cents = divideRounded(BigInt(perBaseE4) * numerator * BigInt(percent), denominator * 10_000n * 100n * 100n);
  return Math.max(1, Number(cents));
}

/** Scales cents by a whole percentage, rounded to the cent, never below 1 cent. */
export function scaleCents(cents: number, percent: number): number {
  return Math.max(1, Number(divideRounded(BigInt(cents) * BigInt(percent), 100n)));
}

/** Case price in cents for a price per base unit: same as casePriceCents but per LB for catch weight. */
export function perPoundCents(perBaseE4: number, percent = 100): number {
  return Math.max(1, Number(divideRounded(BigInt(perBaseE4) * BigInt(percent), 100n * 100n)));
}
