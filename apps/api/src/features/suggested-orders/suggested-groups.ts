/**
 * The groups of the suggested order as the model sees them (issue 37): each group's items with
 * their catalogue rows, the item to order (the preferred orderable one, else the cheapest per unit),
 * and its counts, receipts, deliveries on the way and cart, all in hundredths of the group's unit.
 */
import {
  caseContentIn,
  comparePreferredToCheapest,
  formatMoney,
  getBlockedAddReason,
  getGroupUnitName,
  getGroupUnits,
  getLineTotal,
  parseCents,
  parsePackSize,
  type CountPoint,
  type OrderPack,
  type ReceiptPoint,
  type SuggestedOrderLine,
} from '@stockpot/domain';
import type { ItemRow } from '../catalog/catalog.public';
import type { GroupItemRow, InTransitRow, ReceivedRow, SnapshotRow } from './suggested-orders.repo';

export interface SuggestedItem {
  row: ItemRow;
  isPreferred: boolean;
  packSize: string;
  /** One case in hundredths of the group's unit. */
  caseContent: number;
  /** Cents per order unit (0 for market price: no comparison). */
  unitCost: number;
  pack: OrderPack;
}

export interface SuggestedGroup {
  id: number;
  name: string;
  /** Par in hundredths of the group's unit. */
  par: number;
  unitId: number;
  unit: string;
  items: SuggestedItem[];
  chosen: SuggestedItem | null;
  cheapest: SuggestedItem | null;
  counts: CountPoint[];
  receipts: ReceiptPoint[];
  inTransit: number;
  inTransitArrival: string | null;
  inCart: number;
}

/** A ratio-valued case content as hundredths (the figures shown), null when the pack does not convert. */
function toHundredthsOf(packSize: string, unitId: number): number | null {
  const content = caseContentIn(packSize, unitId);
  if (!content || content.num <= 0n) return null;
  return Math.round((Number(content.num) * 100) / Number(content.den));
}

function toItem(row: ItemRow, groupRow: GroupItemRow): SuggestedItem | null {
  const packSize = groupRow.customPackSize ?? row.packSize;
  const caseContent = toHundredthsOf(packSize, groupRow.unitId);
  if (caseContent === null || getBlockedAddReason(row, false) !== null) return null;
  const pack = parsePackSize(packSize);
  // A line sold by the each out of a multi-unit case is a split: the inner unit is what is ordered.
  const splitUnits = row.unitMeasure === 'EA' && pack && pack.unitQuantity > 1 ? pack.unitQuantity : null;
  const unitCost = getLineTotal({
    quantity: 1,
    price: parseCents(row.effectivePrice),
    isMarketPrice: row.isMarketPrice,
    unitMeasure: row.unitMeasure,
    isCatchWeight: row.isCatchWeight,
    averageWeight: row.averageWeight,
  });
  return {
    row,
    isPreferred: groupRow.isPreferred,
    packSize,
    caseContent,
    unitCost,
    pack: { caseContent, splitUnits, isCatchWeight: row.isCatchWeight },
  };
}

/** Cents per hundredth of the group's unit, for "cheapest per normalised unit"; Infinity without a price. */
function costPerUnit(item: SuggestedItem): number {
  const content = item.pack.splitUnits ? item.caseContent / item.pack.splitUnits : item.caseContent;
  return item.unitCost > 0 ? item.unitCost / content : Number.POSITIVE_INFINITY;
}

/** The location's groups with their orderable items, the chosen and the cheapest item of each. */
export function buildGroups(groupRows: readonly GroupItemRow[], itemRows: readonly ItemRow[]): SuggestedGroup[] {
  const byItem = new Map(itemRows.map((row) => [row.itemDistributorId, row]));
  const groups = new Map<number, SuggestedGroup & { packSizes: string[] }>();
  for (const groupRow of groupRows) {
    let group = groups.get(groupRow.groupId);
    if (!group) {
      group = {
        id: groupRow.groupId,
        name: groupRow.group,
        par: Math.round(Number(groupRow.parLevel) * 100),
        unitId: groupRow.unitId,
        unit: '',
        items: [],
        chosen: null,
        cheapest: null,
        counts: [],
        receipts: [],
        inTransit: 0,
        inTransitArrival: null,
        inCart: 0,
        packSizes: [],
      };
      groups.set(groupRow.groupId, group);
    }
    const row = groupRow.itemDistributorId === null ? undefined : byItem.get(groupRow.itemDistributorId);
    if (!row) continue;
    group.packSizes.push(groupRow.customPackSize ?? row.packSize);
    const item = toItem(row, groupRow);
    if (item) group.items.push(item);
    // The cart holds what is in it whether or not the item can be ordered again.
    const content = toHundredthsOf(groupRow.customPackSize ?? row.packSize, groupRow.unitId) ?? 0;
    group.inCart += row.cartQuantity * content;
  }
  return [...groups.values()].map(({ packSizes, ...group }) => {
    const priced = [...group.items].sort((a, b) => costPerUnit(a) - costPerUnit(b));
    const cheapest = priced[0] ?? null;
    const chosen = group.items.find((item) => item.isPreferred) ?? cheapest;
    return { ...group, unit: getGroupUnitName({ unitId: group.unitId, units: getGroupUnits(packSizes) }), chosen, cheapest };
  });
}

/** The counted on hand per group and date, from the inventories' snapshots. */
export function addCounts(groups: readonly SuggestedGroup[], snapshot: readonly SnapshotRow[]): void {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const sums = new Map<number, Map<string, number>>();
  for (const row of snapshot) {
    const group = byId.get(row.groupId);
    if (!group) continue;
    const content = caseContentIn(row.packSize, group.unitId);
    const perDate = sums.get(row.groupId) ?? new Map<string, number>();
    const amount = content ? (Number(row.totalOnHand) * 100 * Number(content.num)) / Number(content.den) : 0;
    perDate.set(row.date, (perDate.get(row.date) ?? 0) + amount);
    sums.set(row.groupId, perDate);
  }
  for (const [groupId, perDate] of sums) {
    byId.get(groupId)!.counts = [...perDate].map(([date, onHand]) => ({ date, onHand: Math.round(onHand) }));
  }
}

/** Groups that hold each item, with one case's content in the group's unit. */
function groupsByItem(groups: readonly SuggestedGroup[], groupRows: readonly GroupItemRow[], itemRows: readonly ItemRow[]) {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const rows = new Map(itemRows.map((row) => [row.itemDistributorId, row]));
  const map = new Map<number, { group: SuggestedGroup; content: number }[]>();
  for (const groupRow of groupRows) {
    const row = groupRow.itemDistributorId === null ? undefined : rows.get(groupRow.itemDistributorId);
    if (!row) continue;
    const content = toHundredthsOf(groupRow.customPackSize ?? row.packSize, groupRow.unitId);
    if (content === null) continue;
    const list = map.get(row.itemDistributorId) ?? [];
    list.push({ group: byId.get(groupRow.groupId)!, content });
    map.set(row.itemDistributorId, list);
  }
  return map;
}

/** Receipts and deliveries on the way, converted from cases to each group's unit. */
export function addDeliveries(
  groups: readonly SuggestedGroup[],
  groupRows: readonly GroupItemRow[],
  itemRows: readonly ItemRow[],
  received: readonly ReceivedRow[],
  inTransit: readonly InTransitRow[],
): void {
  const map = groupsByItem(groups, groupRows, itemRows);
  for (const r of received) {
    for (const { group, content } of map.get(r.itemDistributorId) ?? []) {
      group.receipts.push({ date: r.date, quantity: r.quantity * content });
    }
  }
  for (const t of inTransit) {
    for (const { group, content } of map.get(t.itemDistributorId) ?? []) {
      group.inTransit += t.quantity * content;
      if (t.arrival && (!group.inTransitArrival || t.arrival < group.inTransitArrival)) group.inTransitArrival = t.arrival;
    }
  }
}

/** The cheapest item's line beside the preferred one's, when buying the need as it costs more. */
export function toCheaper(group: SuggestedGroup, need: number): SuggestedOrderLine['cheaper'] {
  const { chosen, cheapest } = group;
  if (!chosen || !cheapest || chosen === cheapest || chosen.unitCost <= 0 || cheapest.unitCost <= 0) return null;
  const content = (i: typeof chosen) => (i.pack.splitUnits ? i.caseContent / i.pack.splitUnits : i.caseContent);
  const c = comparePreferredToCheapest(
    need,
    { price: chosen.unitCost, content: content(chosen) },
    { price: cheapest.unitCost, content: content(cheapest) },
  );
  if (c.difference <= 0) return null;
  return {
    itemDistributorId: cheapest.row.itemDistributorId,
    item: cheapest.row.name,
    cases: c.cheapestUnits,
    difference: c.difference,
    text:
      `+${formatMoney(c.difference)} for the preferred ${chosen.row.name}: ${c.preferredUnits} × ${formatMoney(chosen.unitCost)} = ` +
      `${formatMoney(c.preferredCost)} against ${c.cheapestUnits} × ${formatMoney(cheapest.unitCost)} = ${formatMoney(c.cheapestCost)} ` +
      `for ${cheapest.row.name} (${cheapest.row.distributor})`,
  };
}
