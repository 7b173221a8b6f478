/** SQL of the barcodes area (issue 40): every read and write names the caller's location. */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';

export interface LinkedOfferRow {
  gtin: string;
  itemDistributorId: number;
  itemId: number;
  description: string;
  din: string;
  brand: string;
  packSize: string;
  distributorId: number;
  distributor: string;
}

const offerColumns = sql`idd.id AS "itemDistributorId", idd.item_id AS "itemId",
  coalesce(nullif(idd.description, ''), it.name) AS description, idd.din, idd.brand,
  idd.pack_size AS "packSize", idd.distributor_id AS "distributorId", d.nickname AS distributor`;

/** Whether the location carries the offer (it is on one of its guides): only those may be linked. */
export async function isOfferCarried(db: Database, locationId: number, itemDistributorId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM location_items WHERE location_id = ${locationId} AND item_distributor_id = ${itemDistributorId}`,
  );
  return rows.length > 0;
}

/**
 * Links a barcode's key to an offer at the location; a key already linked moves to the new offer
 * (the buyer correcting a wrong link), keeping one offer per key.
 */
export async function upsertLink(
  db: Database,
  link: { locationId: number; lookupKey: string; gtin: string; itemDistributorId: number; userId: number },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO item_barcodes (location_id, lookup_key, gtin, item_distributor_id, linked_by)
        VALUES (${link.locationId}, ${link.lookupKey}, ${link.gtin}, ${link.itemDistributorId}, ${link.userId})
        ON CONFLICT (location_id, lookup_key) DO UPDATE
          SET gtin = EXCLUDED.gtin, item_distributor_id = EXCLUDED.item_distributor_id,
              linked_by = EXCLUDED.linked_by, linked_at = now()`,
  );
}

/** The offer linked to a lookup key at the location, if any. */
export async function findLinkedOffer(db: Database, locationId: number, lookupKey: string): Promise<LinkedOfferRow | undefined> {
  const [row] = await queryRows<LinkedOfferRow>(
    db,
    sql`SELECT b.gtin, ${offerColumns}
        FROM item_barcodes b
        JOIN item_distributors idd ON idd.id = b.item_distributor_id
        JOIN items it ON it.id = idd.item_id
        JOIN distributors d ON d.id = idd.distributor_id
        WHERE b.location_id = ${locationId} AND b.lookup_key = ${lookupKey}`,
  );
  return row;
}
