/**
 * Quantities and per-unit prices on the one conversion table (unit-table.ts). A quantity converts
 * to any unit of its kind exactly; across kinds (weight with volume, count with weight) only when
 * the item says how — a density or an each weight — and otherwise the conversion or comparison is
 * refused (issue 32 "a comparison that refuses to compare units of different kinds").
 */
import { compareRatios, divideRatios, multiplyRatios, reduceRatio, type Ratio } from './ratio';
import type { MeasureUnit, UnitKind } from './unit-table';

/** What an item may say to relate its kinds: both in grams, exact. */
export interface KindBridge {
  /** Grams per millilitre (weight ↔ volume). */
  density?: Ratio | null;
  /** Grams per piece (count ↔ weight; with a density, count ↔ volume too). */
  eachWeight?: Ratio | null;
}

/** Thrown when two units of different kinds are converted or compared without a bridge. */
export class UnitKindMismatchError extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`cannot compare ${from} with ${to}`);
    this.name = 'UnitKindMismatchError';
  }
}

const ONE: Ratio = { num: 1n, den: 1n };

/** Grams per base unit of a kind (g: 1, ml: density, piece: each weight), or null when unknown. */
function gramsPerBase(kind: UnitKind, bridge: KindBridge | undefined): Ratio | null {
  if (kind === 'weight') return ONE;
  if (kind === 'volume') return bridge?.density && bridge.density.num > 0n ? bridge.density : null;
  if (kind === 'count') return bridge?.eachWeight && bridge.eachWeight.num > 0n ? bridge.eachWeight : null;
  return null;
}

/**
 * Base units of kind `to` in one base unit of kind `from`: 1 within a kind, through grams across
 * kinds when the bridge gives both sides' grams; null otherwise (refused).
 */
export function getKindFactor(from: UnitKind, to: UnitKind, bridge?: KindBridge): Ratio | null {
  if (from === to) return ONE;
  const fromGrams = gramsPerBase(from, bridge);
  const toGrams = gramsPerBase(to, bridge);
  if (!fromGrams || !toGrams) return null;
  return divideRatios(fromGrams, toGrams);
}

/** `amount` of `from` in `to`, exact; null when the kinds differ and the bridge does not relate them. */
export function tryConvertQuantity(amount: Ratio, from: MeasureUnit, to: MeasureUnit, bridge?: KindBridge): Ratio | null {
  const factor = getKindFactor(from.kind, to.kind, bridge);
  if (!factor) return null;
  // amount × from's base size × kind factor ÷ to's base size
  return reduceRatio(divideRatios(multiplyRatios(multiplyRatios(amount, from.toBase), factor), to.toBase));
}

/** tryConvertQuantity that refuses (throws UnitKindMismatchError) instead of answering null. */
export function convertQuantity(amount: Ratio, from: MeasureUnit, to: MeasureUnit, bridge?: KindBridge): Ratio {
  const converted = tryConvertQuantity(amount, from, to, bridge);
  if (!converted) throw new UnitKindMismatchError(from.code, to.code);
  return converted;
}

export interface Quantity {
  amount: Ratio;
  unit: MeasureUnit;
}

/** -1, 0 or 1 as quantity a is less than, equal to or more than b; refuses different kinds without a bridge. */
export function compareQuantities(a: Quantity, b: Quantity, bridge?: KindBridge): -1 | 0 | 1 {
  return compareRatios(convertQuantity(a.amount, a.unit, b.unit, bridge), b.amount);
}

/**
 * A price per one base unit (g, ml, mm or piece; for a container pack, per container) in
 * ten-thousandths of a dollar, exact. `key` is what must match to compare without a bridge: the
 * kind, or 'container:#10 CN' for containers, whose content is not a measure.
 */
export interface BaseUnitPrice {
  key: string;
  kind: UnitKind;
  perBase: Ratio;
}

/** The price of `content` base units (of `kind`, compared under `key`) at `priceE4`, per base unit. */
export function toBaseUnitPrice(priceE4: bigint | number, content: Ratio, kind: UnitKind, key: string = kind): BaseUnitPrice {
  return { key, kind, perBase: reduceRatio(divideRatios({ num: BigInt(priceE4), den: 1n }, content)) };
}

/**
 * The price per base unit of `to`'s kind: a price per piece becomes a price per gram by the each
 * weight, and so on; null when refused (different kinds without a bridge, or different containers).
 */
export function tryRebaseUnitPrice(price: BaseUnitPrice, to: { key: string; kind: UnitKind }, bridge?: KindBridge): Ratio | null {
  if (price.key === to.key) return price.perBase;
  if (price.key.startsWith('container:') || to.key.startsWith('container:')) return null;
  const factor = getKindFactor(price.kind, to.kind, bridge);
  // per `to` base = per `from` base ÷ (`to` bases per `from` base)
  return factor ? divideRatios(price.perBase, factor) : null;
}

/**
 * -1, 0 or 1 as per-unit price a is cheaper, equal or dearer than b; null (never a guess) when
 * they cannot be compared: different kinds without a bridge, or different containers.
 */
export function tryCompareUnitPrices(a: BaseUnitPrice, b: BaseUnitPrice, bridge?: KindBridge): -1 | 0 | 1 | null {
  const rebased = tryRebaseUnitPrice(a, b, bridge);
  return rebased ? compareRatios(rebased, b.perBase) : null;
}

/** tryCompareUnitPrices that refuses (throws UnitKindMismatchError) instead of answering null. */
export function compareUnitPricesOrRefuse(a: BaseUnitPrice, b: BaseUnitPrice, bridge?: KindBridge): -1 | 0 | 1 {
  const order = tryCompareUnitPrices(a, b, bridge);
  if (order === null) throw new UnitKindMismatchError(a.key, b.key);
  return order;
}
