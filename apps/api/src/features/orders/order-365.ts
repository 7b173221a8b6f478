import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { formatIsoDateMdy, parseCents, toCsvLine, toDecimalString } from '@stockpot/domain';
import { forbidden, notFound } from '../../platform/errors';

/** The authenticated path of an order's restaurant-accounting (Restaurant365 AP import) file. */
export const getOrder365Url = (orderId: number) => `/api/v1/orders/${orderId}/order-365.csv`;

const HEADER = [
  'Vendor',
  'Location',
  'Invoice Number',
  'Invoice Date',
  'Item Number',
  'Item Description',
  'Quantity',
  'Unit of Measure',
  'Unit Price',
  'Amount',
];

/** Throws unless the location offers accounting downloads (doc 3 §6 display_accounting). */
export async function assertAccountingEnabled(db: Database, locationId: number): Promise<void> {
  const [row] = await queryRows<{ display_accounting: boolean }>(
    db,
    sql`SELECT display_accounting FROM locations WHERE id = ${locationId}`,
  );
  if (!row?.display_accounting) throw forbidden('Accounting downloads are turned off for this location.');
}

/**
 * The order as a Restaurant365-style AP invoice import (issue 18 "download-order-365"): one row per
 * line, received cases when receiving is complete (else ordered), the invoice number when entered
 * (else the order number), the delivery date as the invoice date.
 */
export async function renderOrder365Csv(db: Database, locationId: number, orderId: number): Promise<string> {
  const [order] = await queryRows<{
    distributor: string;
    location: string;
    custom_invoice_id: string | null;
    requested_delivery_date: string | null;
  }>(
    db,
    sql`SELECT d.nickname AS distributor, l.nickname AS location, o.custom_invoice_id,
               o.requested_delivery_date::text AS requested_delivery_date
        FROM orders o JOIN distributors d ON d.id = o.distributor_id JOIN locations l ON l.id = o.location_id
        WHERE o.location_id = ${locationId} AND o.id = ${orderId}`,
  );
  if (!order) throw notFound('Order');
  const lines = await queryRows<{
    din: string;
    description: string;
    quantity: number;
    received_quantity: number | null;
    unit_measure: string;
    price: string;
  }>(
    db,
    sql`SELECT din, description, quantity, received_quantity, unit_measure, price::text AS price
        FROM order_items WHERE location_id = ${locationId} AND order_id = ${orderId} ORDER BY id`,
  );
  const invoice = order.custom_invoice_id ?? `PO-${orderId}`;
  const rows = lines.map((line) => {
    const quantity = line.received_quantity ?? line.quantity;
    const price = parseCents(line.price);
    return [
      order.distributor,
      order.location,
      invoice,
      formatIsoDateMdy(order.requested_delivery_date),
      line.din,
      line.description,
      String(quantity),
      line.unit_measure,
      toDecimalString(price, 2),
      toDecimalString(price * quantity, 2),
    ];
  });
  return [HEADER, ...rows].map((row) => toCsvLine(row)).join('\r\n') + '\r\n';
}
