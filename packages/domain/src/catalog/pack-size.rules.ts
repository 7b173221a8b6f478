/**
 * Pack sizes in trade notation ("4/10 LB", "6/#10 CN", "24/12 FL OZ") and their conversion to a
 * common base unit, so items sold in different packs can be compared per pound, per gallon or per
 * piece (GLOSSARY "Pack size", "Unit price"). Quantities are exact rationals over BigInt: no
 * floating point touches a price.
 */

import { roundDivSafe, safeMul, toSafeRatio } from './safe-ratio.rules';
import { roundRatio, toExactRatio as ratio, type Ratio } from '../units/ratio';
import { getMeasureUnit, GRAMS_PER_LB } from '../units/unit-table';
import { toBaseUnitPrice, type BaseUnitPrice } from '../units/units.rules';

export { GRAMS_PER_LB, roundRatio, type Ratio };

export type UnitFamily = 'weight' | 'volume' | 'count';

export interface UnitDefinition {
  family: UnitFamily;
  /** Base units (grams, millilitres or pieces) in one of this unit. */
  toBase: Ratio;
}

/**
 * The spellings a pack size may write its unit in, each naming a unit of the one conversion table
 * (units/unit-table.ts): its factor is never written here. Bunches, heads, rolls and sheets are
 * pieces.
 */
const PACK_SPELLINGS: Record<string, string> = {
  LB: 'LB',
  OZ: 'OZ',
  KG: 'KG',
  G: 'G',
  GAL: 'GAL',
  QT: 'QT',
  PT: 'PT',
  PINT: 'PT',
  'FL OZ': 'FL OZ',
  L: 'L',
  LT: 'L',
  ML: 'ML',
  EA: 'EA',
  CT: 'EA',
  PC: 'EA',
  DZ: 'DZ',
  BUNCH: 'EA',
  HEAD: 'EA',
  ROLL: 'EA',
  SHEET: 'EA',
};

const UNITS: Record<string, UnitDefinition> = Object.fromEntries(
  Object.entries(PACK_SPELLINGS).map(([spelling, code]) => {
    const unit = getMeasureUnit(code);
    return [spelling, { family: unit.kind as UnitFamily, toBase: unit.toBase }];
  }),
);

/**
 * The units a pack size may be written in, with their family and size in base units (g, ml,
 * pieces). Exported so the list query can compare packs in SQL exactly as these rules do.
 */
export const PACK_UNITS: Readonly<Record<string, Readonly<UnitDefinition>>> = UNITS;

/** The unit each family's unit price is shown in. */
export const DISPLAY_UNIT: Record<UnitFamily, string> = { weight: 'LB', volume: 'FL OZ', count: 'EA' };

export interface PackSize {
  /** Outer count: packs in a case. */
  unitQuantity: number;
  /** Inner size of one pack, exact. */
  unitSize: Ratio;
  /** Unit as written, normalised to upper case ("LB", "FL OZ", "#10 CN"). */
  uom: string;
  family: UnitFamily;
  /**
   * What must match for two packs to be compared: the family, except for containers such as
   * "#10 CN" whose content is not a measure, which only compare with the same container.
   */
  comparableKey: string;
  /** Content of the whole case in base units (g, ml or pieces). */
  totalBase: Ratio;
}

const PACK = /^\s*(\d+)\s*\/\s*(#?\d+(?:\.\d+)?)\s*([A-Za-z][A-Za-z .#]*?)\s*$/;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function parseDecimalRatio(text: string): Ratio | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  return ratio(BigInt(match[1] + fraction), 10n ** BigInt(fraction.length));
}

/** Other spellings of the units, after upper-casing, dropping dots and collapsing spaces. */
export const UOM_ALIASES: Readonly<Record<string, string>> = {
  LBS: 'LB',
  POUND: 'LB',
  OUNCE: 'OZ',
  FLOZ: 'FL OZ',
  'FL OZ': 'FL OZ',
  GALLON: 'GAL',
  EACH: 'EA',
  PCS: 'PC',
  CNT: 'CT',
  LTR: 'L',
};

/** Upper case, no dots, single spaces, aliases resolved ("fl. oz" → "FL OZ", "lbs" → "LB"). */
export function normaliseUom(raw: string): string {
  const upper = raw.toUpperCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();
  return UOM_ALIASES[upper] ?? upper;
}

/**
 * Parsed pack sizes by text. A catalogue has a few hundred distinct pack strings and a page of the
 * inventory view reads each item's pack three times (about 13 µs a parse with its BigInts), so the
 * answers are kept, frozen; the cap only bounds memory against arbitrary input.
 */
const parsedPacks = new Map<string, Readonly<PackSize> | null>();
const MAX_PARSED_PACKS = 10_000;

/** Parses "outer/inner UOM"; null when the text is not a pack size this rule understands. */
export function parsePackSize(text: string): Readonly<PackSize> | null {
  const known = parsedPacks.get(text);
  if (known !== undefined) return known;
  const parsed = readPackSize(text);
  if (parsed) {
    Object.freeze(parsed.unitSize);
    Object.freeze(parsed.totalBase);
    Object.freeze(parsed);
  }
  if (parsedPacks.size >= MAX_PARSED_PACKS) parsedPacks.clear();
  parsedPacks.set(text, parsed);
  return parsed;
}

function readPackSize(text: string): PackSize | null {
  const match = PACK.exec(text);
  if (!match) return null;
  const unitQuantity = Number(match[1]);
  if (unitQuantity <= 0) return null;
  const inner = match[2];
  const uom = normaliseUom(match[3]);
  if (inner.startsWith('#')) {
    // "6/#10 CN": six cans of the #10 size; the inner figure names the container, not a measure.
    const container = `${inner} ${uom}`;
    return {
      unitQuantity,
      unitSize: ratio(1),
      uom: container,
      family: 'count',
      comparableKey: `container:${container}`,
      totalBase: ratio(unitQuantity),
    };
  }
  const unitSize = parseDecimalRatio(inner);
  const unit = UNITS[uom];
  if (!unitSize || unitSize.num === 0n || !unit) return null;
  return {
    unitQuantity,
    unitSize,
    uom,
    family: unit.family,
    comparableKey: unit.family,
    totalBase: {
      num: BigInt(unitQuantity) * unitSize.num * unit.toBase.num,
      den: unitSize.den * unit.toBase.den,
    },
  };
}

/** Whether two packs can be compared on a normalised unit price. */
export function arePacksComparable(a: PackSize, b: PackSize): boolean {
  return a.comparableKey === b.comparableKey;
}

/** One display unit's share of a case (display unit ÷ case content), reduced, as safe integers. */
const displayShares = new WeakMap<PackSize, { num: number; den: number } | null>();

function getDisplayShare(pack: PackSize): { num: number; den: number } | null {
  let share = displayShares.get(pack);
  if (share === undefined) {
    const displayUnit = pack.comparableKey.startsWith('container:') ? ratio(1) : UNITS[DISPLAY_UNIT[pack.family]].toBase;
    share = toSafeRatio({ num: pack.totalBase.den * displayUnit.num, den: pack.totalBase.num * displayUnit.den });
    displayShares.set(pack, share);
  }
  return share;
}

/**
 * Price of one display unit (per LB, per FL OZ, per EA, or per container) in ten-thousandths of a
 * dollar, from a case price in cents. Plain integers when every product stays exact (a case price
 * times the pack's reduced display share: all real packs and prices), else the same sum in BigInt.
 */
export function getNormalisedUnitPrice(priceCents: number, pack: PackSize): number {
  const share = getDisplayShare(pack);
  if (share && Number.isSafeInteger(priceCents)) {
    const fast = roundDivSafe(safeMul(safeMul(priceCents, 100), share.num), share.den);
    if (!Number.isNaN(fast)) return fast;
  }
  return getNormalisedUnitPriceExact(priceCents, pack);
}

/** getNormalisedUnitPrice in BigInt throughout: the reference the integer path is tested against. */
export function getNormalisedUnitPriceExact(priceCents: number, pack: PackSize): number {
  const displayUnit = pack.comparableKey.startsWith('container:') ? ratio(1) : UNITS[DISPLAY_UNIT[pack.family]].toBase;
  // price per base unit = price / totalBase; per display unit multiply by the display unit's base size.
  const num = BigInt(priceCents) * 100n * pack.totalBase.den * displayUnit.num;
  const den = pack.totalBase.num * displayUnit.den;
  return Number(roundRatio(num, den));
}

/** The unit a normalised unit price is quoted in: "LB", "FL OZ", "EA" or the container. */
export function getNormalisedUnit(pack: PackSize): string {
  return pack.comparableKey.startsWith('container:') ? pack.uom : DISPLAY_UNIT[pack.family];
}

/** -1, 0 or 1 as the first pack's price per base unit is lower, equal or higher (exact, by cross-multiplying). */
export function compareUnitPrices(priceA: number, packA: PackSize, priceB: number, packB: PackSize): -1 | 0 | 1 {
  const left = BigInt(priceA) * packA.totalBase.den * packB.totalBase.num;
  const right = BigInt(priceB) * packB.totalBase.den * packA.totalBase.num;
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Cents saved per case of the current item by buying the same quantity (in base units) of the
 * alternative instead; negative when the alternative costs more.
 */
export function getSavingsPerCase(currentPriceCents: number, current: PackSize, altPriceCents: number, alt: PackSize): number {
  // cost of the alternative for one current case = altPrice × current.totalBase / alt.totalBase
  const num = BigInt(altPriceCents) * current.totalBase.num * alt.totalBase.den;
  const den = current.totalBase.den * alt.totalBase.num;
  return Number(BigInt(currentPriceCents) - roundRatio(num, den));
}

/**
 * The unit a pack's unit price is quoted in (issue 23 "one label: the pack's unit"): the unit the
 * pack is written in ("LB", "OZ", "FL OZ", "EA", "DZ"), or the container's word for containers
 * ("CN" for "6/#10 CN").
 */
export function getPackUnit(pack: PackSize): string {
  if (!pack.comparableKey.startsWith('container:')) return pack.uom;
  const [, ...word] = pack.uom.split(' ');
  return word.join(' ') || pack.uom;
}

/**
 * Price of one `unit` in ten-thousandths of a dollar, from a case price in cents, exact and rounded
 * half away from zero once. `unit` is a unit of the pack's family or, for a container pack, its
 * container word (getPackUnit); null when the pack cannot be quoted in that unit.
 */
export function getPriceInUnit(priceCents: number, pack: PackSize, unit: string): number | null {
  let unitBase: Ratio;
  if (pack.comparableKey.startsWith('container:')) {
    if (unit !== getPackUnit(pack)) return null;
    unitBase = ratio(1);
  } else {
    const definition = UNITS[normaliseUom(unit)];
    if (!definition || definition.family !== pack.family) return null;
    unitBase = definition.toBase;
  }
  // price per base unit = price / totalBase; times the unit's size in base units.
  const num = BigInt(priceCents) * 100n * pack.totalBase.den * unitBase.num;
  const den = pack.totalBase.num * unitBase.den;
  return Number(roundRatio(num, den));
}

/**
 * The case's price per base unit (g, ml, piece or container) in ten-thousandths of a dollar, exact:
 * the units core's per-unit price, the same however the pack is written ("4/1 GAL", "1/4 GAL",
 * "128/1 FL OZ").
 */
export function getPackBaseUnitPrice(priceCents: number, pack: PackSize): BaseUnitPrice {
  return toBaseUnitPrice(BigInt(priceCents) * 100n, pack.totalBase, pack.family, pack.comparableKey);
}
