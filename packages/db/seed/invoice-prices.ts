/**
 * Prices from electronic invoices (GLOSSARY "Electronic invoice"): what the location really paid,
 * kept on its location_items row next to the order-guide price.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/client';
import { refreshLocationReadModel } from '../src/read-model/read-model';
import { assertIsoDate } from './dates';
import { queryRows } from './sql-helpers';

export interface InvoicePriceLine {
  itemDistributorId: number;
  /** Price paid per unit of sale, decimal string: '52.10'. */
  price: string;
  /** 'YYYY-MM-DD' */
  invoiceDate: string;
}

/**
 * Records invoice prices on the location's items. An older invoice never replaces a newer one. The
 * guide price counts as outdated when the invoice is dated after the guide's start date. Returns
 * the number of items updated (lines for items the location does not have are ignored).
 */
export async function recordInvoicePrices(db: Database, locationId: number, lines: InvoicePriceLine[]): Promise<number> {
  for (const line of lines) {
    assertIsoDate(line.invoiceDate, 'invoiceDate');
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(line.price)) throw new Error(`Invalid price "${line.price}"`);
  }
  if (lines.length === 0) return 0;
  const linesJson = JSON.stringify(
    lines.map((line) => ({ item_distributor_id: line.itemDistributorId, price: line.price, invoice_date: line.invoiceDate })),
  );
  const updated = await queryRows<{ item_distributor_id: number }>(
    db,
    sql`UPDATE location_items li SET
          purchased_price = l.price,
          invoice_date = l.invoice_date,
          is_price_outdated = coalesce(l.invoice_date > (SELECT og.start_date FROM order_guides og WHERE og.id = li.order_guide_id), true)
        FROM jsonb_to_recordset(${linesJson}::jsonb) AS l(item_distributor_id integer, price numeric(12, 2), invoice_date date)
        WHERE li.location_id = ${locationId} AND li.item_distributor_id = l.item_distributor_id
          AND (li.invoice_date IS NULL OR li.invoice_date <= l.invoice_date)
        RETURNING li.item_distributor_id`,
  );
  // Invoice prices turn effective prices: the read model follows in the same transaction.
  await refreshLocationReadModel(db, locationId, {
    itemDistributorIds: updated.map((row) => row.item_distributor_id),
    ifBuilt: true,
  });
  return updated.length;
}
