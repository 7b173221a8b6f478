import {
  compareUnitPrices,
  getNormalisedUnit,
  getNormalisedUnitPrice,
  parsePackSize,
  type PackSize,
} from '../catalog/pack-size.rules';

/**
 * Price-change alerts (issue 20, beyond the spec): what an applied order guide changed compared
 * with the location's previous guide from the same distributor, and which generic groups now have
 * a cheaper option. Prices are integer cents; unit prices are compared exactly over the pack's
 * content, never in floating point.
 */

export interface GuideLinePrice {
  itemDistributorId: number;
  /** Case price (per LB for catch weight) in cents; null when the item is not on that guide. */
  beforeCents: number | null;
  afterCents: number | null;
}

export type PriceChangeDirection = 'up' | 'down';

export interface PriceChange {
  itemDistributorId: number;
  direction: PriceChangeDirection;
  beforeCents: number;
  afterCents: number;
  /** afterCents − beforeCents: positive when the price went up. */
  changeCents: number;
  /** The change in hundredths of a percent of the old price (1250 = 12.50 %), rounded half away from zero; null from a zero price. */
  changeBasisPoints: number | null;
}

export interface GuideComparison {
  changes: PriceChange[];
  up: number;
  down: number;
  /** On the new guide, not on the previous one. */
  added: number;
  /** On the previous guide, not on the new one (punched out by it). */
  removed: number;
}

function basisPoints(changeCents: number, beforeCents: number): number | null {
  if (beforeCents === 0) return null;
  const magnitude = Math.floor((Math.abs(changeCents) * 20_000 + beforeCents) / (2 * beforeCents));
  return changeCents < 0 ? -magnitude : magnitude;
}

/**
 * Compares each line's price on the previous and the new guide. Only items on both guides with a
 * different price are changes; the biggest change in cents comes first (ties by item id, so the
 * order is stable).
 */
export function compareGuidePrices(lines: readonly GuideLinePrice[]): GuideComparison {
  const changes: PriceChange[] = [];
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    for (const cents of [line.beforeCents, line.afterCents]) {
      if (cents !== null && (!Number.isInteger(cents) || cents < 0)) throw new Error(`Invalid price in cents: ${cents}`);
    }
    if (line.beforeCents === null && line.afterCents === null) continue;
    if (line.beforeCents === null) added += 1;
    else if (line.afterCents === null) removed += 1;
    else if (line.beforeCents !== line.afterCents) {
      const changeCents = line.afterCents - line.beforeCents;
      changes.push({
        itemDistributorId: line.itemDistributorId,
        direction: changeCents > 0 ? 'up' : 'down',
        beforeCents: line.beforeCents,
        afterCents: line.afterCents,
        changeCents,
        changeBasisPoints: basisPoints(changeCents, line.beforeCents),
      });
    }
  }
  changes.sort((a, b) => Math.abs(b.changeCents) - Math.abs(a.changeCents) || a.itemDistributorId - b.itemDistributorId);
  return {
    changes,
    up: changes.filter((change) => change.direction === 'up').length,
    down: changes.filter((change) => change.direction === 'down').length,
    added,
    removed,
  };
}

/**
 * The pack a price is for: a case price covers the whole pack; a price per pound (catch weight) or
 * per each covers one of that unit.
 */
export function getPricedPack(packSize: string, unitMeasure: string): PackSize | null {
  if (unitMeasure === 'CS') return parsePackSize(packSize);
  return parsePackSize(`1/1 ${unitMeasure}`);
}

export interface GroupOption {
  itemDistributorId: number;
  name: string;
  distributorName: string;
  packSize: string;
  unitMeasure: string;
  /** The buyer marked it as the group's preferred item. */
  isPreferred: boolean;
  /** Price before and after the guide, in cents; null when not orderable then (not carried or punched out). */
  beforeCents: number | null;
  afterCents: number | null;
}

export interface GroupInput {
  groupId: number;
  name: string;
  options: readonly GroupOption[];
}

export interface OptionPrice {
  itemDistributorId: number;
  name: string;
  distributorName: string;
  packSize: string;
  priceCents: number;
  /** Price of one normalised unit (per LB, FL OZ, EA or container) in ten-thousandths of a dollar. */
  unitPriceE4: number;
  unit: string;
}

export interface CheaperGroupOption {
  groupId: number;
  name: string;
  /** What the buyer buys today: the preferred item, else the option that was cheapest before the guide. */
  current: OptionPrice;
  cheaper: OptionPrice;
  /** Saved per normalised unit by buying the cheaper option, ten-thousandths of a dollar. */
  savingsPerUnitE4: number;
}

interface Priced {
  option: GroupOption;
  pack: PackSize;
  cents: number;
}

function priced(options: readonly GroupOption[], when: 'beforeCents' | 'afterCents'): Priced[] {
  const result: Priced[] = [];
  for (const option of options) {
    const cents = option[when];
    const pack = getPricedPack(option.packSize, option.unitMeasure);
    if (cents === null || cents <= 0 || !pack) continue;
    result.push({ option, pack, cents });
  }
  return result;
}

function cheapest(candidates: readonly Priced[]): Priced | undefined {
  let best: Priced | undefined;
  for (const candidate of candidates) {
    if (!best) best = candidate;
    else {
      const order = compareUnitPrices(candidate.cents, candidate.pack, best.cents, best.pack);
      if (order < 0 || (order === 0 && candidate.option.itemDistributorId < best.option.itemDistributorId)) best = candidate;
    }
  }
  return best;
}

function toOptionPrice({ option, pack, cents }: Priced): OptionPrice {
  return {
    itemDistributorId: option.itemDistributorId,
    name: option.name,
    distributorName: option.distributorName,
    packSize: option.packSize,
    priceCents: cents,
    unitPriceE4: getNormalisedUnitPrice(cents, pack),
    unit: getNormalisedUnit(pack),
  };
}

/**
 * A group now has a cheaper option when, after the guide, another of its options costs less per
 * unit than the one the buyer buys (the preferred item, else the cheapest before the guide), and
 * that option did not already cost less before. Only options whose packs compare (weight with
 * weight, volume with volume, the same container) are weighed against each other. Groups with
 * the biggest saving per unit come first.
 */
export function findCheaperGroupOptions(groups: readonly GroupInput[]): CheaperGroupOption[] {
  const result: CheaperGroupOption[] = [];
  for (const group of groups) {
    const before = priced(group.options, 'beforeCents');
    const after = priced(group.options, 'afterCents');
    const preferred = group.options.find((option) => option.isPreferred);
    const reference = preferred ? after.find((p) => p.option === preferred) : cheapest(before);
    if (!reference) continue;
    const current = after.find((p) => p.option === reference.option);
    if (!current) continue;
    const comparable = (p: Priced) => p.option !== current.option && p.pack.comparableKey === current.pack.comparableKey;
    const best = cheapest(after.filter(comparable));
    if (!best || compareUnitPrices(best.cents, best.pack, current.cents, current.pack) >= 0) continue;
    const wasCheaper = before.find((p) => p.option === best.option);
    const currentBefore = before.find((p) => p.option === current.option);
    if (
      wasCheaper &&
      currentBefore &&
      compareUnitPrices(wasCheaper.cents, wasCheaper.pack, currentBefore.cents, currentBefore.pack) < 0
    )
      continue;
    const currentPrice = toOptionPrice(current);
    const cheaperPrice = toOptionPrice(best);
    result.push({
      groupId: group.groupId,
      name: group.name,
      current: currentPrice,
      cheaper: cheaperPrice,
      savingsPerUnitE4: currentPrice.unitPriceE4 - cheaperPrice.unitPriceE4,
    });
  }
  return result.sort((a, b) => b.savingsPerUnitE4 - a.savingsPerUnitE4 || a.groupId - b.groupId);
}

/** A change in hundredths of a percent as "+12.50%" / "-5.00%"; empty when there is none (from a zero price). */
export function formatChangePercent(basisPoints: number | null): string {
  if (basisPoints === null) return '';
  const sign = basisPoints > 0 ? '+' : basisPoints < 0 ? '-' : '';
  const abs = Math.abs(basisPoints);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
}
