/** SQL of a group item's counts on hand and the pack size it is counted in. Every statement names the location, so a list, group or item of another location is never read or
 * written. */
import { sql } from 'drizzle-orm';
import type { Database } from '@stockpot/db';

export async function writeOnHand(
  db: Database,
  locationId: number,
  id: number,
  values: { onHand: string; onHandPack: string; onHandUom: string; totalOnHand: string; totalOnHandAmount: string },
): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_group_items
        SET on_hand = ${values.onHand}::numeric, on_hand_pack = ${values.onHandPack}::numeric, on_hand_uom = ${values.onHandUom}::numeric,
            total_on_hand = ${values.totalOnHand}::numeric, total_on_hand_amount = ${values.totalOnHandAmount}::numeric,
            updated_at = now()
        WHERE location_id = ${locationId} AND id = ${id}`,
  );
}

/** A catalogue item's pack size as this group counts it; null goes back to the catalogue's. */
export async function writeCustomPackSize(db: Database, locationId: number, id: number, packSize: string | null): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_group_items SET custom_pack_size = ${packSize}, updated_at = now()
        WHERE location_id = ${locationId} AND id = ${id}`,
  );
}
