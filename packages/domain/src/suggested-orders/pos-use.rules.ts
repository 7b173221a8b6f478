/**
 * The POS basis of a suggested order (issue 37 (a)): each generic group's theoretical daily use per
 * weekday, from the POS sales forecast by weekday × the recipes' quantities (sub-recipes expanded in
 * proportion, waste bought on top: expandRecipeUse). Recipe quantities are converted into the
 * group's unit by the units core; an ingredient whose unit does not convert (another kind with no
 * bridge) is left out, and its group falls back to counts or par with the reason said.
 */
import type { IngredientDbRow, RecipeDbRow } from '../recipes/cost-book';
import { ratioOf } from '../recipes/priced-source';
import { caseContentIn } from '../inventory/group-stock.rules';
import { CASE_UNIT, findUnit, toRatio } from '../inventory/units.rules';
import { divideRatios, multiplyRatios } from '../units/ratio';
import { findMeasureUnitById } from '../units/unit-table';
import { tryConvertQuantity } from '../units/units.rules';
import { expandRecipeUse, getPosWeekdayUse, type RecipeUseLine, type RecipeUseNode, type WeekdayUse } from './expected-use.rules';

/** A group as the POS basis converts into it: its unit, and the pack of its item to buy (for a group counted in cases). */
export interface PosGroup {
  id: number;
  unitId: number;
  unit: string;
  packSize: string | null;
}

/** A recipe's forecast sales: average sold per ISO weekday (index 0 Monday). */
export interface RecipeSales {
  recipeId: number;
  name: string;
  soldByWeekday: readonly number[];
}

export interface PosUseInput {
  recipes: ReadonlyMap<number, Pick<RecipeDbRow, 'id' | 'name' | 'subRecipeYield' | 'subRecipeYieldUom'>>;
  ingredients: ReadonlyMap<number, readonly IngredientDbRow[]>;
  groups: readonly PosGroup[];
  /** The group each catalogue item counts in (an item ingredient uses its group). */
  groupOfItem: ReadonlyMap<number, number>;
  sales: readonly RecipeSales[];
}

export interface GroupPosUse {
  byWeekday: WeekdayUse;
  salesText: string;
}

export interface PosUseResult {
  /** Groups with a POS basis. */
  use: Map<number, GroupPosUse>;
  /** Groups left out because a recipe quantity does not convert: the reason for the explanation. */
  skipped: Map<number, string>;
}

/** An amount of one unit name in another, exact ratio as a number; null when the units core refuses. */
function convertNamed(amount: number, from: string, to: string): number | null {
  const a = findUnit(from);
  const b = findUnit(to);
  if (!a || !b) return from.trim().toLowerCase() === to.trim().toLowerCase() ? amount : null;
  const converted = tryConvertQuantity(toRatio(amount), findMeasureUnitById(a.id)!, findMeasureUnitById(b.id)!);
  return converted && Number(converted.num) / Number(converted.den);
}

/**
 * An ingredient's amount in the recipe's unit, and, for an item or sub-recipe, also through the
 * line's own pack conversion (the costing's rule: amount × conversion ÷ recipe pack), which is the
 * bridge a buyer enters for "1 each = 0.25 lb". A generic line's costing ignores that conversion, so
 * it does here too. The recipe's own unit is tried first.
 */
function ingredientAmounts(row: IngredientDbRow): { amount: number; unit: string }[] {
  const amount = ratioOf(row.recipeAmountFraction, '0');
  const asWritten = { amount: Number(amount.num) / Number(amount.den), unit: row.recipePackSizeUom };
  if (row.ingredientType === 'generic' || row.conversionPackSizeUom.trim() === '') return [asWritten];
  const inPack = divideRatios(
    multiplyRatios(amount, ratioOf(row.conversionPackSizeFraction, '1')),
    ratioOf(row.recipePackSizeFraction, '1'),
  );
  return [asWritten, { amount: Number(inPack.num) / Number(inPack.den), unit: row.conversionPackSizeUom }];
}

/** The first of the amounts that converts to `to`, or null. */
function firstConverted(
  amounts: readonly { amount: number; unit: string }[],
  convert: (amount: number, unit: string) => number | null,
) {
  for (const a of amounts) {
    const converted = convert(a.amount, a.unit);
    if (converted !== null) return converted;
  }
  return null;
}

/** The ingredient's amount in the group's unit (a case through the pack of the item to buy); null when it does not convert. */
export function toGroupQuantity(amount: number, unit: string, group: PosGroup): number | null {
  if (group.unitId !== CASE_UNIT.id) return convertNamed(amount, unit, group.unit);
  const from = findUnit(unit);
  const content = from && group.packSize ? caseContentIn(group.packSize, from.id) : null;
  if (!content || content.num <= 0n) return null;
  return (amount * Number(content.den)) / Number(content.num);
}

/** A recipe as the model expands it, with the groups whose quantity does not convert noted in `skipped`. */
function toNode(input: PosUseInput, recipeId: number, skipped: Map<number, string>, stack: Set<number>): RecipeUseNode | null {
  const recipe = input.recipes.get(recipeId);
  if (!recipe || stack.has(recipeId)) return null;
  stack.add(recipeId);
  const groups = new Map(input.groups.map((g) => [g.id, g]));
  const lines: RecipeUseLine[] = [];
  for (const row of input.ingredients.get(recipeId) ?? []) {
    const waste = Number(row.wastePercentage) || 0;
    const amounts = ingredientAmounts(row);
    const unit = row.recipePackSizeUom;
    if (row.ingredientType === 'subrecipe') {
      const sub = row.subRecipeId ? input.recipes.get(row.subRecipeId) : undefined;
      const node = sub ? toNode(input, sub.id, skipped, stack) : null;
      const quantity = sub && node ? firstConverted(amounts, (a, u) => convertNamed(a, u, sub.subRecipeYieldUom ?? u)) : null;
      if (node && quantity !== null) lines.push({ kind: 'recipe', recipe: node, quantity, wastePercent: waste });
      continue;
    }
    const groupId = row.ingredientType === 'generic' ? row.inventoryGroupId : input.groupOfItem.get(row.itemDistributorId ?? -1);
    const group = groupId ? groups.get(groupId) : undefined;
    if (!group) continue;
    const quantity = firstConverted(amounts, (a, u) => toGroupQuantity(a, u, group));
    if (quantity === null) {
      skipped.set(group.id, `${recipe.name} measures it in ${unit}, which does not convert to ${group.unit}`);
      continue;
    }
    lines.push({ kind: 'group', groupId: group.id, quantity, wastePercent: waste });
  }
  stack.delete(recipeId);
  const yieldQuantity = recipe.subRecipeYield ? Number(recipe.subRecipeYield) : 1;
  return { yieldQuantity: yieldQuantity > 0 ? yieldQuantity : 1, lines };
}

/** "41 Harbor Burger, 12 Club Sandwich a day": the two best sellers behind a group's use. */
function describeSales(items: readonly { name: string; perDay: number }[]): string {
  const top = [...items].sort((a, b) => b.perDay - a.perDay).slice(0, 2);
  const more = items.length > 2 ? ` and ${items.length - 2} more` : '';
  return `${top.map((i) => `${Math.round(i.perDay)} ${i.name}`).join(', ')}${more} a day`;
}

/** Each group's theoretical use per weekday from POS × recipes (issue 37 (a)); groups that do not convert are skipped. */
export function buildPosUse(input: PosUseInput): PosUseResult {
  const skipped = new Map<number, string>();
  const perGroup = new Map<number, { name: string; soldByWeekday: readonly number[]; usePerSale: number }[]>();
  for (const sale of input.sales) {
    const node = toNode(input, sale.recipeId, skipped, new Set());
    if (!node) continue;
    for (const [groupId, usePerSale] of expandRecipeUse(node)) {
      if (usePerSale <= 0) continue;
      perGroup.set(groupId, [
        ...(perGroup.get(groupId) ?? []),
        { name: sale.name, soldByWeekday: sale.soldByWeekday, usePerSale },
      ]);
    }
  }
  const use = new Map<number, GroupPosUse>();
  for (const [groupId, items] of perGroup) {
    // A quantity that does not convert would make the POS use too low: the group falls back instead.
    if (skipped.has(groupId)) continue;
    const sold = items.map((i) => ({ name: i.name, perDay: i.soldByWeekday.reduce((a, b) => a + b, 0) / 7 }));
    use.set(groupId, { byWeekday: getPosWeekdayUse(items), salesText: describeSales(sold) });
  }
  return { use, skipped };
}
