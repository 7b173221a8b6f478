import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { locations } from './accounts';
import { itemDistributors } from './catalog';
import { inventoryGroups } from './inventory';

/** A menu category of recipe costing (doc 2 §3 "Menu category": value and label). */
export const recipeMenuCategories = pgTable(
  'recipe_menu_categories',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recipe_menu_categories_location_idx').on(t.locationId, sql`lower(${t.name})`)],
);

/**
 * A recipe (doc 2 §3 "Recipe"). Costs are never stored: they follow the current effective prices
 * of the ingredients, unless the buyer entered a menu recipe's total cost by hand. A sub-recipe
 * has a yield and a yield unit instead of a menu price.
 */
export const recipes = pgTable(
  'recipes',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    menuCategoryId: integer('menu_category_id')
      .notNull()
      .references(() => recipeMenuCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }),
    description: text('description').notNull().default(''),
    procedure: text('procedure').notNull().default(''),
    isSubRecipe: boolean('is_sub_recipe').notNull().default(false),
    subRecipeYield: text('sub_recipe_yield'),
    subRecipeYieldUom: text('sub_recipe_yield_uom'),
    /** A menu recipe's total cost entered by hand, in cents (issue 34); null: the ingredients' sum. */
    totalCostEntered: integer('total_cost_entered'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recipes_location_category_name_idx').on(t.locationId, t.menuCategoryId, sql`lower(${t.name})`),
    index('recipes_location_sub_recipe_idx').on(t.locationId, t.isSubRecipe),
    check('recipes_total_cost_entered_positive', sql`${t.totalCostEntered} IS NULL OR ${t.totalCostEntered} > 0`),
  ],
);

/**
 * An ingredient of a recipe (doc 2 §3 "Ingredient"): one of the location's catalogue offers
 * ('item'), a generic group of the inventory view ('generic', costed from its linked items) or a
 * sub-recipe ('subrecipe', costed per yield unit). Amounts keep the fraction as typed and its value.
 */
export const recipeIngredients = pgTable(
  'recipe_ingredients',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    recipeId: integer('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    ingredientType: text('ingredient_type', { enum: ['item', 'generic', 'subrecipe'] }).notNull(),
    itemDistributorId: integer('item_distributor_id').references(() => itemDistributors.id),
    inventoryGroupId: integer('inventory_group_id').references(() => inventoryGroups.id, { onDelete: 'cascade' }),
    subRecipeId: integer('sub_recipe_id').references(() => recipes.id, { onDelete: 'cascade' }),
    recipeAmount: numeric('recipe_amount', { precision: 14, scale: 4 }).notNull(),
    recipeAmountFraction: text('recipe_amount_fraction').notNull(),
    recipePackSizeUom: text('recipe_pack_size_uom').notNull().default('lb'),
    recipePackSizeValue: numeric('recipe_pack_size_value', { precision: 14, scale: 4 }).notNull().default('1'),
    recipePackSizeFraction: text('recipe_pack_size_fraction').notNull().default('1'),
    conversionPackSizeValue: numeric('conversion_pack_size_value', { precision: 14, scale: 4 }).notNull().default('1'),
    conversionPackSizeFraction: text('conversion_pack_size_fraction').notNull().default('1'),
    conversionPackSizeUom: text('conversion_pack_size_uom').notNull().default('lb'),
    wastePercentage: numeric('waste_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    /** A generic ingredient's per-item conversions (doc 2 §7 link_items), keyed by group item id. */
    linkItems: jsonb('link_items').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recipe_ingredients_location_recipe_idx').on(t.locationId, t.recipeId),
    index('recipe_ingredients_sub_recipe_idx').on(t.subRecipeId),
    index('recipe_ingredients_item_idx').on(t.locationId, t.itemDistributorId),
    index('recipe_ingredients_group_idx').on(t.inventoryGroupId),
    check(
      'recipe_ingredients_kind_check',
      sql`(${t.ingredientType} = 'item' AND ${t.itemDistributorId} IS NOT NULL) OR (${t.ingredientType} = 'generic' AND ${t.inventoryGroupId} IS NOT NULL) OR (${t.ingredientType} = 'subrecipe' AND ${t.subRecipeId} IS NOT NULL)`,
    ),
    check('recipe_ingredients_waste_check', sql`${t.wastePercentage} >= 0 AND ${t.wastePercentage} <= 100`),
  ],
);

/** One menu item's sales on one business day, from the point of sale (doc 2 §3 "POS detail row"). */
export const posSales = pgTable(
  'pos_sales',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    businessDate: date('business_date').notNull(),
    itemName: text('item_name').notNull(),
    posCategory: text('pos_category').notNull().default(''),
    quantitySold: numeric('quantity_sold', { precision: 12, scale: 2 }).notNull().default('0'),
    quantityVoid: numeric('quantity_void', { precision: 12, scale: 2 }).notNull().default('0'),
    /** Total amount sold, dollars. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
    source: text('source').notNull().default('demo'),
  },
  (t) => [
    index('pos_sales_location_date_idx').on(t.locationId, t.businessDate),
    index('pos_sales_location_item_idx').on(t.locationId, sql`lower(${t.itemName})`, t.businessDate),
  ],
);

/** Which recipe a sold menu item is (doc 2 §7 "POST pos/assign-recipe"). */
export const posItemRecipes = pgTable(
  'pos_item_recipes',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    recipeId: integer('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('pos_item_recipes_location_item_idx').on(t.locationId, sql`lower(${t.itemName})`),
    index('pos_item_recipes_recipe_idx').on(t.recipeId),
  ],
);
