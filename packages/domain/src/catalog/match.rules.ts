import {
  arePacksComparable,
  compareUnitPrices,
  getPackUnit,
  getPriceInUnit,
  getSavingsPerCase,
  GRAMS_PER_LB,
  parsePackSize,
  roundRatio,
} from './pack-size.rules';
import { areEquivalentProducts } from '../savings/equivalence.rules';

/** What matching needs to know of an item-distributor. */
export interface MatchCandidate {
  itemDistributorId: number;
  distributorId: number;
  /** The item's name: a savings option must be the same product in the same size (areEquivalentProducts). */
  name: string;
  genericName: string;
  manufacturer: string;
  manufacturerCode: string;
  brand: string;
  packSize: string;
  /** Effective case price in cents. */
  price: number;
  isMarketPrice: boolean;
  isUnpurchasable: boolean;
  isActive: boolean;
  isPunchedOut: boolean;
}

export type MatchType = 'ExactMatch' | 'SavingsOption';

export interface Match {
  itemDistributorId: number;
  matchType: MatchType;
  /** Cents saved per case of the original item; positive means cheaper. */
  savings: number;
  /** Price of one `unit` (the item's pack unit) of each side, ten-thousandths of a dollar. */
  unitPrice: number;
  originalUnitPrice: number;
  unit: string;
  /** Why these two are the same product, in words a buyer reads. */
  reasons: string[];
}

/**
 * The case price matching compares (GLOSSARY "Catch weight", "Unit price"): an item sold by the case
 * (unit measure CS) uses its price; a catch-weight item is priced per pound (LB), so one case is
 * worth that price times the pack's nominal weight, rounded half away from zero to the cent. The
 * nominal weight, not the average, keeps the comparison a true price per pound. Null when the item
 * has no case price to compare.
 */
export function getMatchCasePrice(priceCents: number, unitMeasure: string, packSize: string): number | null {
  if (unitMeasure === 'CS') return priceCents;
  if (unitMeasure !== 'LB') return null;
  const pack = parsePackSize(packSize);
  if (!pack || pack.comparableKey !== 'weight') return null;
  return Number(roundRatio(BigInt(priceCents) * pack.totalBase.num * GRAMS_PER_LB.den, pack.totalBase.den * GRAMS_PER_LB.num));
}

/** The fields of an offer's row that make its match candidate. */
export type MatchCandidateRow = Omit<MatchCandidate, 'price' | 'isActive'> & { unitMeasure: string; status: string };

/**
 * An offer as matching reads it (the catalogue's matches and the savings swaps), from its row and
 * its effective price in cents: catch-weight items are priced per pound, so matching compares the
 * price of a whole case (getMatchCasePrice); an offer with no case price compares as 0 (unorderable).
 */
export function toMatchCandidate(row: MatchCandidateRow, effectivePriceCents: number): MatchCandidate {
  return {
    itemDistributorId: row.itemDistributorId,
    distributorId: row.distributorId,
    name: row.name,
    genericName: row.genericName,
    manufacturer: row.manufacturer,
    manufacturerCode: row.manufacturerCode,
    brand: row.brand,
    packSize: row.packSize,
    price: getMatchCasePrice(effectivePriceCents, row.unitMeasure, row.packSize) ?? 0,
    isMarketPrice: row.isMarketPrice,
    isUnpurchasable: row.isUnpurchasable,
    isActive: row.status === 'active',
    isPunchedOut: row.isPunchedOut,
  };
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Can the alternative ever be bought instead? Market-price items have no price to compare,
 * call-in, out-of-stock and punched-out items cannot be ordered online.
 */
function isOrderable(c: MatchCandidate): boolean {
  return !c.isMarketPrice && !c.isUnpurchasable && c.isActive && !c.isPunchedOut && c.price > 0;
}

/**
 * Explains why `alt` is equivalent to `item` (GLOSSARY "Exact match", "Savings option"), or null
 * when it is not: an exact match is the same manufacturer item in the same pack from another
 * distributor; a savings option is the same generic item, the same product in the same size within
 * the tolerance (areEquivalentProducts), in a comparable pack (same measure family or same
 * container), whose normalised unit price is lower.
 */
export function findMatch(item: MatchCandidate, alt: MatchCandidate): Match | null {
  if (alt.itemDistributorId === item.itemDistributorId || !isOrderable(alt) || item.isMarketPrice || item.price <= 0) return null;
  const pack = parsePackSize(item.packSize);
  const altPack = parsePackSize(alt.packSize);
  if (!pack || !altPack || !arePacksComparable(pack, altPack)) return null;

  // Both unit prices in the item's own pack unit, the label its row shows (getUnitPrice).
  const unit = getPackUnit(pack);
  const base = {
    itemDistributorId: alt.itemDistributorId,
    savings: getSavingsPerCase(item.price, pack, alt.price, altPack),
    unitPrice: getPriceInUnit(alt.price, altPack, unit) ?? 0,
    originalUnitPrice: getPriceInUnit(item.price, pack, unit) ?? 0,
    unit,
  };
  const isSameManufacturerItem =
    item.manufacturerCode !== '' &&
    sameText(item.manufacturer, alt.manufacturer) &&
    sameText(item.manufacturerCode, alt.manufacturerCode);
  if (isSameManufacturerItem && alt.distributorId !== item.distributorId && sameText(item.packSize, alt.packSize)) {
    return {
      ...base,
      matchType: 'ExactMatch',
      reasons: [
        `Same manufacturer item (${alt.manufacturer} ${alt.manufacturerCode})`,
        `Same pack size (${alt.packSize})`,
        'Sold by another distributor',
      ],
    };
  }
  if (!sameText(item.genericName, alt.genericName) || !areEquivalentProducts(item.name, alt.name)) return null;
  if (compareUnitPrices(alt.price, altPack, item.price, pack) >= 0) return null;
  return {
    ...base,
    matchType: 'SavingsOption',
    reasons: [
      `Same product: ${alt.genericName}`,
      `Comparable pack (${item.packSize} and ${alt.packSize}, compared per ${unit})`,
      'Lower price per unit',
    ],
  };
}

/** Every match of an item among candidates, exact matches first, then by savings, largest first. */
export function findMatches(item: MatchCandidate, candidates: MatchCandidate[]): Match[] {
  return candidates
    .map((alt) => findMatch(item, alt))
    .filter((m): m is Match => m !== null)
    .sort((a, b) => (a.matchType === b.matchType ? b.savings - a.savings : a.matchType === 'ExactMatch' ? -1 : 1));
}
