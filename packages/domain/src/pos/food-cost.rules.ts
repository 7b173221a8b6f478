/**
 * Theoretical against actual food cost (issue 17, beyond the spec). Theoretical is what the sold
 * menu items should have cost by their recipes; actual is what the kitchen used up, from the
 * inventories and the deliveries between them. All money is integer cents.
 */

/**
 * Variance alert: actual food cost above theoretical by more than this many percentage points of
 * food sales (docs/decisions.md). Restaurants treat 1–2 points as normal waste and counting noise.
 */
export const FOOD_COST_VARIANCE_ALERT_POINTS = 2;
/** The same threshold in basis points (hundredths of a percent), the unit of the answers. */
export const FOOD_COST_VARIANCE_ALERT_BASIS_POINTS = FOOD_COST_VARIANCE_ALERT_POINTS * 100;

export interface SoldRecipe {
  /** The recipe's cost of one portion, cents. */
  recipeCostCents: number;
  /** Net quantity sold (sold − void), hundredths. */
  quantityHundredths: number;
}

/** Σ recipe cost × quantity sold, rounded once to the cent (not per line, so no drift on many lines). */
export function getTheoreticalCost(lines: readonly SoldRecipe[]): number {
  let hundredthCents = 0;
  for (const line of lines) hundredthCents += line.recipeCostCents * line.quantityHundredths;
  const sign = hundredthCents < 0 ? -1 : 1;
  const magnitude = Math.abs(hundredthCents);
  const cents = Math.floor(magnitude / 100) + (magnitude % 100 >= 50 ? 1 : 0);
  return sign * cents;
}

/** Beginning inventory + purchases − ending inventory, cents. */
export function getActualCost(input: { beginningCents: number; purchasesCents: number; endingCents: number }): number {
  return input.beginningCents + input.purchasesCents - input.endingCents;
}

/** A share of sales in basis points (3125 = 31.25 %), rounded half up; null without sales. */
export function getPercentOfSales(costCents: number, salesCents: number): number | null {
  if (salesCents <= 0) return null;
  const scaled = costCents * 10_000;
  const whole = Math.trunc(scaled / salesCents);
  const rest = Math.abs(scaled - whole * salesCents);
  const away = rest * 2 >= salesCents ? (scaled < 0 ? -1 : 1) : 0;
  return whole + away;
}

export interface FoodCostComparison {
  theoreticalCents: number;
  actualCents: number | null;
  /** actual − theoretical, cents; positive means more was used than the recipes account for. */
  varianceCents: number | null;
  theoreticalPercent: number | null;
  actualPercent: number | null;
  /** actualPercent − theoreticalPercent, basis points. */
  variancePercent: number | null;
  isOverThreshold: boolean;
}

/** Both costs, their share of sales and whether the gap calls for a look. */
export function compareFoodCost(input: {
  theoreticalCents: number;
  actualCents: number | null;
  salesCents: number;
  thresholdBasisPoints?: number;
}): FoodCostComparison {
  const threshold = input.thresholdBasisPoints ?? FOOD_COST_VARIANCE_ALERT_BASIS_POINTS;
  const theoreticalPercent = getPercentOfSales(input.theoreticalCents, input.salesCents);
  if (input.actualCents === null) {
    return {
      theoreticalCents: input.theoreticalCents,
      actualCents: null,
      varianceCents: null,
      theoreticalPercent,
      actualPercent: null,
      variancePercent: null,
      isOverThreshold: false,
    };
  }
  const actualPercent = getPercentOfSales(input.actualCents, input.salesCents);
  const variancePercent = actualPercent === null || theoreticalPercent === null ? null : actualPercent - theoreticalPercent;
  return {
    theoreticalCents: input.theoreticalCents,
    actualCents: input.actualCents,
    varianceCents: input.actualCents - input.theoreticalCents,
    theoreticalPercent,
    actualPercent,
    variancePercent,
    isOverThreshold: variancePercent !== null && variancePercent > threshold,
  };
}

export interface InventoryPoint {
  id: number;
  /** Completion date, YYYY-MM-DD. */
  date: string;
  valueCents: number;
}

/**
 * The inventories that bound the period: the beginning is the last one completed on or before the
 * start (else the first inside the range), the ending the last one completed on or before the end
 * and after the beginning. Null ends when the counts are missing.
 */
export function pickInventoryBounds(
  inventories: readonly InventoryPoint[],
  range: { bgnDate: string; endDate: string },
): { beginning: InventoryPoint | null; ending: InventoryPoint | null } {
  const sorted = [...inventories].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const before = sorted.filter((i) => i.date <= range.bgnDate);
  const beginning = before.at(-1) ?? sorted.find((i) => i.date > range.bgnDate && i.date <= range.endDate) ?? null;
  if (!beginning) return { beginning: null, ending: null };
  const ending = sorted.filter((i) => i.date <= range.endDate && i.date > beginning.date).at(-1) ?? null;
  return { beginning, ending };
}

/**
 * Target food cost % of one menu item (docs/decisions.md): the common full-service range is
 * 28–35 %, so an item above 35 % of what it sold for is flagged.
 */
export const MENU_ITEM_FOOD_COST_TARGET_PERCENT = 35;

export interface SoldMenuItem {
  itemName: string;
  recipeId: number;
  recipeCostCents: number;
  quantityHundredths: number;
  /** Amount sold, cents. */
  salesCents: number;
}

/**
 * Sold menu items whose recipe cost is above the target share of what they sold for (cost of the
 * quantity sold ÷ amount sold, at the prices actually charged), highest first. Basis points.
 */
export function getItemsOverTarget(
  items: readonly SoldMenuItem[],
  targetPercent = MENU_ITEM_FOOD_COST_TARGET_PERCENT,
): { itemName: string; recipeId: number; foodCostPercent: number }[] {
  const over: { itemName: string; recipeId: number; foodCostPercent: number }[] = [];
  for (const item of items) {
    const cost = getTheoreticalCost([{ recipeCostCents: item.recipeCostCents, quantityHundredths: item.quantityHundredths }]);
    const percent = getPercentOfSales(cost, item.salesCents);
    if (percent !== null && percent > targetPercent * 100)
      over.push({ itemName: item.itemName, recipeId: item.recipeId, foodCostPercent: percent });
  }
  return over.sort((a, b) => b.foodCostPercent - a.foodCostPercent || a.itemName.localeCompare(b.itemName));
}
