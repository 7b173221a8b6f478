/**
 * SQL of the lines added at receiving: a line typed in as it arrived, and catalogue offers (the
 * location's own, priced for today) added to the order or merged into a line that already carries them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { locationPriceSql } from '../../platform/item-price';

export interface NewLine {
  description: string;
  brand: string;
  din: string;
  unitQuantity: number;
  unitSize: number;
  packSizeUom: string;
  unitMeasure: string;
  packSize: string;
  price: string;
  quantity: number;
}

/** A line added at receiving: what arrived, so it is accepted and checked. Also counts it on the order. */
export async function insertAddedLine(tx: Database, locationId: number, orderId: number, line: NewLine): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO order_items (order_id, location_id, is_special, description, din, brand, pack_size, unit_measure, quantity,
                                 price, unit_quantity, unit_size, pack_size_uom, receive_checked, status_received,
                                 is_added_at_receiving)
        VALUES (${orderId}, ${locationId}, false, ${line.description}, ${line.din}, ${line.brand}, ${line.packSize},
                ${line.unitMeasure}, ${line.quantity}, ${line.price}::numeric, ${line.unitQuantity}, ${line.unitSize},
                ${line.packSizeUom}, true, 'accepted', true)
        RETURNING id`,
  );
  await tx.execute(sql`UPDATE orders SET line_items = line_items + 1 WHERE location_id = ${locationId} AND id = ${orderId}`);
  return row.id;
}

const idList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export interface BuyableOfferRow {
  item_distributor_id: number;
  distributor_id: number;
  name: string;
  din: string;
  brand: string;
  pack_size: string;
  unit_measure: string;
  unit_quantity: number | null;
  unit_size: string | null;
  pack_size_uom: string;
  is_catch_weight: boolean;
  is_market_price: boolean;
  image_url: string;
  rebate: string;
  is_punched_out: boolean;
  is_unpurchasable: boolean;
  /** The location's price today, dollars. */
  effectivePrice: string;
}

/** The named offers as this location knows them (its order-guide row); offers it never had are absent. */
export async function selectLocationOffers(tx: Database, locationId: number, ids: readonly number[]): Promise<BuyableOfferRow[]> {
  if (ids.length === 0) return [];
  return queryRows<BuyableOfferRow>(
    tx,
    sql`SELECT d.id AS item_distributor_id, d.distributor_id, coalesce(i.name, d.description) AS name, d.din, d.brand,
               d.pack_size, d.unit_measure, d.unit_quantity, d.unit_size::text AS unit_size, d.pack_size_uom,
               d.is_catch_weight, d.is_market_price, d.image_url, d.rebate::text AS rebate, li.is_punched_out,
               d.is_unpurchasable,
               ${locationPriceSql('li', 'd', sql`(SELECT (now() AT TIME ZONE l.timezone)::date FROM locations l WHERE l.id = ${locationId})`)}::text AS "effectivePrice"
        FROM location_items li
        JOIN item_distributors d ON d.id = li.item_distributor_id
        LEFT JOIN items i ON i.id = d.item_id
        WHERE li.location_id = ${locationId} AND li.item_distributor_id IN (${idList(ids)})`,
  );
}

/** Lines of the order that already carry one of these offers. */
export async function selectOrderLinesForOffers(
  tx: Database,
  locationId: number,
  orderId: number,
  ids: readonly number[],
): Promise<{ id: number; item_distributor_id: number; quantity: number; price: string; is_added_at_receiving: boolean }[]> {
  return queryRows(
    tx,
    sql`SELECT id, item_distributor_id, quantity, price::text AS price, is_added_at_receiving
        FROM order_items
        WHERE location_id = ${locationId} AND order_id = ${orderId} AND item_distributor_id IN (${idList(ids)})
        ORDER BY id`,
  );
}

export interface CatalogueLine {
  itemDistributorId: number;
  description: string;
  din: string;
  brand: string;
  packSize: string;
  unitMeasure: string;
  quantity: number;
  price: string;
  isMarketPrice: boolean;
  rebate: string;
  unitPrice: string | null;
  unitQuantity: number | null;
  unitSize: string | null;
  packSizeUom: string;
  isCatchWeight: boolean;
  imageUrl: string;
}

/** A catalogue offer added at receiving: it arrived, so it is accepted and checked. */
export async function insertAddedCatalogueLine(
  tx: Database,
  locationId: number,
  orderId: number,
  line: CatalogueLine,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO order_items (order_id, location_id, item_distributor_id, is_special, description, din, brand, pack_size,
                                 unit_measure, quantity, price, is_market_price, rebate, unit_price, unit_quantity, unit_size,
                                 pack_size_uom, is_catch_weight, image_url, receive_checked, status_received,
                                 is_added_at_receiving)
        VALUES (${orderId}, ${locationId}, ${line.itemDistributorId}, false, ${line.description}, ${line.din}, ${line.brand},
                ${line.packSize}, ${line.unitMeasure}, ${line.quantity}, ${line.price}::numeric, ${line.isMarketPrice},
                ${line.rebate}::numeric, ${line.unitPrice}::numeric, ${line.unitQuantity}, ${line.unitSize}::numeric,
                ${line.packSizeUom}, ${line.isCatchWeight}, ${line.imageUrl}, true, 'accepted', true)
        RETURNING id`,
  );
  return row.id;
}

export async function setAddedLineQuantity(tx: Database, locationId: number, lineId: number, quantity: number): Promise<void> {
  await tx.execute(sql`UPDATE order_items SET quantity = ${quantity} WHERE location_id = ${locationId} AND id = ${lineId}`);
}
