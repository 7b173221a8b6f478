/**
 * Recipe costing rules (doc 2 §2 "Recipe costing", §4 "Recipes", §5, §9): fractions as typed,
 * the recipe unit ↔ pack unit conversion, ingredient cost with waste, a sub-recipe's cost per
 * yield unit, totals, margin and food cost %, and the recipe table's date ranges. Quantities are
 * exact rationals over BigInt and money is integer (cents, or 1/10000 dollars for unit costs):
 * no floating point touches a price; results are rounded once, half away from zero.
 */
import { GRAMS_PER_LB, roundRatio, type PackSize, type Ratio } from '../catalog/pack-size.rules';
import { convertUnit, findUnit } from '../inventory/units.rules';

export const RECIPE_NAME_MIN_LENGTH = 3;
export const RECIPES_PAGE_SIZE = 20;
export const SUB_RECIPES_PAGE_SIZE = 100;
export const ALL_RECIPES_LIMIT = 10_000;
export const RECIPES_SCROLL_THRESHOLD_PX = 300;
export const DEFAULT_RECIPE_UNIT = 'lb';
/** Units offered for the recipe side and the pack side (doc 2 §9 "Case units" plus the conversion tables). */
export const RECIPE_UNITS = [
  'lb',
  'oz',
  'g',
  'kg',
  'fl oz',
  'cup',
  'tbsp',
  'tsp',
  'pint',
  'qt',
  'gal',
  'ml',
  'l',
  'each',
  'dozen',
  'bunch',
  'case',
] as const;

export const NOT_A_FRACTION = 'is not a fraction or number';
export const SUB_RECIPE_LOCKED =
  'You can not remove the subrecipe option because this recipe is being used as a subrecipe for other recipes.';
export const RECIPE_NOT_FOUND = 'Recipe Not Found';
export const MENU_NOT_FOUND = 'Menu Not Found';
export const MENU_CATEGORY_NOT_FOUND = 'Menu Category Not Found';
export const DELETE_GROUP_OF_RECIPE =
  'Are you sure you want to delete this comparison view generic group, it will also remove those items from the recipe?';

const ratio = (num: bigint | number, den: bigint | number = 1n): Ratio => ({ num: BigInt(num), den: BigInt(den) });
const mul = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.num, den: a.den * b.den });
const div = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.den, den: a.den * b.num });
const add = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });

// ------------------------------------------------------------------ fractions

const STRICT = /^\s*(?:(\d+)\s+(\d+)\/(\d+)|(\d+)\/(\d+)|(\d+)(?:\.(\d+))?|\.(\d+))\s*$/;
/** What may stand in a field while typing: a prefix of a strict fraction ("1 ", "1/", "1 1/", "2."). */
const LOOSE = /^\s*(?:\d+(?:\.\d*)?|\.\d*|\d+\/\d*|\d+\s+(?:\d+(?:\/\d*)?)?)?\s*$/;

/**
 * A strict fraction or number (doc 2 §5): "2", "1.5", ".5", "3/4", "1 1/2"; null otherwise (a
 * zero denominator too). The value is exact.
 */
export function parseFraction(text: string): Ratio | null {
  const m = STRICT.exec(text);
  if (!m) return null;
  if (m[1] !== undefined) {
    const den = BigInt(m[3]);
    if (den === 0n) return null;
    return { num: BigInt(m[1]) * den + BigInt(m[2]), den };
  }
  if (m[4] !== undefined) {
    const den = BigInt(m[5]);
    if (den === 0n) return null;
    return { num: BigInt(m[4]), den };
  }
  if (m[6] !== undefined) {
    const decimals = m[7] ?? '';
    return { num: BigInt(m[6] + decimals), den: 10n ** BigInt(decimals.length) };
  }
  const decimals = m[8];
  return { num: BigInt(decimals), den: 10n ** BigInt(decimals.length) };
}

export function isStrictFraction(text: string): boolean {
  return parseFraction(text) !== null;
}

/** Whether a field may hold this text while the user is still typing (doc 2 §5 "loose fractions"). */
export function isLooseFraction(text: string): boolean {
  return LOOSE.test(text);
}

/** The value of a fraction to `decimals` places (for the numeric *_value fields), half away from zero. */
export function fractionToNumber(value: Ratio, decimals = 4): number {
  const scale = 10n ** BigInt(decimals);
  return Number(roundRatio(value.num * scale, value.den)) / Number(scale);
}

/** An exact ratio of a decimal number as typed in a *_value field ("2.25"). */
export function decimalToRatio(value: number): Ratio {
  const text = String(value);
  const parsed = /e/i.test(text) ? null : parseFraction(text);
  return parsed ?? { num: BigInt(Math.round(value * 1_000_000)), den: 1_000_000n };
}

/** How a recipe unit is shown: a known unit as is, another text as 'Custom: {text}' (doc 2 §5). */
export function formatRecipeUnit(unit: string): string {
  const known = (RECIPE_UNITS as readonly string[]).includes(unit.toLowerCase()) || findUnit(unit) !== null;
  return known ? unit : `Custom: ${unit}`;
}

// ------------------------------------------------------------------ conversion

export interface PackConversion {
  /** So many recipe units… */
  recipePackSizeValue: number;
  /** …equal so many pack units. */
  conversionPackSizeValue: number;
}

/**
 * The conversion between a recipe unit and a pack unit, filled automatically when both are in one
 * table (doc 2 §4 "Unit conversion"): 1 pack unit = n recipe units, n rounded to 2 decimals. Null
 * when they do not convert ('We are not able to convert the packsize for you selection').
 */
export function getAutoConversion(recipeUnit: string, packUnit: string): PackConversion | null {
  if (recipeUnit.trim().toLowerCase() === packUnit.trim().toLowerCase()) {
    return { recipePackSizeValue: 1, conversionPackSizeValue: 1 };
  }
  const n = convertUnit(1, packUnit, recipeUnit);
  if (n === null || n === 0) return null;
  return { recipePackSizeValue: n, conversionPackSizeValue: 1 };
}

/**
 * The price of one `unit` of a case, in 1/10000 dollars (exact ratio), from the case price in
 * cents: 'case' is the whole case; otherwise a unit of the pack's table. Null when the pack cannot
 * be quoted in that unit.
 */
export function getCasePriceInUnit(casePriceCents: number, pack: PackSize | null, unit: string): Ratio | null {
  const priceE4 = ratio(BigInt(casePriceCents) * 100n);
  if (unit.trim().toLowerCase() === 'case') return priceE4;
  if (!pack || pack.comparableKey.startsWith('container:')) return null;
  const target = findUnit(unit);
  if (!target) return null;
  const family = { mass: 'weight', volume: 'volume', count: 'count', length: null }[target.family];
  if (family !== pack.family) return null;
  // price per base unit × base units in one target unit
  return div(mul(priceE4, target.toBase), pack.totalBase);
}

// ------------------------------------------------------------------ costs

export interface IngredientCostInput {
  /** Amount of the recipe unit used. */
  recipeAmount: Ratio;
  /** recipePackSize recipe units = conversionPackSize pack units. */
  recipePackSize: Ratio;
  conversionPackSize: Ratio;
  /** Price of one pack unit in 1/10000 dollars (exact). */
  packUnitPrice: Ratio;
  /** Waste in percent, 0 to 100, up to 2 decimals. */
  wastePercentage: Ratio;
}

/**
 * Ingredient cost in 1/10000 dollars: the amount converted to pack units, priced, and raised by
 * the waste percentage (decision: waste is bought on top of what is used, cost × (1 + waste%)).
 */
export function getIngredientCostExact(input: IngredientCostInput): Ratio {
  if (input.recipePackSize.num === 0n) return ratio(0);
  const packUnits = div(mul(input.recipeAmount, input.conversionPackSize), input.recipePackSize);
  const wasteFactor = add(ratio(1), div(input.wastePercentage, ratio(100)));
  return mul(mul(packUnits, input.packUnitPrice), wasteFactor);
}

/** getIngredientCostExact rounded to cents. */
export function getIngredientCost(input: IngredientCostInput): number {
  const cost = getIngredientCostExact(input);
  return Number(roundRatio(cost.num, cost.den * 100n));
}

/** A sub-recipe's cost of one yield unit in 1/10000 dollars (exact), from its total cost in cents. */
export function getCostPerYieldUnit(totalCostCents: number, yieldAmount: Ratio): Ratio {
  if (yieldAmount.num === 0n) return ratio(0);
  return div(ratio(BigInt(totalCostCents) * 100n), yieldAmount);
}

/** An exact ratio as a rounded integer. */
export function roundExact(value: Ratio): number {
  return Number(roundRatio(value.num, value.den));
}

// ------------------------------------------------------------------ date ranges

export type RecipeRangeKind = 'weekly' | 'monthly' | 'ytd' | 'custom';
export interface RecipeRange {
  /** 'YYYY-MM-DD HH:mm:ss' as the API takes it (bgn_date, end_date). */
  bgnDate: string;
  endDate: string;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
function toUtc(iso: string): Date {
  const m = ISO.exec(iso);
  if (!m) throw new Error(`Not a date: ${iso}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}
const toIso = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The recipe table's range (doc 2 §9): Weekly from the start of the week (Sunday), Monthly from
 * the 1st, Year to Date from 1 January, each ending yesterday at 23:59:59; Custom from its start
 * at 00:00:00 to its end at 23:59:59. On the first day of a period "yesterday" lies before the
 * start, so the range is that first day alone (decision recorded). `today` is the location's date.
 */
export function getRecipeRange(kind: RecipeRangeKind, today: string, custom?: { start: string; end: string }): RecipeRange {
  if (kind === 'custom') {
    if (!custom) throw new Error('A custom range needs a start and an end.');
    const [start, end] = custom.start <= custom.end ? [custom.start, custom.end] : [custom.end, custom.start];
    return { bgnDate: `${start} 00:00:00`, endDate: `${end} 23:59:59` };
  }
  const day = toUtc(today);
  let start: Date;
  if (kind === 'weekly') start = new Date(day.getTime() - day.getUTCDay() * 86_400_000);
  else if (kind === 'monthly') start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  else start = new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
  const yesterday = new Date(day.getTime() - 86_400_000);
  const end = yesterday < start ? start : yesterday;
  return { bgnDate: `${toIso(start)} 00:00:00`, endDate: `${toIso(end)} 23:59:59` };
}

/**
 * The price of one `unit` of a catalogue offer in 1/10000 dollars (exact): the price is per case
 * (unit of measure CS), or per pound for catch-weight offers sold by the pound (LB), whose case is
 * the pack's nominal weight. Null when the offer cannot be quoted in that unit.
 */
export function getItemPriceInUnit(priceCents: number, unitMeasure: string, pack: PackSize | null, unit: string): Ratio | null {
  if (unitMeasure.toUpperCase() !== 'LB') return getCasePriceInUnit(priceCents, pack, unit);
  const perLbE4 = ratio(BigInt(priceCents) * 100n);
  const gramsPerLb = GRAMS_PER_LB;
  if (unit.trim().toLowerCase() === 'case') {
    if (!pack || pack.family !== 'weight') return null;
    return div(mul(perLbE4, pack.totalBase), gramsPerLb);
  }
  const target = findUnit(unit);
  if (!target || target.family !== 'mass') return null;
  return div(mul(perLbE4, target.toBase), gramsPerLb);
}

/** The unit an offer's pack is priced in for recipes: the pack's unit in lower case ('lb', 'fl oz'), or 'case'. */
export function getDefaultPackUnit(pack: PackSize | null, unitMeasure = 'CS'): string {
  if (unitMeasure.toUpperCase() === 'LB') return 'lb';
  if (!pack || pack.comparableKey.startsWith('container:')) return 'case';
  const unit = findUnit(pack.uom);
  return unit ? unit.name : 'case';
}

/**
 * The pack of a sub-recipe counted in an inventory group (decision): one batch is the "case",
 * holding its yield in its yield unit, so '4 qt' reads '1/4 QT' and a batch of '1 1/2 gal' reads
 * '1/1.5 GAL' (at most 4 decimals). Counts in units then work for the units the catalogue knows;
 * an unreadable yield or an unknown unit leaves '1/1 {UNIT}', counted in batches only.
 */
export function getSubRecipePackSize(yieldText: string | null, yieldUom: string | null): string {
  const unit = (yieldUom ?? '').trim().toUpperCase() || 'EA';
  const amount = parseFraction((yieldText ?? '').trim());
  if (!amount || amount.num <= 0n) return `1/1 ${unit}`;
  const e4 = roundRatio(amount.num * 10_000n, amount.den);
  const whole = e4 / 10_000n;
  const decimals = (e4 % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return `1/${whole}${decimals ? `.${decimals}` : ''} ${unit}`;
}

/**
 * The notice after a recipe is copied to another location (doc 2 §7): where it went and, when some
 * ingredients could not come along, how many and why, so the owner knows to finish it there.
 */
export function getRecipeCopiedNotice(recipeName: string, locationName: string, skipped: number): string {
  const copied = `“${recipeName}” was copied to ${locationName}.`;
  if (skipped <= 0) return copied;
  const count = `${skipped} ingredient${skipped === 1 ? ' was' : 's were'} left out`;
  return `${copied} ${count}: inventory items, sub-recipes and items ${locationName} does not buy stay with this location.`;
}
