/**
 * The recipe list's maintained costs (issue 17, migration `0026_recipe_costs`): per recipe, its
 * total cost in cents at the location's effective prices of `priced_on`.
 *
 * The cost book (every recipe and ingredient of a location, the offers and generic groups they use)
 * is read here, once for the views that show ingredients (the recipe, the print) and once per
 * change for the stored totals, which the domain's costing engine computes from it: the stored
 * total is the one a read would compute. Triggers on recipes, recipe_ingredients, inventory_groups,
 * inventory_group_items, location_items (prices, punch-outs, offers added or removed) and
 * item_distributors (pack sizes) mark the location in `recipe_cost_dirty` in the writing
 * transaction; `refreshRecipeCosts` recomputes a marked location, or one priced for another day
 * (an end date may have passed), before its costs are read.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  costBookGroupIds,
  costBookOfferIds,
  createCostBook,
  getAllRecipeCosts,
  type CostBookRows,
  type GroupItemRow,
  type GroupRow,
  type IngredientDbRow,
  type OfferRow,
  type RecipeDbRow,
} from '@stockpot/domain';
import { queryRows, queryRowsPrepared, type Database } from '../client';
import { effectivePriceSql } from '../read-model/item-sql';

const ints = (values: readonly number[]): SQL => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;

// ------------------------------------------------------------------ the cost book

export const recipeColumns = sql`r.id, r.name, r.menu_category_id AS "menuCategoryId", c.name AS "menuName", r.price::text AS price,
  r.description, r.procedure, r.is_sub_recipe AS "isSubRecipe", r.sub_recipe_yield AS "subRecipeYield",
  r.sub_recipe_yield_uom AS "subRecipeYieldUom", r.total_cost_entered AS "totalCostEntered"`;

/** Every recipe of the location (costs of sub-recipes need them all). */
export function selectRecipes(db: Database, locationId: number): Promise<RecipeDbRow[]> {
  return queryRowsPrepared<RecipeDbRow>(
    db,
    sql`SELECT ${recipeColumns} FROM recipes r JOIN recipe_menu_categories c ON c.id = r.menu_category_id
        WHERE r.location_id = ${locationId} ORDER BY lower(r.name), r.id`,
  );
}

export const ingredientColumns = sql`i.id, i.recipe_id AS "recipeId", i.ingredient_type AS "ingredientType",
  i.item_distributor_id AS "itemDistributorId", i.inventory_group_id AS "inventoryGroupId", i.sub_recipe_id AS "subRecipeId",
  i.recipe_amount::text AS "recipeAmount", i.recipe_amount_fraction AS "recipeAmountFraction",
  i.recipe_pack_size_uom AS "recipePackSizeUom", i.recipe_pack_size_value::text AS "recipePackSizeValue",
  i.recipe_pack_size_fraction AS "recipePackSizeFraction", i.conversion_pack_size_value::text AS "conversionPackSizeValue",
  i.conversion_pack_size_fraction AS "conversionPackSizeFraction", i.conversion_pack_size_uom AS "conversionPackSizeUom",
  i.waste_percentage::text AS "wastePercentage", i.link_items AS "linkItems"`;

export function selectAllIngredients(db: Database, locationId: number): Promise<IngredientDbRow[]> {
  return queryRowsPrepared<IngredientDbRow>(
    db,
    sql`SELECT ${ingredientColumns} FROM recipe_ingredients i WHERE i.location_id = ${locationId} ORDER BY i.recipe_id, i.id`,
  );
}

/** Offers of the location's catalogue (location_items) with their effective price today. */
export function selectOffers(db: Database, locationId: number, offerIds: readonly number[]): Promise<OfferRow[]> {
  if (offerIds.length === 0) return Promise.resolve([]);
  return queryRowsPrepared<OfferRow>(
    db,
    sql`SELECT d.id AS "itemDistributorId", coalesce(nullif(d.description, ''), i.name) AS description, d.din, d.brand,
               dist.nickname AS distributor, d.pack_size AS "packSize", d.pack_size_uom AS "packSizeUom",
               d.unit_measure AS "unitMeasure", d.image_url AS "imageUrl", d.brand_image_url AS "brandImageUrl",
               li.is_punched_out AS "isPunchedOut", ${effectivePriceSql('li', sql`t.today`)}::text AS price
        FROM location_items li
        JOIN item_distributors d ON d.id = li.item_distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN distributors dist ON dist.id = d.distributor_id
        CROSS JOIN (SELECT (now() AT TIME ZONE l.timezone)::date AS today FROM locations l WHERE l.id = ${locationId}) t
        WHERE li.location_id = ${locationId} AND li.item_distributor_id = ANY(${ints(offerIds)})`,
  );
}

export function selectGroups(db: Database, locationId: number, groupIds: readonly number[]): Promise<GroupRow[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return queryRowsPrepared<GroupRow>(
    db,
    sql`SELECT g.id, g.name, l.id AS "listId", l.name AS "listName"
        FROM inventory_groups g JOIN inventory_lists l ON l.id = g.inventory_list_id
        WHERE g.location_id = ${locationId} AND g.id = ANY(${ints(groupIds)})`,
  );
}

export function selectGroupItems(db: Database, locationId: number, groupIds: readonly number[]): Promise<GroupItemRow[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return queryRowsPrepared<GroupItemRow>(
    db,
    sql`SELECT gi.id, gi.group_id AS "groupId", gi.kind, gi.item_distributor_id AS "itemDistributorId",
               gi.sub_recipe_id AS "subRecipeId", gi.description, gi.distributor_name AS "distributorName",
               gi.price::text AS price, gi.custom_pack_size AS "customPackSize", gi.din, gi.brand
        FROM inventory_group_items gi
        WHERE gi.location_id = ${locationId} AND gi.group_id = ANY(${ints(groupIds)}) ORDER BY gi.sort_index, gi.id`,
  );
}

/** The rows of the location's cost book: recipes and ingredients, then groups, then offers. */
export async function selectCostBookRows(db: Database, locationId: number): Promise<CostBookRows> {
  const [recipes, ingredients] = await Promise.all([selectRecipes(db, locationId), selectAllIngredients(db, locationId)]);
  const groupIds = costBookGroupIds(ingredients);
  const [groups, groupItems] = await Promise.all([
    selectGroups(db, locationId, groupIds),
    selectGroupItems(db, locationId, groupIds),
  ]);
  const offers = await selectOffers(db, locationId, costBookOfferIds(ingredients, groupItems));
  return { recipes, ingredients, offers, groups, groupItems };
}

// ------------------------------------------------------------------ the maintained costs

/**
 * SQL of a boolean: whether the location's stored recipe costs must be recomputed before they are
 * read (never computed, marked by a write, or priced for another day than `today`). Two index probes.
 */
export function recipeCostsStaleSql(locationId: SQL | number, today: SQL): SQL {
  return sql`(EXISTS (SELECT 1 FROM recipe_cost_dirty WHERE location_id = ${locationId})
    OR (SELECT priced_on FROM recipe_cost_state WHERE location_id = ${locationId}) IS DISTINCT FROM ${today})`;
}

/**
 * The location's recipe costs from scratch, in cents by recipe id: what `recipe_costs` must hold
 * (the property test compares them; the refresh writes them).
 */
export async function computeRecipeCosts(db: Database, locationId: number): Promise<Map<number, number>> {
  return getAllRecipeCosts(createCostBook(await selectCostBookRows(db, locationId)));
}

/**
 * Recomputes the location's stored recipe costs when they are stale (or always, with `force`), in
 * its own transaction, serialised per location (its own lock namespace; it shared analytics' until
 * issue 38): the marks are taken first, so a write committed while the costs are computed marks the
 * location again and the next read recomputes it. The marks are unkeyed (migration 0062): a write
 * open while they are taken adds its own row, which the DELETE cannot see.
 */
export async function refreshRecipeCosts(db: Database, locationId: number, options: { force?: boolean } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(741304, ${locationId})`);
    const [location] = await queryRows<{ today: string; pricedOn: string | null; dirty: boolean }>(
      tx,
      sql`SELECT to_char((now() AT TIME ZONE l.timezone)::date, 'YYYY-MM-DD') AS today,
                 (SELECT to_char(priced_on, 'YYYY-MM-DD') FROM recipe_cost_state WHERE location_id = l.id) AS "pricedOn",
                 EXISTS (SELECT 1 FROM recipe_cost_dirty WHERE location_id = l.id) AS dirty
          FROM locations l WHERE l.id = ${locationId}`,
    );
    if (!location) return;
    if (!options.force && !location.dirty && location.pricedOn === location.today) return;
    await tx.execute(sql`DELETE FROM recipe_cost_dirty WHERE location_id = ${locationId}`);
    const costs = await computeRecipeCosts(tx, locationId);
    await tx.execute(sql`DELETE FROM recipe_costs WHERE location_id = ${locationId}`);
    if (costs.size > 0) {
      await tx.execute(sql`INSERT INTO recipe_costs (location_id, recipe_id, total_cost)
        SELECT ${locationId}, unnest(${ints([...costs.keys()])}), unnest(${ints([...costs.values()])})`);
    }
    await tx.execute(sql`INSERT INTO recipe_cost_state (location_id, priced_on) VALUES (${locationId}, ${location.today}::date)
      ON CONFLICT (location_id) DO UPDATE SET priced_on = EXCLUDED.priced_on`);
  });
}

/**
 * The nightly job's and the loaders' pass: recomputes every location with recipes whose costs are
 * stale (all of them with `force`), and clears the marks of locations without recipes.
 */
export async function refreshAllRecipeCosts(db: Database, options: { force?: boolean } = {}): Promise<number> {
  const locations = await queryRows<{ id: number }>(
    db,
    sql`SELECT l.id FROM locations l
        WHERE (EXISTS (SELECT 1 FROM recipes r WHERE r.location_id = l.id)
               AND (${options.force ?? false} OR ${recipeCostsStaleSql(sql`l.id`, sql`(now() AT TIME ZONE l.timezone)::date`)}))
           OR EXISTS (SELECT 1 FROM recipe_cost_dirty d WHERE d.location_id = l.id)
        ORDER BY l.id`,
  );
  for (const { id } of locations) await refreshRecipeCosts(db, id, options);
  return locations.length;
}
