/**
 * Unit conversions of the inventory view (doc 2 §9: tables for Volume, Mass and Length, results
 * rounded to 2 decimals; "1 l equals 33.814 fl oz; 1 kg equals 2.20462 lb; 1 m equals 39.3701 in").
 * The factors are the exact definitions (1 lb = 453.59237 g, 1 US fl oz = 29.5735295625 ml,
 * 1 in = 25.4 mm), so the spec's examples follow from them. Arithmetic is on exact rationals; only
 * the result is rounded. Shared with recipe costing.
 */
import { roundRatio, type Ratio } from '../catalog/pack-size.rules';

export type ConversionFamily = 'volume' | 'mass' | 'length' | 'count';

export interface ConversionUnit {
  /** Stable id: a group's `unitId` (doc 2 §3 "Generic group"). */
  id: number;
  /** How the unit is written and shown ("fl oz", "lb"). */
  name: string;
  family: ConversionFamily;
  /** Base units (ml, g, mm or pieces) in one of this unit. */
  toBase: Ratio;
}

const r = (num: bigint, den = 1n): Ratio => ({ num, den });

/** Every convertible unit. Ids never change meaning; append new units at the end. */
export const CONVERSION_UNITS: readonly ConversionUnit[] = [
  // Volume, base millilitre
  { id: 10, name: 'ml', family: 'volume', toBase: r(1n) },
  { id: 11, name: 'l', family: 'volume', toBase: r(1000n) },
  { id: 12, name: 'tsp', family: 'volume', toBase: r(492_892_159_375n, 100_000_000_000n) },
  { id: 13, name: 'tbsp', family: 'volume', toBase: r(1_478_676_478_125n, 100_000_000_000n) },
  { id: 14, name: 'fl oz', family: 'volume', toBase: r(295_735_295_625n, 10_000_000_000n) },
  { id: 15, name: 'cup', family: 'volume', toBase: r(2_365_882_365n, 10_000_000n) },
  { id: 16, name: 'pint', family: 'volume', toBase: r(473_176_473n, 1_000_000n) },
  { id: 17, name: 'qt', family: 'volume', toBase: r(946_352_946n, 1_000_000n) },
  { id: 18, name: 'gal', family: 'volume', toBase: r(3_785_411_784n, 1_000_000n) },
  // Mass, base gram
  { id: 20, name: 'mg', family: 'mass', toBase: r(1n, 1000n) },
  { id: 21, name: 'g', family: 'mass', toBase: r(1n) },
  { id: 22, name: 'kg', family: 'mass', toBase: r(1000n) },
  { id: 23, name: 'oz', family: 'mass', toBase: r(28_349_523_125n, 1_000_000_000n) },
  { id: 24, name: 'lb', family: 'mass', toBase: r(45_359_237n, 100_000n) },
  // Length, base millimetre
  { id: 30, name: 'mm', family: 'length', toBase: r(1n) },
  { id: 31, name: 'cm', family: 'length', toBase: r(10n) },
  { id: 32, name: 'm', family: 'length', toBase: r(1000n) },
  { id: 33, name: 'in', family: 'length', toBase: r(254n, 10n) },
  { id: 34, name: 'ft', family: 'length', toBase: r(3048n, 10n) },
  { id: 35, name: 'yd', family: 'length', toBase: r(9144n, 10n) },
  // Count, base piece (beyond the spec's three tables: packs of eaches convert to dozens)
  { id: 40, name: 'each', family: 'count', toBase: r(1n) },
  { id: 41, name: 'dozen', family: 'count', toBase: r(12n) },
];

/** The 'case' pseudo-unit: a group counted in whole cases of its items (doc 2 §9 "Case units"). */
export const CASE_UNIT = { id: 1, name: 'case' } as const;

const BY_NAME = new Map(CONVERSION_UNITS.map((unit) => [unit.name, unit]));
const BY_ID = new Map(CONVERSION_UNITS.map((unit) => [unit.id, unit]));

/** Other spellings, lower case ("lbs" → "lb", "fl. oz" → "fl oz", "liter" → "l"). */
const ALIASES: Record<string, string> = {
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  ounce: 'oz',
  ounces: 'oz',
  kilogram: 'kg',
  gram: 'g',
  grams: 'g',
  floz: 'fl oz',
  'fl oz': 'fl oz',
  liter: 'l',
  litre: 'l',
  lt: 'l',
  ltr: 'l',
  milliliter: 'ml',
  millilitre: 'ml',
  gallon: 'gal',
  quart: 'qt',
  pt: 'pint',
  pints: 'pint',
  cups: 'cup',
  teaspoon: 'tsp',
  tablespoon: 'tbsp',
  inch: 'in',
  inches: 'in',
  foot: 'ft',
  feet: 'ft',
  yard: 'yd',
  meter: 'm',
  metre: 'm',
  ea: 'each',
  ct: 'each',
  pc: 'each',
  pcs: 'each',
  dz: 'dozen',
};

/** The unit named (any case, dots and spaces ignored, aliases resolved), or null. */
export function findUnit(name: string): ConversionUnit | null {
  const key = name.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();
  return BY_NAME.get(ALIASES[key] ?? key) ?? null;
}

export function findUnitById(id: number): ConversionUnit | null {
  return BY_ID.get(id) ?? null;
}

/** An exact ratio of a finite number, to 6 decimals (quantities here carry at most 2). */
export function toRatio(value: number): Ratio {
  return { num: BigInt(Math.round(value * 1_000_000)), den: 1_000_000n };
}

/** A ratio rounded to 2 decimals, half away from zero, as a number. */
export function roundRatioTo2(value: Ratio): number {
  return Number(roundRatio(value.num * 100n, value.den)) / 100;
}

/** Whether two units convert into each other (same table). */
export function canConvert(from: ConversionUnit, to: ConversionUnit): boolean {
  return from.family === to.family;
}

/**
 * Converts a quantity between two units of one table, rounded to 2 decimals (doc 2 §9); null when
 * the units are of different tables ('We are not able to convert the packsize for you selection').
 */
export function convertUnit(value: number, from: string | ConversionUnit, to: string | ConversionUnit): number | null {
  const a = typeof from === 'string' ? findUnit(from) : from;
  const b = typeof to === 'string' ? findUnit(to) : to;
  if (!a || !b || !canConvert(a, b)) return null;
  const v = toRatio(value);
  return roundRatioTo2({ num: v.num * a.toBase.num * b.toBase.den, den: v.den * a.toBase.den * b.toBase.num });
}

/** The message for a selection that cannot be converted (doc 2 §8, spelled so). */
export const NOT_CONVERTIBLE_MESSAGE = 'We are not able to convert the packsize for you selection';
