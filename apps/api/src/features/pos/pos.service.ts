/**
 * Point of sale (doc 2 §2 "Point of sale", §7 "POS"): days of sales, a day's menu items, which
 * recipe each item is, imports of Toast and Square exports, and theoretical against actual food cost.
 */
import type { Database } from '@stockpot/db';
import {
  compareFoodCost,
  FOOD_COST_VARIANCE_ALERT_BASIS_POINTS,
  getActualCost,
  getItemsOverTarget,
  MENU_ITEM_FOOD_COST_TARGET_PERCENT,
  getPosDayTotals,
  getPosNetHundredths,
  getTheoreticalCost,
  isPosAvailable,
  parseCents,
  parseDecimal,
  pickInventoryBounds,
  POS_IMPORT_MAX_ROWS,
  POS_ITEM_ALREADY_ASSIGNED,
  POS_ITEM_NOT_FOUND,
  POS_NO_ROWS,
  POS_TOO_MANY_ROWS,
  POS_UNKNOWN_LAYOUT,
  readPosExport,
  toPageMeta,
  type AssignRecipeAnswer,
  type FoodCostAnswer,
  type PosDetailRow,
  type PosImportAnswer,
} from '@stockpot/domain';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { getRecipeCosts, RECIPE_COSTING_DISABLED } from '../recipes/recipes.public';
import * as repo from './pos.repo';

/** The API's half of the one POS rule (isPosAvailable): the sidebar and the route guard read the same (issue 34). */
export async function requirePos(db: Database, locationId: number): Promise<void> {
  if (!isPosAvailable(await repo.findPosFlags(db, locationId))) throw forbidden(RECIPE_COSTING_DISABLED);
}

const offsetOf = (page: number, limit: number) => ({ limit, offset: (page - 1) * limit });

export async function listDates(db: Database, locationId: number, page: number, limit: number) {
  const rows = await repo.selectDates(db, locationId, offsetOf(page, limit));
  return {
    data: rows.map((r) => ({ date: r.date, total: parseCents(r.total) })),
    _meta: toPageMeta(rows[0]?.count ?? 0, page, limit),
  };
}

export async function getDetail(db: Database, locationId: number, date: string, page: number, limit: number) {
  const rows = await repo.selectDetail(db, locationId, date, offsetOf(page, limit));
  const data: PosDetailRow[] = rows.map((r) => {
    const quantities = { soldHundredths: parseDecimal(r.quantitySold, 2), voidHundredths: parseDecimal(r.quantityVoid, 2) };
    return {
      item_name: r.itemName,
      pos_category: r.posCategory,
      quantity_sold: quantities.soldHundredths / 100,
      quantity_void: quantities.voidHundredths / 100,
      quantity_net: getPosNetHundredths(quantities) / 100,
      price: parseCents(r.amount),
      recipe_id: r.recipeId,
    };
  });
  return { data, _meta: toPageMeta(rows[0]?.count ?? 0, page, limit) };
}

/**
 * POST pos/assign-recipe: the menu item (by the name the POS sends) becomes that recipe; null takes
 * it off. An item already on another recipe moves only with force, so two screens do not silently
 * overwrite each other.
 */
export async function assignRecipe(
  db: Database,
  locationId: number,
  body: { item_name: string; recipe_id: number | null; force: boolean },
): Promise<AssignRecipeAnswer> {
  return db.transaction(async (tx) => {
    if (!(await repo.hasSalesOf(tx, locationId, body.item_name))) throw new AppError(404, 'not_found', POS_ITEM_NOT_FOUND);
    if (body.recipe_id === null) {
      await repo.deleteAssignment(tx, locationId, body.item_name);
      return { item_name: body.item_name, recipe_id: null };
    }
    if (!(await repo.isRecipeOfLocation(tx, locationId, body.recipe_id))) throw notFound('Recipe');
    const current = await repo.findAssignment(tx, locationId, body.item_name);
    if (current !== null && current !== body.recipe_id && !body.force)
      throw new AppError(409, 'pos_item_assigned', POS_ITEM_ALREADY_ASSIGNED);
    await repo.upsertAssignment(tx, locationId, body.item_name, body.recipe_id);
    return { item_name: body.item_name, recipe_id: body.recipe_id };
  });
}

/** POST pos/import: the whole file in one transaction; its days replace the days already stored. */
export async function importSales(db: Database, locationId: number, rows: string[][]): Promise<PosImportAnswer> {
  if (rows.length > POS_IMPORT_MAX_ROWS + 10)
    throw badRequest(POS_TOO_MANY_ROWS, 'validation_error', [{ field: 'file', message: POS_TOO_MANY_ROWS }]);
  const result = readPosExport(rows);
  if (!result) throw badRequest(POS_UNKNOWN_LAYOUT, 'unknown_pos_format', [{ field: 'file', message: POS_UNKNOWN_LAYOUT }]);
  if (result.sales.length === 0) {
    const message =
      result.skipped > 0 ? `${POS_NO_ROWS} ${result.skipped} rows had no readable item, date, Qty or amount.` : POS_NO_ROWS;
    throw badRequest(message, 'validation_error', [{ field: 'file', message }]);
  }
  const dates = getPosDayTotals(result.sales);
  await db.transaction(async (tx) => {
    await repo.deleteSalesOfDates(
      tx,
      locationId,
      dates.map((d) => d.date),
    );
    await repo.insertSales(tx, locationId, result.format, result.sales);
  });
  return { format: result.format, rows: result.rows, skipped: result.skipped, dates };
}

/**
 * Theoretical against actual food cost. The period runs between two completed inventories when
 * the range holds them (sales after the beginning count up to the ending count's day); without
 * them only the theoretical side is known, over the asked range.
 */
export async function getFoodCost(
  db: Database,
  locationId: number,
  range: { bgnDate: string; endDate: string },
): Promise<FoodCostAnswer> {
  const counts = (await repo.selectCompletedInventories(db, locationId, range.endDate)).map((i) => ({
    id: i.id,
    date: i.date,
    valueCents: parseCents(i.value),
  }));
  const { beginning, ending } = pickInventoryBounds(counts, range);
  const bounded = beginning !== null && ending !== null;
  const period = bounded ? { bgnDate: addDay(beginning.date), endDate: ending.date } : range;
  const [sold, costs, purchases] = await Promise.all([
    repo.selectSoldItems(db, locationId, period),
    getRecipeCosts(db, locationId),
    bounded ? repo.sumPurchases(db, locationId, { afterDate: beginning.date, endDate: ending.date }) : Promise.resolve(null),
  ]);
  let sales = 0;
  let unassigned = 0;
  const lines = [];
  for (const item of sold) {
    const amount = parseCents(item.amount);
    sales += amount;
    const cost = item.recipeId === null ? undefined : costs.get(item.recipeId);
    if (cost === undefined) unassigned += 1;
    else
      lines.push({
        itemName: item.itemName,
        recipeId: item.recipeId!,
        recipeCostCents: cost,
        // Theoretical use takes the same Net QTY as the detail shows.
        quantityHundredths: getPosNetHundredths({
          soldHundredths: parseDecimal(item.quantitySold, 2),
          voidHundredths: parseDecimal(item.quantityVoid, 2),
        }),
        salesCents: amount,
      });
  }
  const purchasesCents = purchases === null ? null : parseCents(purchases);
  const actual =
    bounded && purchasesCents !== null
      ? getActualCost({ beginningCents: beginning.valueCents, purchasesCents, endingCents: ending.valueCents })
      : null;
  const comparison = compareFoodCost({ theoreticalCents: getTheoreticalCost(lines), actualCents: actual, salesCents: sales });
  const point = (p: typeof beginning) => (p ? { id: p.id, date: p.date, value: p.valueCents } : null);
  return {
    period: { bgn_date: period.bgnDate, end_date: period.endDate },
    beginningInventory: point(beginning),
    endingInventory: point(ending),
    purchases: purchasesCents,
    sales,
    theoretical: comparison.theoreticalCents,
    actual: comparison.actualCents,
    variance: comparison.varianceCents,
    theoreticalPercent: comparison.theoreticalPercent,
    actualPercent: comparison.actualPercent,
    variancePercent: comparison.variancePercent,
    thresholdPercent: FOOD_COST_VARIANCE_ALERT_BASIS_POINTS,
    isOverThreshold: comparison.isOverThreshold,
    unassignedItems: unassigned,
    itemTargetPercent: MENU_ITEM_FOOD_COST_TARGET_PERCENT * 100,
    itemsOverTarget: getItemsOverTarget(lines).map((i) => ({
      item_name: i.itemName,
      recipe_id: i.recipeId,
      foodCostPercent: i.foodCostPercent,
    })),
  };
}

function addDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
