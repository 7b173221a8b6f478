/** Factories for the buying side of a location: its cart, its shopping lists and its submitted orders. */
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { cartItems, carts, orderItems, orders, shoppingListItems, shoppingLists } from '../schema';
import { inCustomOrder, next, type Insert } from './factory-helpers';
import type { BuiltOffer } from './offers';

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
