/**
 * Makes the demo's counts agree with its POS sales (issue 37, the suggested order's POS basis): for
 * every generic group a sold recipe uses, the use measured between Harbor Grill's two past counts
 * (count before + received − count after) is set to the theoretical use of the sales in between
 * (net sold × the recipe's quantity × (1 + waste), sub-recipes in proportion to their yield), as a
 * kitchen that follows its recipes would count. One item per group is re-counted: the later count
 * when that stays non-negative, else the earlier one. Runs after the sales and the past counts.
 */
import { sql } from 'drizzle-orm';
import {
  caseContentIn,
  findUnit,
  fractionToNumber,
  getOnHandTotals,
  parseCents,
  parseFraction,
  toDecimalString,
} from '@stockpot/domain';
import type { Database } from '../src/client';
import { DEMO_IDS } from './demo-accounts';
import { DEMO_RECIPES } from './recipes';
import { queryRows } from './sql-helpers';

/** One plate's quantity of a group (by name) or of a catalogue item (the recipe's own), waste included. */
interface PlateUse {
  group: string | null;
  recipe: string;
  amount: number;
  unit: string;
}

function usePerPlate(recipeName: string, share = 1, top = recipeName): PlateUse[] {
  const recipe = DEMO_RECIPES.find((r) => r.name === recipeName);
  if (!recipe) return [];
  return recipe.ingredients.flatMap((ingredient) => {
    const amount = fractionToNumber(parseFraction(ingredient.amount)!) * share;
    if (ingredient.kind === 'subrecipe') {
      const sub = DEMO_RECIPES.find((r) => r.name === ingredient.recipe)!;
      // The sub-recipe's line is in its yield's unit (qt of a 2 qt batch): a share of the batch.
      return usePerPlate(sub.name, amount / Number(sub.subRecipe!.yield), top);
    }
    const waste = 1 + (ingredient.waste ?? 0) / 100;
    const group = ingredient.kind === 'generic' ? ingredient.group : null;
    return [{ group, recipe: top, amount: amount * waste, unit: ingredient.unit }];
  });
}

interface SnapRow {
  id: number;
  inventoryId: number;
  groupId: number;
  packSize: string;
  unitMeasure: string;
  price: string;
  totalOnHand: string;
}

const num = (r: { num: bigint; den: bigint } | null) => (r && r.num > 0n ? Number(r.num) / Number(r.den) : null);

export async function alignPastCountsWithSales(db: Database): Promise<void> {
  const locationId = DEMO_IDS.locations.harborGrill;
  const inventories = await queryRows<{ id: number; date: string }>(
    db,
    sql`SELECT id, to_char(completed_date, 'YYYY-MM-DD') AS date FROM inventories
        WHERE location_id = ${locationId} AND status = 'completed' ORDER BY completed_date, id`,
  );
  if (inventories.length < 2) return;
  const [before, after] = inventories.slice(-2);
  const groups = await queryRows<{ id: number; name: string; unitId: number }>(
    db,
    sql`SELECT id, name, unit_id AS "unitId" FROM inventory_groups WHERE location_id = ${locationId}`,
  );
  // An item ingredient counts in the group that lists the recipe's item.
  const itemGroups = await queryRows<{ recipe: string; groupId: number }>(
    db,
    sql`SELECT DISTINCT ON (r.name) r.name AS recipe, gi.group_id AS "groupId"
        FROM recipe_ingredients ri JOIN recipes r ON r.id = ri.recipe_id
        JOIN inventory_group_items gi ON gi.location_id = ri.location_id AND gi.item_distributor_id = ri.item_distributor_id
        WHERE ri.location_id = ${locationId} AND ri.ingredient_type = 'item'
        ORDER BY r.name, gi.id`,
  );
  const sold = await queryRows<{ recipe: string; net: string }>(
    db,
    sql`SELECT r.name AS recipe, sum(s.quantity_sold - s.quantity_void)::text AS net
        FROM pos_sales s
        JOIN pos_item_recipes m ON m.location_id = s.location_id AND lower(m.item_name) = lower(s.item_name)
        JOIN recipes r ON r.id = m.recipe_id
        WHERE s.location_id = ${locationId} AND s.business_date >= ${before.date}::date AND s.business_date < ${after.date}::date
        GROUP BY 1`,
  );
  const received = await queryRows<{ groupId: number; packSize: string; cases: string }>(
    db,
    sql`SELECT gi.group_id AS "groupId", coalesce(gi.custom_pack_size, d.pack_size) AS "packSize",
               sum(coalesce(oi.received_quantity, oi.quantity - oi.qty_reduction))::text AS cases
        FROM orders o
        JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
        JOIN item_distributors d ON d.id = oi.item_distributor_id
        JOIN inventory_group_items gi ON gi.location_id = o.location_id AND gi.item_distributor_id = oi.item_distributor_id AND gi.kind = 'item'
        WHERE o.location_id = ${locationId} AND o.received_at IS NOT NULL
          AND (o.received_at AT TIME ZONE o.timezone)::date > ${before.date}::date
          AND (o.received_at AT TIME ZONE o.timezone)::date <= ${after.date}::date
          AND oi.status_received IS DISTINCT FROM 'rejected'
        GROUP BY 1, 2`,
  );
  const snapshot = await queryRows<SnapRow>(
    db,
    sql`SELECT id, inventory_id AS "inventoryId", group_id AS "groupId", coalesce(custom_pack_size, pack_size) AS "packSize",
               unit_measure AS "unitMeasure", price::text AS price, total_on_hand::text AS "totalOnHand"
        FROM inventory_snapshot_items WHERE location_id = ${locationId} AND inventory_id IN (${before.id}, ${after.id})
        ORDER BY item_sort, id`,
  );
  const groupByName = new Map(groups.map((g) => [g.name, g]));
  const groupOfRecipeItem = new Map(itemGroups.map((r) => [r.recipe, r.groupId]));
  const plates = new Map(sold.map((s) => [s.recipe, Number(s.net)]));
  const uses = new Map<number, PlateUse[]>();
  for (const recipe of plates.keys()) {
    for (const use of usePerPlate(recipe)) {
      const groupId = use.group === null ? groupOfRecipeItem.get(use.recipe) : groupByName.get(use.group)?.id;
      if (groupId !== undefined) uses.set(groupId, [...(uses.get(groupId) ?? []), use]);
    }
  }
  for (const group of groups) {
    const plateUses = uses.get(group.id);
    if (!plateUses) continue;
    const rows = snapshot.filter((r) => r.groupId === group.id);
    const contentOf = (pack: string) => num(caseContentIn(pack, group.unitId));
    // The item re-counted: the first whose pack converts to the group's unit and to every recipe unit.
    const counted = rows.find(
      (r) =>
        r.inventoryId === after.id &&
        contentOf(r.packSize) !== null &&
        plateUses.every((u) => num(caseContentIn(r.packSize, findUnit(u.unit)?.id ?? -1)) !== null),
    );
    if (!counted) continue;
    const perCase = contentOf(counted.packSize)!;
    const use = plateUses.reduce(
      (sum, u) =>
        sum + (plates.get(u.recipe)! * u.amount * perCase) / num(caseContentIn(counted.packSize, findUnit(u.unit)!.id))!,
      0,
    );
    const inGroup = (list: SnapRow[]) => list.reduce((sum, r) => sum + Number(r.totalOnHand) * (contentOf(r.packSize) ?? 0), 0);
    const countBefore = inGroup(rows.filter((r) => r.inventoryId === before.id));
    const countAfter = inGroup(rows.filter((r) => r.inventoryId === after.id));
    const receipts = received
      .filter((r) => r.groupId === group.id)
      .reduce((sum, r) => sum + Number(r.cases) * (contentOf(r.packSize) ?? 0), 0);
    const target = countBefore + receipts - use;
    const othersAfter = countAfter - Number(counted.totalOnHand) * perCase;
    if (target - othersAfter >= 0) {
      await recount(db, counted, (target - othersAfter) / perCase);
      continue;
    }
    // Too little came in for the later count: the earlier count held more.
    const earlier = rows.find((r) => r.inventoryId === before.id && r.packSize === counted.packSize);
    if (!earlier) continue;
    const othersBefore = countBefore - Number(earlier.totalOnHand) * perCase;
    await recount(db, earlier, Math.max(0, (countAfter + use - receipts - othersBefore) / perCase));
  }
  await db.execute(
    sql`UPDATE inventories i SET total_on_hand_value = s.total
        FROM (SELECT inventory_id, sum(total_on_hand_amount) AS total FROM inventory_snapshot_items
              WHERE location_id = ${locationId} GROUP BY 1) s
        WHERE i.location_id = ${locationId} AND s.inventory_id = i.id`,
  );
}

async function recount(db: Database, row: SnapRow, cases: number): Promise<void> {
  const onHand = Math.round(cases * 100) / 100;
  const totals = getOnHandTotals(
    { packSize: row.packSize, unitMeasure: row.unitMeasure, price: parseCents(row.price) },
    { onHand, onHandPack: 0, onHandUom: 0 },
  );
  await db.execute(
    sql`UPDATE inventory_snapshot_items
        SET on_hand = ${String(onHand)}::numeric, on_hand_pack = 0, on_hand_uom = 0,
            total_on_hand = ${String(totals.totalOnHand)}::numeric,
            total_on_hand_amount = ${toDecimalString(totals.totalOnHandAmount, 2)}::numeric
        WHERE id = ${row.id}`,
  );
}
