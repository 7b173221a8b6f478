import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { cartItems, itemSwaps, queryRows, type Database } from '@stockpot/db';
import { locationPriceSql } from '../../platform/item-price';

/** An item-distributor as the savings step sees it at one location: what matching and display need. */
export interface SavingsItemRow {
  itemDistributorId: number;
  distributorId: number;
  distributor: string;
  name: string;
  description: string;
  brand: string;
  din: string;
  packSize: string;
  unitMeasure: string;
  imageUrl: string;
  genericName: string;
  manufacturer: string;
  manufacturerCode: string;
  status: 'active' | 'inactive';
  isMarketPrice: boolean;
  isUnpurchasable: boolean;
  isPunchedOut: boolean;
  guidePrice: string | null;
  listPrice: string;
  purchasedPrice: string | null;
  endDate: string | null;
  isPriceOutdated: boolean | null;
  /** The price the location pays on the day asked (platform/item-price), dollars. */
  effectivePrice: string;
}

const itemColumns = (today: string): SQL => sql`
  d.id AS "itemDistributorId", d.distributor_id AS "distributorId", dist.nickname AS distributor, i.name, d.description,
  d.brand, d.din, d.pack_size AS "packSize", d.unit_measure AS "unitMeasure", d.image_url AS "imageUrl",
  i.generic_name AS "genericName", i.manufacturer, i.manufacturer_code AS "manufacturerCode", d.status,
  d.is_market_price AS "isMarketPrice", d.is_unpurchasable AS "isUnpurchasable",
  coalesce(li.is_punched_out, false) AS "isPunchedOut", li.price::text AS "guidePrice", d.price::text AS "listPrice",
  li.purchased_price::text AS "purchasedPrice", li.end_date::text AS "endDate", li.is_price_outdated AS "isPriceOutdated",
  ${locationPriceSql('li', 'd', today)}::text AS "effectivePrice"`;

/**
 * The location's orderable items that could replace something in its cart: on its guides (not
 * punched out), active, bought online, with a price, from a distributor it buys from, and of the
 * same generic product or manufacturer item as a cart line. One query for the whole cart.
 */
export async function loadMatchCandidates(db: Database, locationId: number, today: string): Promise<SavingsItemRow[]> {
  return queryRows<SavingsItemRow>(
    db,
    sql`WITH wanted AS (
          SELECT DISTINCT lower(btrim(i.generic_name)) AS generic, lower(btrim(i.manufacturer_code)) AS code
          FROM cart_items c JOIN item_distributors d ON d.id = c.item_distributor_id JOIN items i ON i.id = d.item_id
          WHERE c.location_id = ${locationId})
        SELECT ${itemColumns(today)}
        FROM location_items li
        JOIN item_distributors d ON d.id = li.item_distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN location_distributors ld ON ld.location_id = li.location_id AND ld.distributor_id = d.distributor_id
        JOIN distributors dist ON dist.id = d.distributor_id
        WHERE li.location_id = ${locationId} AND NOT li.is_punched_out AND d.status = 'active'
          AND NOT d.is_unpurchasable AND NOT d.is_market_price
          AND (lower(btrim(i.generic_name)) IN (SELECT generic FROM wanted)
               OR (btrim(i.manufacturer_code) <> '' AND lower(btrim(i.manufacturer_code)) IN (SELECT code FROM wanted)))`,
  );
}

/** Item-distributors the location can see (its distributors' items), by id; others are left out. */
export async function loadVisibleItems(
  db: Database,
  locationId: number,
  ids: number[],
  today: string,
): Promise<SavingsItemRow[]> {
  if (!ids.length) return [];
  const json = JSON.stringify(ids);
  return queryRows<SavingsItemRow>(
    db,
    sql`SELECT ${itemColumns(today)}
        FROM item_distributors d
        JOIN items i ON i.id = d.item_id
        JOIN location_distributors ld ON ld.location_id = ${locationId} AND ld.distributor_id = d.distributor_id
        JOIN distributors dist ON dist.id = d.distributor_id
        LEFT JOIN location_items li ON li.location_id = ${locationId} AND li.item_distributor_id = d.id
        WHERE d.id IN (SELECT value::int FROM jsonb_array_elements_text(${json}::jsonb))`,
  );
}

/**
 * Item-distributors in the location's catalogue (on its order guides, punched out or not), by id:
 * the only items a swap or a reject may name, as a direct add to the cart (others are left out).
 */
export async function loadCatalogueItems(
  db: Database,
  locationId: number,
  ids: number[],
  today: string,
): Promise<SavingsItemRow[]> {
  if (!ids.length) return [];
  const json = JSON.stringify(ids);
  return queryRows<SavingsItemRow>(
    db,
    sql`SELECT ${itemColumns(today)}
        FROM location_items li
        JOIN item_distributors d ON d.id = li.item_distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN location_distributors ld ON ld.location_id = li.location_id AND ld.distributor_id = d.distributor_id
        JOIN distributors dist ON dist.id = d.distributor_id
        WHERE li.location_id = ${locationId} AND d.id IN (SELECT value::int FROM jsonb_array_elements_text(${json}::jsonb))`,
  );
}

export type SwapRow = typeof itemSwaps.$inferSelect;

/** The location's open decisions (swaps not yet ordered, and rejects). */
export async function listOpenDecisions(db: Database, locationId: number): Promise<SwapRow[]> {
  return db
    .select()
    .from(itemSwaps)
    .where(and(eq(itemSwaps.locationId, locationId), isNull(itemSwaps.orderId)));
}

export async function findOpenDecision(
  db: Database,
  locationId: number,
  oldId: number,
  newId: number,
): Promise<SwapRow | undefined> {
  const [row] = await db
    .select()
    .from(itemSwaps)
    .where(
      and(
        eq(itemSwaps.locationId, locationId),
        eq(itemSwaps.oldItemDistributorId, oldId),
        eq(itemSwaps.newItemDistributorId, newId),
        isNull(itemSwaps.orderId),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

export async function findOpenDecisionById(db: Database, locationId: number, id: number): Promise<SwapRow | undefined> {
  const [row] = await db
    .select()
    .from(itemSwaps)
    .where(and(eq(itemSwaps.locationId, locationId), eq(itemSwaps.id, id), isNull(itemSwaps.orderId)))
    .for('update')
    .limit(1);
  return row;
}

export type DecisionValues = Pick<
  typeof itemSwaps.$inferInsert,
  'type' | 'reasonName' | 'oldUnitPrice' | 'newUnitPrice' | 'savingsPerCase' | 'originalQuantity' | 'swappedQuantity' | 'userId'
>;

/** Stores the pair's decision: the open row is changed (a swap replaces a reject and back), or a new one made. */
export async function saveDecision(
  db: Database,
  locationId: number,
  oldId: number,
  newId: number,
  existing: SwapRow | undefined,
  values: DecisionValues,
): Promise<number> {
  if (existing) {
    await db
      .update(itemSwaps)
      .set({ ...values, quantity: 0, createdAt: sql`now()` })
      .where(and(eq(itemSwaps.locationId, locationId), eq(itemSwaps.id, existing.id)));
    return existing.id;
  }
  const [row] = await db
    .insert(itemSwaps)
    .values({ locationId, oldItemDistributorId: oldId, newItemDistributorId: newId, ...values })
    .returning({ id: itemSwaps.id });
  return row.id;
}

export async function deleteDecision(db: Database, locationId: number, id: number): Promise<void> {
  await db.delete(itemSwaps).where(and(eq(itemSwaps.locationId, locationId), eq(itemSwaps.id, id)));
}

export type CartItemRow = typeof cartItems.$inferSelect;

/** The location's catalogue line of an item, locked for the transaction. */
export async function findCartLineByItem(
  db: Database,
  locationId: number,
  itemDistributorId: number,
): Promise<CartItemRow | undefined> {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.locationId, locationId), eq(cartItems.itemDistributorId, itemDistributorId)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertCartLine(
  db: Database,
  values: { locationId: number; itemDistributorId: number; quantity: number; swapAcceptId: number | null; updatedBy: number },
  /** The cart version the change carries (microsecond ISO text). */
  at: string,
): Promise<number> {
  const [row] = await db
    .insert(cartItems)
    .values({ ...values, updatedAt: sql`${at}::timestamptz` })
    .returning({ id: cartItems.id });
  return row.id;
}

export async function updateCartLine(
  db: Database,
  locationId: number,
  id: number,
  /** A new itemDistributorId puts another item on the line, in the line's place in the cart. */
  values: { itemDistributorId?: number; quantity?: number; swapAcceptId?: number | null; updatedBy: number },
  at: string,
): Promise<void> {
  await db
    .update(cartItems)
    .set({ ...values, updatedAt: sql`${at}::timestamptz` })
    .where(and(eq(cartItems.locationId, locationId), eq(cartItems.id, id)));
}

export async function deleteCartLine(db: Database, locationId: number, id: number): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.locationId, locationId), eq(cartItems.id, id)));
}
