import { formatUnitPrice } from '../money/money.rules';
import { toBaseUnitPrice, type BaseUnitPrice } from '../units/units.rules';
import type { UnitKind } from '../units/unit-table';
import {
  getPackUnit,
  getPriceInUnit,
  GRAMS_PER_LB,
  normaliseUom,
  parsePackSize,
  PACK_UNITS,
  roundRatio,
  type Ratio,
} from './pack-size.rules';
import { getEffectivePrice, type PricedItem } from './price.rules';

/** A unit price and the unit it is quoted in. */
export interface UnitPrice {
  /** Ten-thousandths of a dollar per `unit`. */
  unitPrice: number;
  /** The pack's unit (EA, LB, OZ, FL OZ, CN…), or the unit of sale when the pack cannot be read. */
  unit: string;
}

/**
 * The unit-price rule (doc 1 §2 "Unit Price below $0.01", §9 "Unit price is rounded to 4 decimals";
 * GLOSSARY "Unit price"; issue 23 "one unit-price rule, one label"): the price the buyer pays (the
 * effective price) divided down to one unit of the pack's own unit — "1/100 EA" at $84.78 is
 * $0.8478 / EA, "5/2 LB" at $44.85 is $4.4850 / LB. A catch-weight item priced per LB is quoted per
 * unit of its weight pack. When the pack cannot be read, the price is quoted per its unit of sale.
 */
export function getUnitPrice(priceCents: number, unitMeasure: string, packSize: string): UnitPrice {
  const unitOfSale = unitMeasure || 'CS';
  const pack = parsePackSize(packSize);
  if (!pack) return { unitPrice: priceCents * 100, unit: unitOfSale };
  const unit = getPackUnit(pack);
  if (unitOfSale === 'CS') return { unitPrice: getPriceInUnit(priceCents, pack, unit) ?? priceCents * 100, unit };
  if (unitOfSale === 'LB' && pack.family === 'weight' && !pack.comparableKey.startsWith('container:')) {
    // per LB → per pack unit: price × unit's grams ÷ grams per LB.
    const toBase = PACK_UNITS[unit].toBase;
    const num = BigInt(priceCents) * 100n * toBase.num * GRAMS_PER_LB.den;
    const den = toBase.den * GRAMS_PER_LB.num;
    return { unitPrice: Number(roundRatio(num, den)), unit };
  }
  // Priced per some other unit: that price is already a unit price.
  return { unitPrice: priceCents * 100, unit: unitOfSale };
}

/** The unit price of a list item at the price it is sold for today (getEffectivePrice). */
export function getItemUnitPrice(
  item: PricedItem & { unitMeasure: string; packSize: string; customPackSize?: string | null },
  today: string,
): UnitPrice {
  const packSize = item.customPackSize && parsePackSize(item.customPackSize) ? item.customPackSize : item.packSize;
  return getUnitPrice(getEffectivePrice(item, today), item.unitMeasure, packSize);
}

/** The one label of a unit price on every screen: '$0.8478 / EA', or 'Unit Price below $0.01' under a cent (doc 1 §2). */
export function formatUnitPriceLabel({ unitPrice, unit }: UnitPrice): string {
  const text = formatUnitPrice(unitPrice);
  return unitPrice >= 0 && unitPrice < 100 ? text : `${text} / ${unit}`;
}

/** What one unit of sale holds in base units of its kind (g, ml, pieces or containers), and what it compares under. */
export interface SaleContent {
  key: string;
  kind: UnitKind;
  base: Ratio;
}

/**
 * The content of one unit of sale (issue 32, the units core): a case holds its pack, a pound (a
 * catch-weight item) its grams, an each one piece of a count pack (or one container). Null when
 * unknown — an each of a weight pack, an unreadable pack — and then its price compares with nothing.
 */
export function getSaleContent(unitMeasure: string, packSize: string): SaleContent | null {
  const pack = parsePackSize(packSize);
  if (!pack) return null;
  const unitOfSale = unitMeasure || 'CS';
  if (unitOfSale === 'CS') return { key: pack.comparableKey, kind: pack.family, base: pack.totalBase };
  if (unitOfSale === 'LB') return pack.comparableKey === 'weight' ? { key: 'weight', kind: 'weight', base: GRAMS_PER_LB } : null;
  if (unitOfSale === 'EA' && pack.family === 'count')
    return { key: pack.comparableKey, kind: 'count', base: { num: 1n, den: 1n } };
  return null;
}

/** The price of one base unit of what a unit of sale holds, exact (1e-4 dollars); null when its content is unknown. */
export function getSaleBaseUnitPrice(priceCents: number, unitMeasure: string, packSize: string): BaseUnitPrice | null {
  const content = getSaleContent(unitMeasure, packSize);
  return content ? toBaseUnitPrice(BigInt(priceCents) * 100n, content.base, content.kind, content.key) : null;
}

/**
 * A per-base-unit price quoted per `unit` (a unit code of its kind, e.g. "GAL", or a container's
 * word), in 1e-4 dollars rounded half away from zero once; null when the unit is of another kind.
 */
export function quoteBaseUnitPrice(price: BaseUnitPrice, unit: string): number | null {
  if (price.key.startsWith('container:')) return Number(roundRatio(price.perBase.num, price.perBase.den));
  const definition = PACK_UNITS[normaliseUom(unit)];
  if (!definition || definition.family !== price.kind) return null;
  return Number(roundRatio(price.perBase.num * definition.toBase.num, price.perBase.den * definition.toBase.den));
}
