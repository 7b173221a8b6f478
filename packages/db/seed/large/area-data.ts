/**
 * The chain's data for the areas past ordering, so `npm run bench` reads them at chain scale
 * (issues 15, 16, 17, 21, 22): every location gets inventory lists of generic groups built from
 * its own guide items (some counted), a few location messages its people have partly read; where
 * the location has the area switched on, monthly completed inventories over the history with their
 * snapshot rows (display_inventory), menu categories and recipes with ingredients
 * (display_recipe_costing), and accounting tags on its purchased items (display_accounting).
 *
 * Written after the location phase (the COPY pool has room for one phase's tables at a time),
 * from what that phase kept of each location: its current offers, their guide price and how much
 * was bought. Totals follow the domain's rules (getOnHandTotals) as the demo's seeds do.
 */
import { getDefaultPackUnit, getOnHandTotals, parsePackSize, toDecimalString, type OnHandCounts } from '@stockpot/domain';
import { CATEGORIES } from '../catalog-data';
import { addDays, instantOn } from '../dates';
import { formatUnitSize, scaleCents } from '../pricing';
import { createRandom, type Random } from '../random';
import type { ChainLocation, ChainPlan } from './chain-plan';
import { copyRow, type TableWriter } from './copy-sink';
import { OFFER_FLAGS, offerText, type LargeCatalog } from './large-catalog';

export const AREA_TABLE_COLUMNS = {
  inventory_lists: ['id', 'location_id', 'name', 'sort', 'user_id', 'on_inventory', 'created_at'],
  inventory_groups: ['id', 'location_id', 'inventory_list_id', 'name', 'sort', 'par_level', 'unit_id', 'expand', 'created_at'],
  inventory_group_items: [
    'id',
    'location_id',
    'group_id',
    'kind',
    'item_distributor_id',
    'description',
    'distributor_name',
    'unit_measure',
    'price',
    'custom_pack_size',
    'din',
    'brand',
    'is_preferred',
    'on_hand',
    'on_hand_pack',
    'on_hand_uom',
    'total_on_hand',
    'total_on_hand_amount',
    'sort_index',
    'created_at',
    'updated_at',
  ],
  inventories: [
    'id',
    'location_id',
    'status',
    'start_date',
    'completed_date',
    'total_on_hand_value',
    'started_by',
    'completed_by',
    'created_at',
    'updated_at',
  ],
  inventory_snapshot_items: [
    'location_id',
    'inventory_id',
    'group_item_id',
    'list_id',
    'list_name',
    'list_sort',
    'group_id',
    'group_name',
    'group_sort',
    'item_sort',
    'description',
    'distributor',
    'price',
    'unit_measure',
    'pack_size',
    'custom_pack_size',
    'pack_size_uom',
    'unit_quantity',
    'unit_size',
    'on_hand',
    'on_hand_pack',
    'on_hand_uom',
    'total_on_hand',
    'total_on_hand_amount',
  ],
  recipe_menu_categories: ['id', 'location_id', 'name', 'created_at'],
  recipes: [
    'id',
    'location_id',
    'menu_category_id',
    'name',
    'price',
    'description',
    'is_sub_recipe',
    'sub_recipe_yield',
    'sub_recipe_yield_uom',
    'created_at',
    'updated_at',
  ],
  recipe_ingredients: [
    'location_id',
    'recipe_id',
    'ingredient_type',
    'item_distributor_id',
    'inventory_group_id',
    'sub_recipe_id',
    'recipe_amount',
    'recipe_amount_fraction',
    'recipe_pack_size_uom',
    'conversion_pack_size_uom',
    'waste_percentage',
    'created_at',
  ],
  pos_sales: ['location_id', 'business_date', 'item_name', 'pos_category', 'quantity_sold', 'quantity_void', 'amount', 'source'],
  pos_item_recipes: ['location_id', 'item_name', 'recipe_id'],
  accounting_suppliers: ['id', 'location_id', 'name', 'created_at'],
  accounting_categories: ['id', 'location_id', 'name', 'created_at'],
  accounting_gl_codes: ['id', 'location_id', 'code', 'created_at'],
  merchant_accountings: ['location_id', 'item_distributor_id', 'supplier_id', 'category_id', 'gl_code_id', 'updated_at'],
  location_messages: ['id', 'location_id', 'message', 'created_at'],
  location_message_reads: ['location_id', 'message_id', 'user_id', 'read_at'],
} as const;

export type AreaTable = keyof typeof AREA_TABLE_COLUMNS;

/** Tables whose ids the generator hands out (their sequences are moved past them after the load). */
export const AREA_SERIAL_TABLES = [
  'inventory_lists',
  'inventory_groups',
  'inventory_group_items',
  'inventories',
  'recipe_menu_categories',
  'recipes',
  'accounting_suppliers',
  'accounting_categories',
  'accounting_gl_codes',
  'location_messages',
] as const;

export type AreaIds = Record<(typeof AREA_SERIAL_TABLES)[number], number>;

/** What the location phase keeps of one location: its current (not punched-out) offers. */
export interface LocationStock {
  offers: number[];
  priceCents: number[];
  purchased: number[];
}

export interface AreaContext {
  seed: number;
  today: string;
  historyDays: number;
  catalog: LargeCatalog;
  chain: ChainPlan;
  ids: AreaIds;
  writers: Record<AreaTable, TableWriter>;
}

const LISTS: { name: string; categories: string[]; groups: number }[] = [
  { name: 'Kitchen', categories: ['Produce', 'Meat', 'Poultry', 'Seafood', 'Dairy', 'Bakery', 'Frozen'], groups: 60 },
  { name: 'Bar', categories: ['Beverages'], groups: 15 },
  { name: 'Dry Storage', categories: ['Dry Goods', 'Paper & Disposables', 'Chemicals & Janitorial'], groups: 35 },
];
const ITEMS_PER_GROUP = 4;

const MENU_CATEGORIES = ['Appetizers', 'Entrees', 'Sides', 'Desserts', 'Sauces & Prep'];
const DISHES: Record<string, string[]> = {
  Appetizers: ['Crispy Calamari', 'Chicken Wings', 'Spinach Dip', 'Bruschetta', 'Shrimp Cocktail', 'Loaded Nachos', 'Crab Cakes'],
  Entrees: [
    'Pan-Roasted Chicken',
    'Grilled Salmon',
    'Ribeye Steak',
    'Fish Tacos',
    'Harbor Burger',
    'Shrimp Scampi',
    'Pork Chop',
    'Chicken Parmesan',
    'Veggie Pasta',
    'Short Rib',
    'Fried Chicken Sandwich',
    'Cobb Salad',
  ],
  Sides: ['Roasted Potatoes', 'Onion Rings', 'French Fries', 'Coleslaw', 'Mac and Cheese', 'Grilled Asparagus', 'Side Salad'],
  Desserts: ['Cheesecake', 'Chocolate Cake', 'Apple Crisp', 'Creme Brulee', 'Key Lime Pie'],
  'Sauces & Prep': ['Lemon Butter Sauce', 'House Marinara', 'Ranch Dressing', 'Chimichurri', 'Pickled Onions', 'Demi-Glace'],
};
/** Days of point-of-sale sales before today (as the demo's, doc 2 §2 "Point of sale"). */
const POS_DAYS = 90;
const AMOUNTS = ['1/4', '1/2', '3/4', '1', '1 1/2', '2', '3'];
const GL_CODES = ['5010 Food Cost', '5020 Beverage Cost', '5030 Paper & Packaging', '6120 Cleaning Supplies'];
const BOOKS: Record<string, { category: string; code: string }> = {
  Produce: { category: 'Food - Produce', code: GL_CODES[0] },
  Meat: { category: 'Food - Meat', code: GL_CODES[0] },
  Poultry: { category: 'Food - Meat', code: GL_CODES[0] },
  Seafood: { category: 'Food - Seafood', code: GL_CODES[0] },
  Dairy: { category: 'Food - Dairy', code: GL_CODES[0] },
  'Dry Goods': { category: 'Food - Dry Goods', code: GL_CODES[0] },
  Bakery: { category: 'Food - Bakery', code: GL_CODES[0] },
  Frozen: { category: 'Food - Frozen', code: GL_CODES[0] },
  Beverages: { category: 'Beverage - Non-Alcoholic', code: GL_CODES[1] },
  'Paper & Disposables': { category: 'Paper & Packaging', code: GL_CODES[2] },
  'Chemicals & Janitorial': { category: 'Cleaning Supplies', code: GL_CODES[3] },
};
const MESSAGES = [
  'Reminder: month-end inventory is due by the 1st. Count every list before you close.',
  'New produce distributor pricing takes effect Monday; check your order guide.',
  'Holiday delivery schedule: no deliveries on the 25th. Order a day early.',
  'Please tag new items with a GL code so the books close on time.',
  'Recipe costs were updated with this week’s invoice prices.',
  'The regional team visits next week; keep the walk-in labelled.',
  'Chicken breast is on allocation this month: substitute where the recipe allows.',
  'Thanks for keeping waste under 3 % last month!',
];

async function put(writer: TableWriter, values: readonly (string | number | boolean | null)[]): Promise<void> {
  const wait = writer.write(copyRow(values));
  if (wait) await wait;
}

const money = (cents: number) => toDecimalString(cents, 2);

interface GroupItemRow {
  id: number;
  offer: number | null;
  description: string;
  distributor: string;
  priceCents: number;
  unitMeasure: string;
  packSize: string;
  customPackSize: string | null;
  sort: number;
}

interface GroupRow {
  id: number;
  listId: number;
  listName: string;
  listSort: number;
  name: string;
  sort: number;
  items: GroupItemRow[];
}

function randomCounts(random: Random): OnHandCounts {
  return { onHand: random.int(0, 4), onHandPack: random.chance(0.3) ? random.int(1, 3) : 0, onHandUom: 0 };
}

function totalsOf(item: GroupItemRow, counts: OnHandCounts, priceCents = item.priceCents) {
  return getOnHandTotals(
    { packSize: item.customPackSize ?? item.packSize, unitMeasure: item.unitMeasure, price: priceCents },
    counts,
  );
}

/** Inventory lists with generic groups of the location's offers (same generic product, several distributors). */
async function writeInventoryLists(
  context: AreaContext,
  location: ChainLocation,
  stock: LocationStock,
  userId: number | null,
  random: Random,
): Promise<GroupRow[]> {
  const { catalog, writers, ids, today } = context;
  const createdAt = instantOn(addDays(today, -context.historyDays - 7)).toISOString();
  const byGeneric = new Map<string, { category: string; entries: { offer: number; price: number; purchased: number }[] }>();
  for (let k = 0; k < stock.offers.length; k += 1) {
    const offer = stock.offers[k];
    const item = catalog.offerItem[offer];
    const generic = catalog.itemGeneric[item];
    let entry = byGeneric.get(generic.toLowerCase());
    if (!entry) {
      entry = { category: CATEGORIES[catalog.itemCategory[item]], entries: [] };
      byGeneric.set(generic.toLowerCase(), entry);
    }
    entry.entries.push({ offer, price: stock.priceCents[k], purchased: stock.purchased[k] });
  }
  const groups: GroupRow[] = [];
  for (const [listSort, list] of LISTS.entries()) {
    const candidates = [...byGeneric.values()]
      .filter((g) => list.categories.includes(g.category))
      .map((g) => ({ ...g, purchased: g.entries.reduce((sum, e) => sum + e.purchased, 0) }))
      .sort((a, b) => b.purchased - a.purchased || a.entries[0].offer - b.entries[0].offer)
      .slice(0, list.groups);
    if (candidates.length === 0) continue;
    const listId = ids.inventory_lists;
    ids.inventory_lists += 1;
    await put(writers.inventory_lists, [listId, location.id, list.name, listSort, userId, false, createdAt]);
    for (const [sort, candidate] of candidates.entries()) {
      const groupId = ids.inventory_groups;
      ids.inventory_groups += 1;
      const name = catalog.itemGeneric[catalog.offerItem[candidate.entries[0].offer]];
      await put(writers.inventory_groups, [
        groupId,
        location.id,
        listId,
        name,
        sort,
        String(random.int(0, 12)),
        1,
        true,
        createdAt,
      ]);
      const group: GroupRow = { id: groupId, listId, listName: list.name, listSort, name, sort, items: [] };
      const linked = candidate.entries.sort((a, b) => b.purchased - a.purchased || a.offer - b.offer).slice(0, ITEMS_PER_GROUP);
      for (const entry of linked) {
        const text = offerText(catalog, entry.offer);
        group.items.push({
          id: 0,
          offer: entry.offer,
          description: catalog.itemName[catalog.offerItem[entry.offer]],
          distributor: catalog.distributors[catalog.offerDistributor[entry.offer]].nickname,
          priceCents: entry.price,
          unitMeasure: text.unitMeasure,
          packSize: text.packSize,
          customPackSize: null,
          sort: group.items.length + 1,
        });
      }
      // Now and then something bought outside the catalogue, at a cash-and-carry.
      if (random.chance(0.07)) {
        group.items.push({
          id: 0,
          offer: null,
          description: `${name}, cash & carry`,
          distributor: 'Restaurant Depot',
          priceCents: random.int(900, 6_000),
          unitMeasure: 'CS',
          packSize: '1/10 LB',
          customPackSize: '1/10 LB',
          sort: group.items.length + 1,
        });
      }
      for (const item of group.items) {
        item.id = ids.inventory_group_items;
        ids.inventory_group_items += 1;
        const counts = random.chance(0.6) ? randomCounts(random) : { onHand: 0, onHandPack: 0, onHandUom: 0 };
        const totals = totalsOf(item, counts);
        const offerId = item.offer === null ? null : catalog.firstOfferId + item.offer;
        const custom = item.offer === null;
        await put(writers.inventory_group_items, [
          item.id,
          location.id,
          groupId,
          custom ? 'custom' : 'item',
          offerId,
          custom ? item.description : null,
          custom ? item.distributor : null,
          custom ? 'CS' : null,
          custom ? money(item.priceCents) : null,
          item.customPackSize,
          custom ? '' : null,
          custom ? '' : null,
          item.sort === 1 && group.items.length > 1,
          String(counts.onHand),
          String(counts.onHandPack),
          String(counts.onHandUom),
          String(totals.totalOnHand),
          money(totals.totalOnHandAmount),
          item.sort,
          createdAt,
          createdAt,
        ]);
      }
      groups.push(group);
    }
  }
  return groups;
}

/** A completed count about once a month over the history, each with its snapshot of every group item. */
async function writePastInventories(
  context: AreaContext,
  location: ChainLocation,
  groups: GroupRow[],
  userId: number | null,
  random: Random,
): Promise<void> {
  const { catalog, writers, ids, today, historyDays } = context;
  for (
    let start = addDays(today, -historyDays + random.int(0, 6));
    start < addDays(today, -1);
    start = addDays(start, random.int(28, 31))
  ) {
    const completed = addDays(start, random.int(0, 1));
    const ageDays = Math.round((Date.parse(today) - Date.parse(start)) / 86_400_000);
    // Prices were a little lower in the past (the order history's drift: about 4 % a year).
    const percent = 100 - Math.floor((ageDays * 4) / 365);
    const inventoryId = ids.inventories;
    ids.inventories += 1;
    let total = 0;
    for (const group of groups) {
      for (const item of group.items) {
        const counts = random.chance(0.85) ? randomCounts(random) : { onHand: 0, onHandPack: 0, onHandUom: 0 };
        const price = scaleCents(item.priceCents, percent);
        const totals = totalsOf(item, counts, price);
        total += totals.totalOnHandAmount;
        const pack = item.offer === null ? undefined : catalog.packs[catalog.offerPack[item.offer]];
        await put(writers.inventory_snapshot_items, [
          location.id,
          inventoryId,
          item.id,
          group.listId,
          group.listName,
          group.listSort,
          group.id,
          group.name,
          group.sort,
          item.sort,
          item.description,
          item.distributor,
          money(price),
          item.unitMeasure,
          item.packSize,
          item.customPackSize,
          pack?.packSizeUom ?? 'LB',
          String(pack?.unitQuantity ?? 1),
          pack ? formatUnitSize(pack.unitSizeE4) : '10',
          String(counts.onHand),
          String(counts.onHandPack),
          String(counts.onHandUom),
          String(totals.totalOnHand),
          money(totals.totalOnHandAmount),
        ]);
      }
    }
    const at = instantOn(completed).toISOString();
    await put(writers.inventories, [
      inventoryId,
      location.id,
      'completed',
      start,
      completed,
      money(total),
      userId,
      userId,
      at,
      at,
    ]);
  }
}

/** Menu categories and recipes whose ingredients are the location's offers, its generic groups and a few sub-recipes. */
async function writeRecipes(
  context: AreaContext,
  location: ChainLocation,
  stock: LocationStock,
  groups: GroupRow[],
  random: Random,
): Promise<void> {
  const { catalog, writers, ids, today } = context;
  const food = stock.offers.filter((offer) => {
    const category = CATEGORIES[catalog.itemCategory[catalog.offerItem[offer]]];
    return (
      !['Paper & Disposables', 'Chemicals & Janitorial'].includes(category) && !(catalog.offerFlags[offer] & OFFER_FLAGS.inactive)
    );
  });
  if (food.length === 0) return;
  const kitchenGroups = groups.filter((g) => g.listName !== 'Dry Storage');
  const createdAt = instantOn(addDays(today, -random.int(60, 400))).toISOString();
  const subRecipes: number[] = [];
  const menuItems: { name: string; category: string; recipeId: number; priceCents: number; perDay: number }[] = [];
  // Sauces & Prep first, so the dishes can use them as sub-recipes.
  for (const category of [...MENU_CATEGORIES].reverse()) {
    const categoryId = ids.recipe_menu_categories;
    ids.recipe_menu_categories += 1;
    await put(writers.recipe_menu_categories, [categoryId, location.id, category, createdAt]);
    const isPrep = category === 'Sauces & Prep';
    for (const name of random.sample(DISHES[category], random.int(4, DISHES[category].length))) {
      const recipeId = ids.recipes;
      ids.recipes += 1;
      const priceCents = random.int(6, 38) * 100 + (random.chance(0.5) ? 50 : 0);
      if (!isPrep) menuItems.push({ name, category, recipeId, priceCents, perDay: random.int(2, 25) });
      await put(writers.recipes, [
        recipeId,
        location.id,
        categoryId,
        name,
        isPrep ? null : money(priceCents),
        `${name}, house recipe.`,
        isPrep,
        isPrep ? String(random.int(1, 4)) : null,
        isPrep ? 'qt' : null,
        createdAt,
        createdAt,
      ]);
      for (let k = random.int(3, 9); k > 0; k -= 1) {
        const amount = random.pick(AMOUNTS);
        const amountValue = amount.split(' ').reduce((sum, part) => {
          const [n, d] = part.split('/').map(Number);
          return sum + (d ? n / d : n);
        }, 0);
        const roll = random.next();
        let row: [string, number | null, number | null, number | null, string];
        if (!isPrep && subRecipes.length > 0 && roll < 0.1) {
          row = ['subrecipe', null, null, random.pick(subRecipes), 'qt'];
        } else if (kitchenGroups.length > 0 && roll < 0.3) {
          const group = random.pick(kitchenGroups);
          const first = group.items.find((i) => i.offer !== null);
          const unit = first ? getDefaultPackUnit(parsePackSize(first.packSize), first.unitMeasure) : 'case';
          row = ['generic', null, group.id, null, unit];
        } else {
          const offer = random.pick(food);
          const text = offerText(catalog, offer);
          row = [
            'item',
            catalog.firstOfferId + offer,
            null,
            null,
            getDefaultPackUnit(parsePackSize(text.packSize), text.unitMeasure),
          ];
        }
        const [type, itemId, groupId, subId, unit] = row;
        await put(writers.recipe_ingredients, [
          location.id,
          recipeId,
          type,
          itemId,
          groupId,
          subId,
          String(amountValue),
          amount,
          unit,
          unit,
          String(random.chance(0.3) ? random.int(2, 15) : 0),
          createdAt,
        ]);
      }
      if (isPrep) subRecipes.push(recipeId);
    }
  }
  await writePointOfSale(context, location, menuItems, random);
}

/** The point of sale's daily sales of the menu's dishes; most of them assigned to their recipe. */
async function writePointOfSale(
  context: AreaContext,
  location: ChainLocation,
  menuItems: { name: string; category: string; recipeId: number; priceCents: number; perDay: number }[],
  random: Random,
): Promise<void> {
  const { writers, today } = context;
  for (let back = Math.min(POS_DAYS, context.historyDays); back >= 1; back -= 1) {
    const date = addDays(today, -back);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const busy = weekday === 5 || weekday === 6 ? 1.4 : 1;
    for (const item of menuItems) {
      const sold = Math.max(0, Math.round(item.perDay * busy) + random.int(-3, 3));
      const voided = sold > 0 && random.chance(0.1) ? 1 : 0;
      await put(writers.pos_sales, [
        location.id,
        date,
        item.name,
        item.category,
        String(sold),
        String(voided),
        money((sold - voided) * item.priceCents),
        'large-seed',
      ]);
    }
  }
  for (const item of menuItems) {
    if (random.chance(0.85)) await put(writers.pos_item_recipes, [location.id, item.name, item.recipeId]);
  }
}

/** The bookkeeper's tags: a chart of accounts, categories, suppliers, and most purchased items tagged. */
async function writeAccounting(
  context: AreaContext,
  location: ChainLocation,
  stock: LocationStock,
  random: Random,
): Promise<void> {
  const { catalog, chain, writers, ids, today } = context;
  const createdAt = instantOn(addDays(today, -random.int(60, 400))).toISOString();
  const codeIds = new Map<string, number>();
  for (const code of GL_CODES) {
    codeIds.set(code, ids.accounting_gl_codes);
    await put(writers.accounting_gl_codes, [ids.accounting_gl_codes++, location.id, code, createdAt]);
  }
  const categoryIds = new Map<string, number>();
  for (const category of new Set(Object.values(BOOKS).map((b) => b.category))) {
    categoryIds.set(category, ids.accounting_categories);
    await put(writers.accounting_categories, [ids.accounting_categories++, location.id, category, createdAt]);
  }
  const supplierIds = new Map<number, number>();
  for (const account of chain.accounts.filter((a) => a.locationId === location.id)) {
    const distributor = catalog.distributors.find((d) => d.id === account.distributorId);
    if (!distributor) continue;
    supplierIds.set(account.distributorId, ids.accounting_suppliers);
    await put(writers.accounting_suppliers, [ids.accounting_suppliers++, location.id, `${distributor.nickname} LLC`, createdAt]);
  }
  for (let k = 0; k < stock.offers.length; k += 1) {
    if (stock.purchased[k] === 0 || !random.chance(0.7)) continue;
    const offer = stock.offers[k];
    const book = BOOKS[CATEGORIES[catalog.itemCategory[catalog.offerItem[offer]]]];
    const supplier = supplierIds.get(catalog.distributors[catalog.offerDistributor[offer]].id) ?? null;
    // Some rows carry only some of the three tags, as a bookkeeper part-way through would leave them.
    await put(writers.merchant_accountings, [
      location.id,
      catalog.firstOfferId + offer,
      random.chance(0.9) ? supplier : null,
      book ? categoryIds.get(book.category)! : null,
      book && random.chance(0.85) ? codeIds.get(book.code)! : null,
      createdAt,
    ]);
  }
}

/** A few messages to the location's people over the last three months; the older ones already seen. */
async function writeMessages(context: AreaContext, location: ChainLocation, random: Random): Promise<void> {
  const { chain, writers, ids, today } = context;
  const people = chain.users.filter((u) => u.locationIds.includes(location.id));
  for (const message of random.sample(MESSAGES, random.int(3, 6))) {
    const messageId = ids.location_messages;
    ids.location_messages += 1;
    const age = random.int(0, 90);
    const createdAt = new Date(Date.parse(instantOn(addDays(today, -age)).toISOString()) + random.int(0, 600) * 60_000);
    await put(writers.location_messages, [messageId, location.id, message, createdAt.toISOString()]);
    for (const person of people) {
      if (age < 7 && !random.chance(0.3)) continue;
      const readAt = new Date(createdAt.getTime() + random.int(1, 72) * 3_600_000).toISOString();
      await put(writers.location_message_reads, [location.id, messageId, person.id, readAt]);
    }
  }
}

/** Generates and writes one location's area rows. */
export async function writeLocationAreas(context: AreaContext, location: ChainLocation, stock: LocationStock): Promise<void> {
  const random = createRandom(context.seed, `large/areas/${location.id}`);
  const people = context.chain.users.filter((u) => u.locationIds.includes(location.id));
  const userId = people[0]?.id ?? null;
  const groups = await writeInventoryLists(context, location, stock, userId, random);
  if (location.displayInventory) await writePastInventories(context, location, groups, userId, random);
  if (location.displayRecipeCosting) await writeRecipes(context, location, stock, groups, random);
  if (location.displayAccounting) await writeAccounting(context, location, stock, random);
  await writeMessages(context, location, random);
}
