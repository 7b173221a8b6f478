/**
 * Demo recipe costing (doc 2 §2 "Recipe costing", "Point of sale"): Harbor Grill, the location with
 * recipe costing on, gets menu categories with recipes whose ingredients are real demo offers,
 * generic groups of its inventory view and one sub-recipe (a lemon butter sauce); and 90 days of
 * point-of-sale sales, a few menu items assigned to recipes. Conversions come from the domain's rule.
 */
import { sql } from 'drizzle-orm';
import {
  fractionToNumber,
  getAutoConversion,
  getDefaultPackUnit,
  parseFraction,
  parsePackSize,
  toDecimalString,
} from '@stockpot/domain';
import type { Database } from '../src/client';
import { DEMO_IDS } from './demo-accounts';
import { addDays } from './dates';
import { createRandom } from './random';
import { queryRows } from './sql-helpers';

type DemoIngredient =
  | { kind: 'item'; pattern: string; amount: string; unit: string; waste?: number }
  | { kind: 'generic'; group: string; amount: string; unit: string; waste?: number }
  | { kind: 'subrecipe'; recipe: string; amount: string; unit: string };

interface DemoRecipe {
  name: string;
  category: string;
  price: number | null;
  description: string;
  procedure?: string;
  subRecipe?: { yield: string; uom: string };
  ingredients: DemoIngredient[];
}

export const DEMO_MENU_CATEGORIES = ['Entrees', 'Sides', 'Sauces & Prep'];

export const DEMO_RECIPES: DemoRecipe[] = [
  {
    name: 'Lemon Butter Sauce',
    category: 'Sauces & Prep',
    price: null,
    description: 'Beurre blanc style sauce for fish and chicken.',
    procedure: 'Reduce the cream by a third, whisk in cold butter off the heat, finish with lemon.',
    subRecipe: { yield: '2', uom: 'qt' },
    ingredients: [
      { kind: 'generic', group: 'Heavy cream', amount: '1', unit: 'qt' },
      { kind: 'generic', group: 'Butter', amount: '1 1/2', unit: 'lb', waste: 2 },
      { kind: 'generic', group: 'Lemons', amount: '4', unit: 'each' },
    ],
  },
  {
    name: 'Pan-Roasted Chicken Breast',
    category: 'Entrees',
    price: 2600,
    description: 'Airline chicken breast, lemon butter sauce, roasted potatoes.',
    ingredients: [
      { kind: 'item', pattern: 'Chicken Breast Boneless Skinless%', amount: '10', unit: 'oz', waste: 5 },
      { kind: 'subrecipe', recipe: 'Lemon Butter Sauce', amount: '1/4', unit: 'qt' },
      { kind: 'generic', group: 'Russet potatoes', amount: '8', unit: 'oz', waste: 10 },
    ],
  },
  {
    name: 'Harbor Burger',
    category: 'Entrees',
    price: 1900,
    description: 'Brisket blend patty, romaine, fries.',
    ingredients: [
      { kind: 'item', pattern: 'Beef Ground Brisket Blend Patty 8 OZ%', amount: '8', unit: 'oz' },
      { kind: 'generic', group: 'Butter', amount: '1/2', unit: 'oz' },
      { kind: 'generic', group: 'Yellow onions', amount: '2', unit: 'oz', waste: 15 },
      { kind: 'generic', group: 'Russet potatoes', amount: '10', unit: 'oz', waste: 10 },
    ],
  },
  {
    name: 'Grilled Salmon',
    category: 'Entrees',
    price: 3200,
    description: 'Sockeye fillet, lemon butter sauce, roasted potatoes.',
    ingredients: [
      { kind: 'item', pattern: 'Salmon Sockeye Fillet Fresh Never Frozen%', amount: '7', unit: 'oz', waste: 8 },
      { kind: 'subrecipe', recipe: 'Lemon Butter Sauce', amount: '1/4', unit: 'qt' },
      { kind: 'generic', group: 'Russet potatoes', amount: '8', unit: 'oz', waste: 10 },
    ],
  },
  {
    name: 'Roasted Potatoes',
    category: 'Sides',
    price: 800,
    description: 'Russet potatoes roasted with butter.',
    ingredients: [
      { kind: 'generic', group: 'Russet potatoes', amount: '10', unit: 'oz', waste: 10 },
      { kind: 'generic', group: 'Butter', amount: '1', unit: 'oz' },
    ],
  },
  {
    name: 'Onion Rings',
    category: 'Sides',
    price: 900,
    description: 'Beer-battered yellow onion rings.',
    ingredients: [{ kind: 'generic', group: 'Yellow onions', amount: '8', unit: 'oz', waste: 15 }],
  },
];

/**
 * Menu items the demo point of sale sells: a base daily quantity and price (cents); most match a
 * recipe. Onion Rings and the chowder are left without one, as a new account would have a few.
 * Items with a recipe sell their base quantities (a 60-cover grill), so POS × recipes agrees with
 * what the counts show used (pos-counts.ts); the rest of the sales the purchases stand for is
 * catering and events, which no recipe maps.
 */
const POS_ITEMS: { name: string; category: string; perDay: number; price: number; recipe?: string }[] = [
  { name: 'Pan-Roasted Chicken', category: 'Entrees', perDay: 14, price: 2600, recipe: 'Pan-Roasted Chicken Breast' },
  { name: 'Harbor Burger', category: 'Entrees', perDay: 22, price: 1900, recipe: 'Harbor Burger' },
  { name: 'Grilled Salmon', category: 'Entrees', perDay: 12, price: 3200, recipe: 'Grilled Salmon' },
  { name: 'Roasted Potatoes', category: 'Sides', perDay: 9, price: 800, recipe: 'Roasted Potatoes' },
  { name: 'Onion Rings', category: 'Sides', perDay: 11, price: 900 },
  { name: 'Clam Chowder Cup', category: 'Soups', perDay: 16, price: 700 },
  { name: 'Catering & Events', category: 'Catering', perDay: 1, price: 150000 },
];

/**
 * The share of sales Harbor Grill's purchases stand for: the demo's sales are scaled to its demo
 * purchases so that actual food cost reads like a restaurant's (about 30 %), not a ratio of two
 * unrelated random series.
 */
const DEMO_FOOD_COST_SHARE = 0.3;

export const POS_DEMO_DAYS = 90;

async function findOffer(db: Database, locationId: number, pattern: string) {
  const [row] = await queryRows<{ id: number; packSize: string; unitMeasure: string }>(
    db,
    sql`SELECT d.id, d.pack_size AS "packSize", d.unit_measure AS "unitMeasure"
        FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id JOIN items i ON i.id = d.item_id
        WHERE li.location_id = ${locationId} AND i.name ILIKE ${pattern}
        ORDER BY li.is_punched_out, li.purchased_quantity DESC, d.id LIMIT 1`,
  );
  return row;
}

export async function seedRecipes(db: Database, today: string): Promise<void> {
  const locationId = DEMO_IDS.locations.harborGrill;
  const categories = new Map<string, number>();
  for (const name of DEMO_MENU_CATEGORIES) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO recipe_menu_categories (location_id, name) VALUES (${locationId}, ${name}) RETURNING id`,
    );
    categories.set(name, row.id);
  }
  const recipeIds = new Map<string, number>();
  for (const recipe of DEMO_RECIPES) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO recipes (location_id, menu_category_id, name, price, description, procedure, is_sub_recipe, sub_recipe_yield, sub_recipe_yield_uom)
          VALUES (${locationId}, ${categories.get(recipe.category)!}, ${recipe.name},
                  ${recipe.price === null ? null : toDecimalString(recipe.price, 2)}::numeric, ${recipe.description},
                  ${recipe.procedure ?? ''}, ${recipe.subRecipe !== undefined}, ${recipe.subRecipe?.yield ?? null},
                  ${recipe.subRecipe?.uom ?? null})
          RETURNING id`,
    );
    recipeIds.set(recipe.name, row.id);
    for (const ingredient of recipe.ingredients) {
      let refs: { item: number | null; group: number | null; sub: number | null };
      let packUnit: string;
      if (ingredient.kind === 'item') {
        const offer = await findOffer(db, locationId, ingredient.pattern);
        if (!offer) continue;
        refs = { item: offer.id, group: null, sub: null };
        packUnit = getDefaultPackUnit(parsePackSize(offer.packSize), offer.unitMeasure);
      } else if (ingredient.kind === 'generic') {
        const [group] = await queryRows<{ id: number }>(
          db,
          sql`SELECT id FROM inventory_groups WHERE location_id = ${locationId} AND name = ${ingredient.group} ORDER BY id LIMIT 1`,
        );
        if (!group) continue;
        refs = { item: null, group: group.id, sub: null };
        packUnit = ingredient.unit;
      } else {
        refs = { item: null, group: null, sub: recipeIds.get(ingredient.recipe)! };
        packUnit = DEMO_RECIPES.find((r) => r.name === ingredient.recipe)!.subRecipe!.uom;
      }
      const conversion = getAutoConversion(ingredient.unit, packUnit) ?? { recipePackSizeValue: 1, conversionPackSizeValue: 1 };
      const unit = getAutoConversion(ingredient.unit, packUnit) ? ingredient.unit : packUnit;
      const waste = 'waste' in ingredient ? (ingredient.waste ?? 0) : 0;
      await db.execute(
        sql`INSERT INTO recipe_ingredients (location_id, recipe_id, ingredient_type, item_distributor_id, inventory_group_id, sub_recipe_id,
              recipe_amount, recipe_amount_fraction, recipe_pack_size_uom, recipe_pack_size_value, recipe_pack_size_fraction,
              conversion_pack_size_value, conversion_pack_size_fraction, conversion_pack_size_uom, waste_percentage)
            VALUES (${locationId}, ${row.id}, ${ingredient.kind}, ${refs.item}, ${refs.group}, ${refs.sub},
              ${String(fractionToNumber(parseFraction(ingredient.amount)!))}::numeric, ${ingredient.amount}, ${unit}, ${String(conversion.recipePackSizeValue)}::numeric, ${String(conversion.recipePackSizeValue)},
              ${String(conversion.conversionPackSizeValue)}::numeric, ${String(conversion.conversionPackSizeValue)}, ${packUnit},
              ${String(waste)}::numeric)`,
      );
    }
  }
  // 90 days of sales up to yesterday, a little different each day, busier at weekends; catering is
  // scaled so that the window's purchases are DEMO_FOOD_COST_SHARE of its sales.
  const [{ purchases }] = await queryRows<{ purchases: string }>(
    db,
    sql`SELECT coalesce(sum(total), 0)::text AS purchases FROM orders
        WHERE location_id = ${locationId} AND status <> 'cancelled'
          AND created_at >= ${addDays(today, -POS_DEMO_DAYS)}::date AND created_at < ${today}::date`,
  );
  const dailyOf = (items: typeof POS_ITEMS) => items.reduce((sum, item) => sum + item.perDay * item.price, 0);
  const catering = POS_ITEMS.filter((item) => item.category === 'Catering');
  const targetDaily = (Number(purchases) * 100) / DEMO_FOOD_COST_SHARE / POS_DEMO_DAYS;
  const cateringScale = Math.max(1, (targetDaily - dailyOf(POS_ITEMS) + dailyOf(catering)) / dailyOf(catering));
  const random = createRandom(1717);
  for (let back = POS_DEMO_DAYS; back >= 1; back -= 1) {
    const date = addDays(today, -back);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const busy = weekday === 5 || weekday === 6 ? 1.25 : 0.9;
    const rows = POS_ITEMS.map((item) => {
      const scale = item.category === 'Catering' ? cateringScale : 1;
      const sold = Math.max(0, Math.round(item.perDay * scale * busy * (1 + random.int(-15, 15) / 100)));
      const voided = random.chance(0.15) ? random.int(1, 3) : 0;
      const amount = toDecimalString((sold - voided) * item.price, 2);
      return sql`(${locationId}, ${date}::date, ${item.name}, ${item.category}, ${String(sold)}::numeric, ${String(voided)}::numeric, ${amount}::numeric, 'demo')`;
    });
    await db.execute(
      sql`INSERT INTO pos_sales (location_id, business_date, item_name, pos_category, quantity_sold, quantity_void, amount, source)
          VALUES ${sql.join(rows, sql`, `)}`,
    );
  }
  for (const item of POS_ITEMS) {
    if (!item.recipe) continue;
    await db.execute(
      sql`INSERT INTO pos_item_recipes (location_id, item_name, recipe_id) VALUES (${locationId}, ${item.name}, ${recipeIds.get(item.recipe)!})`,
    );
  }
}
