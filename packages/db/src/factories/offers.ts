/** Factories for what a location can buy: an item offered by a distributor, and ready-made kinds of offer. */
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { itemDistributors, items, locationItems } from '../schema';
import { next, type Insert } from './factory-helpers';
import { buildDistributor, linkDistributor } from './locations';

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
