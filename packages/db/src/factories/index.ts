/**
 * Test data factories: each builds the rows one test needs — a location, a distributor, an item
 * offered to a location, a cart, a shopping list, an order — with sensible defaults and overrides,
 * so a test makes its own data instead of finding some in the demo data with SQL. They write
 * through the same tables as the app (the search-text trigger fills itself) and never depend on
 * the demo seed, though they can add to a seeded location.
 */
import { sql } from 'drizzle-orm';
import { renumberSortIndexes } from '@stockpot/domain';
import { queryRows, type Database } from '../client';
import {
  cartItems,
  carts,
  companies,
  distributors,
  inventoryGroupItems,
  inventoryGroups,
  inventoryLists,
  itemDistributors,
  items,
  locationDistributors,
  locationItems,
  locations,
  orderItems,
  orders,
  shoppingListItems,
  shoppingLists,
  userLocations,
} from '../schema';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** A counter that makes every built name, DIN and id distinct within a database. */
let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

/** Offers in the order given, each with its custom-order index (the one reorder rule's spacing). */
function inCustomOrder(itemDistributorIds: number[]): { itemDistributorId: number; sortIndex: number }[] {
  const indexes = renumberSortIndexes(itemDistributorIds.length);
  return itemDistributorIds.map((itemDistributorId, position) => ({ itemDistributorId, sortIndex: indexes[position] }));
}

export type BuiltLocation = typeof locations.$inferSelect;

/**
 * A location (and its company unless `companyId` is given), every display flag as the columns
 * default unless overridden; `memberUserIds` join those users to it.
 */
export async function buildLocation(
  db: Database,
  overrides: Partial<Insert<typeof locations>> & { memberUserIds?: number[] } = {},
): Promise<BuiltLocation> {
  const { memberUserIds = [], ...values } = overrides;
  const n = next();
  const companyId =
    values.companyId ??
    (
      await db
        .insert(companies)
        .values({ nickname: `Company ${n}`, title: `Company ${n}` })
        .returning({ id: companies.id })
    )[0].id;
  const [location] = await db
    .insert(locations)
    .values({ nickname: `Location ${n}`, ...values, companyId })
    .returning();
  if (memberUserIds.length > 0) {
    await db.insert(userLocations).values(memberUserIds.map((userId) => ({ userId, locationId: location.id })));
  }
  return location;
}

/** A distributor (the next id of distributors_id_seq), linked to `locationId` when given. */
export async function buildDistributor(
  db: Database,
  overrides: Partial<Insert<typeof distributors>> & {
    locationId?: number;
    link?: Partial<Insert<typeof locationDistributors>>;
  } = {},
): Promise<typeof distributors.$inferSelect> {
  const { locationId, link, ...values } = overrides;
  const [{ id }] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO distributors (nickname) VALUES (${`Distributor ${next()}`}) RETURNING id`,
  );
  const [distributor] =
    Object.keys(values).length > 0
      ? await db
          .update(distributors)
          .set(values)
          .where(sql`${distributors.id} = ${id}`)
          .returning()
      : await db
          .select()
          .from(distributors)
          .where(sql`${distributors.id} = ${id}`);
  if (locationId !== undefined) await linkDistributor(db, locationId, distributor.id, link);
  return distributor;
}

/** Makes `distributorId` one the location buys from (nothing when it already is). */
export async function linkDistributor(
  db: Database,
  locationId: number,
  distributorId: number,
  overrides: Partial<Insert<typeof locationDistributors>> = {},
): Promise<void> {
  await db
    .insert(locationDistributors)
    .values({ deliveryWeekdays: [1, 2, 3, 4, 5], ...overrides, locationId, distributorId })
    .onConflictDoNothing();
}

export interface BuiltOffer {
  /** The item-distributor id: what the cart, lists and orders call an item. */
  id: number;
  itemId: number;
  distributorId: number;
  name: string;
  din: string;
  packSize: string;
  /** The location's case price, dollars as stored ("12.50"); the list price when the location does not carry it. */
  price: string;
}

/**
 * An item sold by a distributor and offered to a location (items, item_distributors and
 * location_items rows): a plain orderable item at $12.50 a case unless overridden. Builds a
 * distributor for the location when none is given. `location: null` leaves the location_items row
 * out: the location's distributor sells it, but it is on none of the location's guides.
 */
export async function buildOffer(
  db: Database,
  options: {
    locationId: number;
    distributorId?: number;
    /** Another distributor's offer of an item already built (its `itemId`), instead of a new item. */
    itemId?: number;
    item?: Partial<Insert<typeof items>>;
    offer?: Partial<Omit<Insert<typeof itemDistributors>, 'itemId' | 'distributorId'>>;
    location?: Partial<Omit<Insert<typeof locationItems>, 'locationId' | 'itemDistributorId' | 'distributorId'>> | null;
  },
): Promise<BuiltOffer> {
  const n = next();
  const distributorId = options.distributorId ?? (await buildDistributor(db, { locationId: options.locationId })).id;
  await linkDistributor(db, options.locationId, distributorId);
  const [item] =
    options.itemId === undefined
      ? await db
          .insert(items)
          .values({ name: `Test item ${n}`, category: 'Dry Goods', genericName: `test item ${n}`, ...options.item })
          .returning()
      : await db
          .select()
          .from(items)
          .where(sql`${items.id} = ${options.itemId}`);
  const [offer] = await db
    .insert(itemDistributors)
    .values({
      din: `T${String(n).padStart(6, '0')}`,
      packSize: '6/#10 CN',
      unitQuantity: 6,
      unitSize: '10',
      packSizeUom: 'CN',
      price: '12.50',
      unitPrice: '2.0833',
      ...options.offer,
      itemId: item.id,
      distributorId,
    })
    .returning();
  // The location's own price, unless it does not carry the offer.
  let price = offer.price;
  if (options.location !== null) {
    const [offered] = await db
      .insert(locationItems)
      .values({
        price: offer.price,
        unitPrice: offer.unitPrice,
        ...options.location,
        locationId: options.locationId,
        itemDistributorId: offer.id,
        distributorId,
      })
      .returning();
    price = offered.price;
  }
  return { id: offer.id, itemId: item.id, distributorId, name: item.name, din: offer.din, packSize: offer.packSize, price };
}

/** Ready-made kinds of offer (doc 1 §4 "Blocked adds"; the catalogue's tags). */
export const OFFER_KINDS = {
  orderable: {},
  callIn: { offer: { isUnpurchasable: true } },
  outOfStock: { offer: { status: 'inactive' } },
  punchedOut: { location: { isPunchedOut: true } },
  marketPrice: { offer: { isMarketPrice: true } },
} as const satisfies Record<string, Pick<Parameters<typeof buildOffer>[1], 'offer' | 'location'>>;

/**
 * A location's cart: catalogue lines at the given quantities, at a version of now (the lines carry
 * it, as a save would write them). Answers the line ids in the order given.
 */
export async function buildCart(
  db: Database,
  options: { locationId: number; userId?: number; lines: { itemDistributorId: number; quantity: number }[] },
): Promise<{ lineIds: number[] }> {
  const [cart] = await db
    .insert(carts)
    .values({ locationId: options.locationId, lastModified: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: carts.locationId,
      set: { lastModified: sql`greatest(clock_timestamp(), ${carts.lastModified} + interval '1 microsecond')` },
    })
    .returning();
  if (options.lines.length === 0) return { lineIds: [] };
  const rows = await db
    .insert(cartItems)
    .values(
      options.lines.map((line) => ({
        locationId: options.locationId,
        itemDistributorId: line.itemDistributorId,
        quantity: line.quantity,
        updatedBy: options.userId ?? null,
        updatedAt: cart.lastModified,
      })),
    )
    .returning({ id: cartItems.id });
  return { lineIds: rows.map((row) => row.id) };
}

/** A shopping list of the location holding the given items in that order. */
export async function buildShoppingList(
  db: Database,
  options: { locationId: number; name?: string; itemDistributorIds?: number[]; userId?: number },
): Promise<typeof shoppingLists.$inferSelect> {
  const [list] = await db
    .insert(shoppingLists)
    .values({ locationId: options.locationId, name: options.name ?? `List ${next()}`, createdBy: options.userId ?? null })
    .returning();
  const ids = options.itemDistributorIds ?? [];
  if (ids.length > 0) {
    await db
      .insert(shoppingListItems)
      .values(inCustomOrder(ids).map((row) => ({ ...row, shoppingListId: list.id, locationId: options.locationId })));
  }
  return list;
}

/** A submitted order of the location to one distributor, with a line per offer at its price. */
export async function buildOrder(
  db: Database,
  options: {
    locationId: number;
    distributorId: number;
    lines: { offer: BuiltOffer; quantity: number }[];
    order?: Partial<Omit<Insert<typeof orders>, 'locationId' | 'distributorId'>>;
  },
): Promise<typeof orders.$inferSelect> {
  const [order] = await db
    .insert(orders)
    .values({ paymentType: 'terms', ...options.order, locationId: options.locationId, distributorId: options.distributorId })
    .returning();
  if (options.lines.length > 0) {
    await db.insert(orderItems).values(
      options.lines.map(({ offer, quantity }) => ({
        orderId: order.id,
        locationId: options.locationId,
        itemDistributorId: offer.id,
        description: offer.name,
        quantity,
        price: offer.price,
      })),
    );
  }
  return order;
}

/** An inventory list (the API's comparison view) of the location, last in its order unless `sort` is given. */
export async function buildInventoryList(
  db: Database,
  options: { locationId: number } & Partial<Omit<Insert<typeof inventoryLists>, 'locationId'>>,
): Promise<typeof inventoryLists.$inferSelect> {
  const { locationId, ...values } = options;
  const [list] = await db
    .insert(inventoryLists)
    .values({ name: `Inventory list ${next()}`, ...values, locationId })
    .returning();
  return list;
}

/**
 * A generic group of an inventory list holding the given catalogue offers (group items of kind
 * 'item', uncounted) in that order; first in the list unless `group.sort` says otherwise.
 */
export async function buildInventoryGroup(
  db: Database,
  options: {
    locationId: number;
    listId: number;
    itemDistributorIds?: number[];
    group?: Partial<Omit<Insert<typeof inventoryGroups>, 'locationId' | 'inventoryListId'>>;
  },
): Promise<typeof inventoryGroups.$inferSelect> {
  const [group] = await db
    .insert(inventoryGroups)
    .values({
      name: `Group ${next()}`,
      sort: 0,
      ...options.group,
      locationId: options.locationId,
      inventoryListId: options.listId,
    })
    .returning();
  const ids = options.itemDistributorIds ?? [];
  if (ids.length > 0) {
    await db
      .insert(inventoryGroupItems)
      .values(
        inCustomOrder(ids).map((row) => ({ ...row, locationId: options.locationId, groupId: group.id, kind: 'item' as const })),
      );
  }
  return group;
}
