/**
 * The inventory view's best buy (beyond the spec) on the units core (issue 32): items compare on
 * their price per base unit of one kind, so $0.42 an onion is never cheaper than $0.74/lb unless
 * the onion says what it weighs (then it is $0.84/lb at half a pound). Items that compare with
 * nothing else are not ranked against them.
 */
import type { Ratio } from '../units/ratio';
import { findMeasureUnitByCode } from '../units/unit-table';
import { toBaseUnitPrice, tryCompareUnitPrices, type BaseUnitPrice, type KindBridge } from '../units/units.rules';

export interface BestBuyItem {
  id: number;
  isPunchedOut: boolean;
  /** Price per `finalUnit` in 1/10000 dollars, null when unknown. */
  finalUnitPrice: number | null;
  /** The unit of finalUnitPrice ("LB", "FL OZ", "EA", or a container such as "#10 CN"). */
  finalUnit: string | null;
  /** Grams one each weighs, when the item says so: lets a price per each compare with a price per pound. */
  eachWeight?: Ratio | null;
}

/** The item's price per base unit, or null when its unit is unknown. */
function toItemUnitPrice(item: BestBuyItem): BaseUnitPrice | null {
  if (item.finalUnitPrice === null || item.finalUnit === null) return null;
  const unit = findMeasureUnitByCode(item.finalUnit);
  if (unit) return toBaseUnitPrice(item.finalUnitPrice, unit.toBase, unit.kind);
  // A container ("#10 CN"): priced per container, compared only with the same container.
  return toBaseUnitPrice(item.finalUnitPrice, { num: 1n, den: 1n }, 'count', `container:${item.finalUnit}`);
}

interface Priced {
  item: BestBuyItem;
  price: BaseUnitPrice;
}

/** -1, 0 or 1 as a is cheaper per unit; null when they do not compare (the each weight of either bridges). */
function compareItems(a: Priced, b: Priced): -1 | 0 | 1 | null {
  const weight = a.item.eachWeight ?? b.item.eachWeight ?? null;
  if (a.item.eachWeight && b.item.eachWeight && a.price.kind === 'count' && b.price.kind === 'count') {
    // two eaches of different weights are two different eaches: compare per piece
    return tryCompareUnitPrices(a.price, b.price);
  }
  const bridge: KindBridge | undefined = weight ? { eachWeight: weight } : undefined;
  return tryCompareUnitPrices(a.price, b.price, bridge);
}

/**
 * The best buy of a group: among items not punched out with a price above 0, those that compare
 * with the most others (one kind, or an each that says its weight among pounds); of them the
 * cheapest per unit, ties to the lower id. A lone item is its group's best buy.
 */
export function findBestBuy(items: readonly BestBuyItem[]): number | null {
  const priced: Priced[] = [];
  for (const item of items) {
    if (item.isPunchedOut || item.finalUnitPrice === null || item.finalUnitPrice <= 0) continue;
    const price = toItemUnitPrice(item);
    if (price) priced.push({ item, price });
  }
  let best: Priced | null = null;
  let bestReach = -1;
  for (const candidate of priced) {
    let reach = 0;
    let isCheapest = true;
    for (const other of priced) {
      if (other === candidate) continue;
      const order = compareItems(candidate, other);
      if (order === null) continue;
      reach++;
      if (order > 0 || (order === 0 && other.item.id < candidate.item.id)) isCheapest = false;
    }
    if (!isCheapest) continue;
    if (reach > bestReach || (reach === bestReach && best && candidate.item.id < best.item.id)) {
      best = candidate;
      bestReach = reach;
    }
  }
  // Several items none of which compares with another: no best buy rather than a guess.
  if (bestReach === 0 && priced.length > 1) return null;
  return best?.item.id ?? null;
}
