/**
 * A generic group's stock in its chosen unit (doc 2 §2–§3, §9): the units it can be shown in, one
 * case's content in that unit, the Amount on Hand, and "order to par" (beyond the spec). Every
 * conversion is the units core's (issue 32), on exact rationals until the result is rounded.
 */
import { parsePackSize, type PackSize, type Ratio } from '../catalog/pack-size.rules';
import { addRatios, compareRatios, multiplyRatios } from '../units/ratio';
import { findMeasureUnitById, getBaseUnit } from '../units/unit-table';
import { tryConvertQuantity } from '../units/units.rules';
import { findBestBuy, type BestBuyItem } from './best-buy.rules';
import type { OrderedGroupItem } from './inventory.rules';
import { CASE_UNIT, findUnitById, roundRatioTo2, toRatio, type ConversionFamily } from './units.rules';

const PACK_FAMILY: Record<PackSize['family'], ConversionFamily> = { weight: 'mass', volume: 'volume', count: 'count' };

/** A group item as the group's totals, best buy and order-to-par see it. */
export interface GroupStockItem extends OrderedGroupItem, BestBuyItem {
  packSize: string;
  isPreferred: boolean;
  /** Can go to the cart (not call-in, not out of stock, not punched out, not custom). */
  isOrderable: boolean;
  /** On hand in cases. */
  totalOnHand: number;
}

/** Units a group can be shown in (doc 2 §3 "units"): 'case', then every unit of its items' tables. */
export function getGroupUnits(packSizes: readonly string[]): { id: number; name: string }[] {
  const families = new Set<ConversionFamily>();
  for (const text of packSizes) {
    const pack = parsePackSize(text);
    if (pack && !pack.comparableKey.startsWith('container:')) families.add(PACK_FAMILY[pack.family]);
  }
  return [
    { ...CASE_UNIT },
    ...[10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24, 40, 41]
      .map((id) => findUnitById(id)!)
      .filter((unit) => families.has(unit.family))
      .map(({ id, name }) => ({ id, name })),
  ];
}

/**
 * The name of the unit a group is counted in, which its par level and its prices are per (issue 32):
 * "case", "lb", "gal"…; "case" when the group no longer offers its unit.
 */
export function getGroupUnitName(group: { unitId: number; units: readonly { id: number; name: string }[] }): string {
  return group.units.find((unit) => unit.id === group.unitId)?.name ?? CASE_UNIT.name;
}

/**
 * One case of the pack in the unit, exact, converted by the units core; null when the pack does not
 * convert to it (another kind, a container, an unreadable pack).
 */
export function caseContentIn(packSize: string, unitId: number): Ratio | null {
  if (unitId === CASE_UNIT.id) return { num: 1n, den: 1n };
  const unit = findMeasureUnitById(unitId);
  const pack = parsePackSize(packSize);
  if (!unit || !pack || pack.comparableKey.startsWith('container:')) return null;
  return tryConvertQuantity(pack.totalBase, getBaseUnit(pack.family), unit);
}

/** The group's on hand in its unit, exact, and the items whose pack does not convert to it. */
function sumGroupOnHand(
  items: readonly Pick<GroupStockItem, 'id' | 'packSize' | 'totalOnHand'>[],
  unitId: number,
): { sum: Ratio; skippedIds: number[] } {
  let sum: Ratio = { num: 0n, den: 1n };
  const skippedIds: number[] = [];
  for (const item of items) {
    const content = caseContentIn(item.packSize, unitId);
    if (!content) {
      if (item.totalOnHand > 0) skippedIds.push(item.id);
      continue;
    }
    sum = addRatios(sum, multiplyRatios(toRatio(item.totalOnHand), content));
  }
  return { sum, skippedIds };
}

/**
 * The group's Amount on Hand in its unit (doc 2 §2), 2 decimals: each item's cases times one
 * case's content in the unit; items whose pack does not convert are left out (and named).
 */
export function getGroupOnHand(
  items: readonly Pick<GroupStockItem, 'id' | 'packSize' | 'totalOnHand'>[],
  unitId: number,
): { amount: number; skippedIds: number[] } {
  const { sum, skippedIds } = sumGroupOnHand(items, unitId);
  return { amount: roundRatioTo2(sum), skippedIds };
}

/**
 * Order to par (beyond the spec; issue 32 "suggested quantities" on the units core): when the
 * group's on hand (in its unit) is below its par, the preferred orderable item, else the cheapest
 * orderable one per unit, in the least whole number of cases that reaches par — par 10 lb of an
 * item sold in 4/5 LB cases is 1 case. The shortfall is exact (not the 2-decimal figure shown).
 * Null when at or above par or nothing can be ordered.
 */
export function getOrderToPar(
  items: readonly GroupStockItem[],
  unitId: number,
  parLevel: number,
): { id: number; quantity: number } | null {
  const onHand = sumGroupOnHand(items, unitId).sum;
  const par = toRatio(parLevel);
  if (compareRatios(onHand, par) >= 0) return null;
  const candidates = items.filter((item) => item.isOrderable && caseContentIn(item.packSize, unitId) !== null);
  const preferred = candidates.find((item) => item.isPreferred);
  const bestId = findBestBuy(candidates);
  const chosen = preferred ?? candidates.find((item) => item.id === bestId) ?? candidates[0];
  if (!chosen) return null;
  const content = caseContentIn(chosen.packSize, unitId)!;
  // cases = ceil((par − on hand) ÷ one case's content)
  const num = (par.num * onHand.den - onHand.num * par.den) * content.den;
  const den = par.den * onHand.den * content.num;
  return { id: chosen.id, quantity: Number((num + den - 1n) / den) };
}
