/**
 * The cost book (doc 2 §2 "Recipe costing"): the rows a location's recipe costing reads (its recipes,
 * their ingredients, the offers and generic groups they use, read by the database layer) and the
 * book made of them, which the costing engine (recipe-costing.ts) reads. Numerics arrive as text,
 * as SQL sends them.
 */
// ------------------------------------------------------------------ the cost book's rows

export interface RecipeDbRow {
  id: number;
  name: string;
  menuCategoryId: number;
  menuName: string;
  price: string | null;
  description: string;
  procedure: string;
  isSubRecipe: boolean;
  subRecipeYield: string | null;
  subRecipeYieldUom: string | null;
  /** Cents; a menu recipe's total cost entered by hand, else null. */
  totalCostEntered: number | null;
}

export interface IngredientDbRow {
  id: number;
  recipeId: number;
  ingredientType: 'item' | 'generic' | 'subrecipe';
  itemDistributorId: number | null;
  inventoryGroupId: number | null;
  subRecipeId: number | null;
  recipeAmount: string;
  recipeAmountFraction: string;
  recipePackSizeUom: string;
  recipePackSizeValue: string;
  recipePackSizeFraction: string;
  conversionPackSizeValue: string;
  conversionPackSizeFraction: string;
  conversionPackSizeUom: string;
  wastePercentage: string;
  linkItems: unknown;
}

export interface OfferRow {
  itemDistributorId: number;
  description: string;
  din: string;
  brand: string;
  distributor: string;
  packSize: string;
  packSizeUom: string;
  unitMeasure: string;
  imageUrl: string;
  brandImageUrl: string;
  isPunchedOut: boolean;
  /** Effective price, dollars. */
  price: string;
}

export interface GroupRow {
  id: number;
  name: string;
  listId: number;
  listName: string;
}

export interface GroupItemRow {
  id: number;
  groupId: number;
  kind: 'item' | 'custom' | 'subrecipe';
  itemDistributorId: number | null;
  subRecipeId: number | null;
  description: string | null;
  distributorName: string | null;
  price: string | null;
  customPackSize: string | null;
  din: string | null;
  brand: string | null;
}

export interface CostBook {
  recipes: Map<number, RecipeDbRow>;
  ingredients: Map<number, IngredientDbRow[]>;
  offers: Map<number, OfferRow>;
  groups: Map<number, GroupRow>;
  groupItems: Map<number, GroupItemRow[]>;
  /** Memo of each recipe's total cost in cents (only totals no loop was cut inside: those do not depend on the path). */
  totals: Map<number, number>;
  /** How many times costing has cut a loop of recipes so far (a total computed across a cut is not memoised). */
  loopCuts: number;
}

/** The rows a cost book is made of (every recipe and ingredient of one location). */
export interface CostBookRows {
  recipes: RecipeDbRow[];
  ingredients: IngredientDbRow[];
  offers: OfferRow[];
  groups: GroupRow[];
  groupItems: GroupItemRow[];
}

/** The generic groups a location's ingredients use (their linked items are read next). */
export const costBookGroupIds = (ingredients: readonly IngredientDbRow[]): number[] => [
  ...new Set(ingredients.flatMap((i) => (i.inventoryGroupId ? [i.inventoryGroupId] : []))),
];

/** The offers the ingredients and the groups' linked items use (their prices are read last). */
export const costBookOfferIds = (ingredients: readonly IngredientDbRow[], groupItems: readonly GroupItemRow[]): number[] => [
  ...new Set([
    ...ingredients.flatMap((i) => (i.itemDistributorId ? [i.itemDistributorId] : [])),
    ...groupItems.flatMap((g) => (g.itemDistributorId ? [g.itemDistributorId] : [])),
  ]),
];

export function createCostBook(rows: CostBookRows): CostBook {
  const byRecipe = new Map<number, IngredientDbRow[]>();
  for (const row of rows.ingredients) byRecipe.set(row.recipeId, [...(byRecipe.get(row.recipeId) ?? []), row]);
  const byGroup = new Map<number, GroupItemRow[]>();
  for (const row of rows.groupItems) byGroup.set(row.groupId, [...(byGroup.get(row.groupId) ?? []), row]);
  return {
    recipes: new Map(rows.recipes.map((r) => [r.id, r])),
    ingredients: byRecipe,
    offers: new Map(rows.offers.map((o) => [o.itemDistributorId, o])),
    groups: new Map(rows.groups.map((g) => [g.id, g])),
    groupItems: byGroup,
    totals: new Map(),
    loopCuts: 0,
  };
}
