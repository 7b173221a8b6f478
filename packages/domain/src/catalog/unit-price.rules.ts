import { formatUnitPrice } from '../money/money.rules';
import { getPackUnit, getPriceInUnit, GRAMS_PER_LB, parsePackSize, PACK_UNITS, roundRatio } from './pack-size.rules';
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
