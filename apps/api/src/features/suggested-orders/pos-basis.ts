/**
 * The POS basis of the suggested order (issue 37 (a)): the sales forecast by weekday (the average net
 * sold on each weekday over the last weeks) × the recipes' quantities, through the domain's
 * buildPosUse. The recipes come from the recipes area's cost book, the same rows POS theoretical
 * food cost is costed from, so both read one recipe expansion.
 */
import type { Database } from '@stockpot/db';
import {
  addDaysToIsoDate,
  buildPosUse,
  getPosNetHundredths,
  parseDecimal,
  type PosGroup,
  type PosUseResult,
} from '@stockpot/domain';
import { loadRecipeBook } from '../recipes/recipes.public';
import { POS_WINDOW_DAYS, selectRecipeSales, selectSalesDays, type HistorySource } from './pos-basis.repo';

/**
 * The groups' POS use as of `today` (sales before it), empty when the location has no mapped sales;
 * `source` 'scan' reads the sales themselves instead of the daily aggregate (the backtest, the tests).
 */
export async function loadPosUse(
  db: Database,
  locationId: number,
  today: string,
  groups: readonly PosGroup[],
  groupOfItem: ReadonlyMap<number, number>,
  source: HistorySource = 'aggregate',
): Promise<PosUseResult> {
  const from = addDaysToIsoDate(today, -POS_WINDOW_DAYS);
  const rows = await selectRecipeSales(db, locationId, from, today, source);
  if (rows.length === 0) return { use: new Map(), skipped: new Map() };
  const [days, book] = await Promise.all([selectSalesDays(db, locationId, from, today, source), loadRecipeBook(db, locationId)]);
  const daysOf = new Map(days.map((d) => [d.weekday, d.days]));
  const sales = new Map<number, { recipeId: number; name: string; soldByWeekday: number[] }>();
  for (const row of rows) {
    const sale = sales.get(row.recipeId) ?? { recipeId: row.recipeId, name: row.name, soldByWeekday: [0, 0, 0, 0, 0, 0, 0] };
    const net = getPosNetHundredths({ soldHundredths: parseDecimal(row.sold, 2), voidHundredths: parseDecimal(row.voided, 2) });
    sale.soldByWeekday[row.weekday - 1] = net / 100 / (daysOf.get(row.weekday) ?? 1);
    sales.set(row.recipeId, sale);
  }
  return buildPosUse({ recipes: book.recipes, ingredients: book.ingredients, groups, groupOfItem, sales: [...sales.values()] });
}
