/**
 * Unit conversions of the inventory view (doc 2 §9: tables for Volume, Mass and Length, results
 * rounded to 2 decimals; "1 l equals 33.814 fl oz; 1 kg equals 2.20462 lb; 1 m equals 39.3701 in").
 * The factors are the exact definitions (1 lb = 453.59237 g, 1 US fl oz = 29.5735295625 ml,
 * 1 in = 25.4 mm), so the spec's examples follow from them; they are the units core's
 * (units/unit-table.ts). Arithmetic is on exact rationals; only the result is rounded. Shared with
 * recipe costing.
 */
import { roundRatio, type Ratio } from '../units/ratio';
import { findMeasureUnitById, MEASURE_UNITS } from '../units/unit-table';
import { tryConvertQuantity } from '../units/units.rules';

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

/** Every convertible unit: the units core's table, named as the inventory view names them (weight is "Mass"). */
export const CONVERSION_UNITS: readonly ConversionUnit[] = MEASURE_UNITS.map((unit) => ({
  id: unit.id,
  name: unit.name,
  family: unit.kind === 'weight' ? 'mass' : unit.kind,
  toBase: unit.toBase,
}));

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

/**
 * Converts a quantity between two units of one table, rounded to 2 decimals (doc 2 §9); null when
 * the units are of different tables ('We are not able to convert the packsize for you selection').
 */
export function convertUnit(value: number, from: string | ConversionUnit, to: string | ConversionUnit): number | null {
  const a = typeof from === 'string' ? findUnit(from) : from;
  const b = typeof to === 'string' ? findUnit(to) : to;
  if (!a || !b) return null;
  const converted = tryConvertQuantity(toRatio(value), findMeasureUnitById(a.id)!, findMeasureUnitById(b.id)!);
  return converted && roundRatioTo2(converted);
}

/** The message for a selection that cannot be converted (doc 2 §8, spelled so). */
export const NOT_CONVERTIBLE_MESSAGE = 'We are not able to convert the packsize for you selection';
