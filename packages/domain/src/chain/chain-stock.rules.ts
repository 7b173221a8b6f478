/**
 * Stock across locations (issue 39): the generic inventory groups several of a user's locations
 * share by name, with each location's on-hand value and whether it is below par.
 */
import { getGroupOnHand } from '../inventory/group-stock.rules';

/** One location's generic group as read from SQL: on-hand value in cents (its items' stored values). */
export interface ChainStockGroupInput {
  locationId: number;
  name: string;
  parLevel: number;
  unitId: number;
  onHandValue: number;
  items: { id: number; packSize: string; totalOnHand: number }[];
}

export interface ChainStockLocation {
  locationId: number;
  /** How many of the location's groups carry the name (one per inventory list that has it). */
  groups: number;
  onHandValue: number;
  /** Any of those groups has a par and less on hand (in the group's unit) than it. */
  isBelowPar: boolean;
}

export interface ChainStockRow {
  name: string;
  locations: ChainStockLocation[];
  /** The sum of the locations' on-hand values beside it. */
  totalOnHandValue: number;
  belowParLocations: number;
}

/** Groups match by name, case and surrounding spaces aside ("Heavy Cream" is "heavy cream "). */
export function getStockGroupKey(name: string): string {
  return name.trim().toLowerCase();
}

/** A group below its par: a par is set and the on hand in the group's unit is under it (the units core converts). */
export function isGroupBelowPar(group: Pick<ChainStockGroupInput, 'parLevel' | 'unitId' | 'items'>): boolean {
  if (!(group.parLevel > 0)) return false;
  return getGroupOnHand(group.items, group.unitId).amount < group.parLevel;
}

/**
 * Stock across locations (issue 39): groups shared by name by two or more locations, each
 * location's on-hand value and below-par flag, sorted by name. A name only one location uses is no
 * comparison and is left out.
 */
export function summariseSharedStock(groups: readonly ChainStockGroupInput[]): ChainStockRow[] {
  const byKey = new Map<string, { name: string; locations: Map<number, ChainStockLocation> }>();
  for (const group of groups) {
    const key = getStockGroupKey(group.name);
    const entry = byKey.get(key) ?? { name: group.name.trim(), locations: new Map() };
    const location = entry.locations.get(group.locationId) ?? {
      locationId: group.locationId,
      groups: 0,
      onHandValue: 0,
      isBelowPar: false,
    };
    location.groups += 1;
    location.onHandValue += group.onHandValue;
    location.isBelowPar ||= isGroupBelowPar(group);
    entry.locations.set(group.locationId, location);
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .filter((entry) => entry.locations.size >= 2)
    .map((entry) => {
      const locations = [...entry.locations.values()].sort((a, b) => a.locationId - b.locationId);
      return {
        name: entry.name,
        locations,
        totalOnHandValue: locations.reduce((sum, l) => sum + l.onHandValue, 0),
        belowParLocations: locations.filter((l) => l.isBelowPar).length,
      };
    })
    .sort((a, b) => compareStockNames(a.name, b.name));
}

/** The stock table's order: by name as a reader sorts (ties, which differ only in case, by the key). */
export function compareStockNames(a: string, b: string): number {
  return (
    a.localeCompare(b) || (getStockGroupKey(a) < getStockGroupKey(b) ? -1 : getStockGroupKey(a) > getStockGroupKey(b) ? 1 : 0)
  );
}

/**
 * The shared names of one page of the stock table, in its order: each name is the one its first
 * group shows (the row's name), so paging the names pages the rows summariseSharedStock makes.
 */
export function pageSharedStockNames(
  names: readonly { key: string; name: string }[],
  page: number,
  limit: number,
): { keys: string[]; totalCount: number } {
  const sorted = [...names].sort((a, b) => compareStockNames(a.name, b.name));
  return { keys: sorted.slice((page - 1) * limit, page * limit).map((n) => n.key), totalCount: sorted.length };
}
