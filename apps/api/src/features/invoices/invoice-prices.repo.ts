import { sql } from 'drizzle-orm';
import { queryRows, refreshLocationReadModel, type Database } from '@stockpot/db';

/**
 * The electronic-invoice price of the location's items (GLOSSARY "Electronic invoice"): what it
 * really paid, with the invoice date, which the place-order list tags 'Electronic Invoice' and the
 * effective-price rule prefers once the guide price is stale. An older invoice never replaces a
 * newer one; the guide price counts as outdated when the invoice is dated after the guide started
 * (as the demo seed records them). The read model follows in the same transaction.
 */
export async function recordElectronicInvoicePrices(
  db: Database,
  locationId: number,
  invoiceDate: string,
  lines: readonly { itemDistributorId: number; price: string }[],
): Promise<number[]> {
  if (lines.length === 0) return [];
  const json = JSON.stringify(lines.map((line) => ({ id: line.itemDistributorId, price: line.price })));
  const updated = await queryRows<{ id: number }>(
    db,
    sql`UPDATE location_items li SET
          purchased_price = l.price,
          invoice_date = ${invoiceDate}::date,
          is_price_outdated = coalesce(${invoiceDate}::date > (SELECT og.start_date FROM order_guides og
                                                                   WHERE og.location_id = ${locationId} AND og.id = li.order_guide_id), true),
          updated_at = now()
        FROM jsonb_to_recordset(${json}::jsonb) AS l(id integer, price numeric(12, 2))
        WHERE li.location_id = ${locationId} AND li.item_distributor_id = l.id
          AND (li.invoice_date IS NULL OR li.invoice_date <= ${invoiceDate}::date)
        RETURNING li.item_distributor_id AS id`,
  );
  const ids = updated.map((row) => row.id);
  await refreshLocationReadModel(db, locationId, { itemDistributorIds: ids, ifBuilt: true });
  return ids;
}
