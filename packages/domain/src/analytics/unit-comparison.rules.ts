import { getSaleBaseUnitPrice, getUnitPrice, quoteBaseUnitPrice } from '../catalog/unit-price.rules';
import { tryCompareUnitPrices } from '../units/units.rules';

/** An offer as priced for a comparison: price per unit of sale in cents, how it is sold, its pack. */
export interface PricedOffer {
  priceCents: number;
  unitMeasure: string;
  packSize: string;
}

/** Two per-unit prices in one unit, for a buyer to check a saving (1/10000 dollars per `unit`). */
export interface UnitPricePair {
  unit: string;
  unitPrice: number;
  otherUnitPrice: number;
  /** -1, 0 or 1 as `other` is cheaper, equal or dearer per unit, exactly (not on the rounded figures). */
  order: -1 | 0 | 1;
}

/**
 * Both offers' prices per unit of the first's pack unit ("GAL" for "4/1 GAL"; LB for a catch-weight
 * item), on the units core (issue 32 "each Savings Suggestion shows both per-unit prices"); null
 * when the two cannot be compared (different kinds or containers, an unreadable pack).
 */
export function getUnitPricePair(offer: PricedOffer, other: PricedOffer): UnitPricePair | null {
  const mine = getSaleBaseUnitPrice(offer.priceCents, offer.unitMeasure, offer.packSize);
  const theirs = getSaleBaseUnitPrice(other.priceCents, other.unitMeasure, other.packSize);
  if (!mine || !theirs) return null;
  const order = tryCompareUnitPrices(theirs, mine);
  if (order === null) return null;
  const { unit } = getUnitPrice(offer.priceCents, offer.unitMeasure, offer.packSize);
  const unitPrice = quoteBaseUnitPrice(mine, unit);
  const otherUnitPrice = quoteBaseUnitPrice(theirs, unit);
  if (unitPrice === null || otherUnitPrice === null) return null;
  return { unit, unitPrice, otherUnitPrice, order };
}
