/**
 * The one conversion table of Stockpot (issue 32 "one units-of-measure core"): every unit a pack
 * size, a count, a recipe or an analytics figure is written in, with its kind and its size in the
 * kind's base unit (grams, millilitres, millimetres or pieces). The factors are the exact legal
 * definitions (1 lb = 453.59237 g, 1 US gal = 3785.411784 ml, 1 in = 25.4 mm), so every unit of a
 * kind converts to every other exactly. Pack sizes (catalog/pack-size.rules), the inventory view's
 * conversions (inventory/units.rules), recipe costing and the SQL of analytics and the place-order
 * list (packages/db read-model/item-sql.ts) all read their factors from here.
 */
import { toExactRatio as r, type Ratio } from './ratio';

/** What a unit measures; units of different kinds never convert without a bridge (units.rules). */
export type UnitKind = 'weight' | 'volume' | 'count' | 'length';

export interface MeasureUnit {
  /** Upper-case code as pack sizes write it ("LB", "FL OZ", "EA"). */
  code: string;
  /** Lower-case name as the inventory view and recipes write it ("lb", "fl oz", "each"). */
  name: string;
  kind: UnitKind;
  /** Base units (g, ml, mm or pieces) in one of this unit, exact. */
  toBase: Ratio;
  /** Stable id of a generic group's unit (doc 2 §3); never reused. */
  id: number;
}

const GRAMS_PER_POUND = r(45_359_237n, 100_000n);
const ML_PER_GALLON = r(3_785_411_784n, 1_000_000n);
const part = (whole: Ratio, den: bigint): Ratio => ({ num: whole.num, den: whole.den * den });

/** Every unit. Ids never change meaning; append new units at the end. */
export const MEASURE_UNITS: readonly MeasureUnit[] = [
  // Volume, base millilitre (a US fluid ounce is 1/128 gallon; tsp, tbsp and cup follow from it)
  { code: 'ML', name: 'ml', kind: 'volume', toBase: r(1), id: 10 },
  { code: 'L', name: 'l', kind: 'volume', toBase: r(1000), id: 11 },
  { code: 'TSP', name: 'tsp', kind: 'volume', toBase: part(ML_PER_GALLON, 768n), id: 12 },
  { code: 'TBSP', name: 'tbsp', kind: 'volume', toBase: part(ML_PER_GALLON, 256n), id: 13 },
  { code: 'FL OZ', name: 'fl oz', kind: 'volume', toBase: part(ML_PER_GALLON, 128n), id: 14 },
  { code: 'CUP', name: 'cup', kind: 'volume', toBase: part(ML_PER_GALLON, 16n), id: 15 },
  { code: 'PT', name: 'pint', kind: 'volume', toBase: part(ML_PER_GALLON, 8n), id: 16 },
  { code: 'QT', name: 'qt', kind: 'volume', toBase: part(ML_PER_GALLON, 4n), id: 17 },
  { code: 'GAL', name: 'gal', kind: 'volume', toBase: ML_PER_GALLON, id: 18 },
  // Weight, base gram
  { code: 'MG', name: 'mg', kind: 'weight', toBase: r(1, 1000), id: 20 },
  { code: 'G', name: 'g', kind: 'weight', toBase: r(1), id: 21 },
  { code: 'KG', name: 'kg', kind: 'weight', toBase: r(1000), id: 22 },
  { code: 'OZ', name: 'oz', kind: 'weight', toBase: part(GRAMS_PER_POUND, 16n), id: 23 },
  { code: 'LB', name: 'lb', kind: 'weight', toBase: GRAMS_PER_POUND, id: 24 },
  // Length, base millimetre
  { code: 'MM', name: 'mm', kind: 'length', toBase: r(1), id: 30 },
  { code: 'CM', name: 'cm', kind: 'length', toBase: r(10), id: 31 },
  { code: 'M', name: 'm', kind: 'length', toBase: r(1000), id: 32 },
  { code: 'IN', name: 'in', kind: 'length', toBase: r(254, 10), id: 33 },
  { code: 'FT', name: 'ft', kind: 'length', toBase: r(3048, 10), id: 34 },
  { code: 'YD', name: 'yd', kind: 'length', toBase: r(9144, 10), id: 35 },
  // Count, base piece. A case is a count too, but its size is its pack's (units.rules caseUnitOf).
  { code: 'EA', name: 'each', kind: 'count', toBase: r(1), id: 40 },
  { code: 'DZ', name: 'dozen', kind: 'count', toBase: r(12), id: 41 },
];

const BY_CODE = new Map(MEASURE_UNITS.map((unit) => [unit.code, unit]));

/** The unit of a code ("LB", "FL OZ"); throws on a code not in the table (a programming error). */
export function getMeasureUnit(code: string): MeasureUnit {
  const unit = BY_CODE.get(code);
  if (!unit) throw new Error(`no unit ${code}`);
  return unit;
}

/** The unit of a code, or null. */
export function findMeasureUnitByCode(code: string): MeasureUnit | null {
  return BY_CODE.get(code) ?? null;
}

const BY_ID = new Map(MEASURE_UNITS.map((unit) => [unit.id, unit]));

/** The unit of a group unit id (doc 2 §3 `unitId`), or null. */
export function findMeasureUnitById(id: number): MeasureUnit | null {
  return BY_ID.get(id) ?? null;
}

const BASE_UNITS: Record<UnitKind, MeasureUnit> = {
  weight: getMeasureUnit('G'),
  volume: getMeasureUnit('ML'),
  count: getMeasureUnit('EA'),
  length: getMeasureUnit('MM'),
};

/** The base unit of a kind (g, ml, piece, mm): what `toBase` and a pack's content count in. */
export function getBaseUnit(kind: UnitKind): MeasureUnit {
  return BASE_UNITS[kind];
}

/** Grams in a pound, exact: the factor of every per-pound price. */
export const GRAMS_PER_LB: Ratio = GRAMS_PER_POUND;
