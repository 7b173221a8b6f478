import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { InvoiceOrderCandidate } from '@stockpot/domain';

/** SQL of the invoice import (issue 36); rows camelCase. Every statement is scoped to the location. */

/** The location's orders an invoice may belong to: the one its PO number names, and the distributor's recent ones. */
export async function selectOrderCandidates(
  db: Database,
  locationId: number,
  poOrderId: number | null,
  distributorId: number | null,
): Promise<InvoiceOrderCandidate[]> {
  return queryRows<InvoiceOrderCandidate>(
    db,
    sql`(SELECT o.id, o.distributor_id AS "distributorId", o.status,
                to_char((o.created_at AT TIME ZONE o.timezone)::date, 'YYYY-MM-DD') AS "orderDate",
                o.requested_delivery_date::text AS "deliveryDate"
         FROM orders o WHERE o.location_id = ${locationId} AND o.id = ${poOrderId ?? 0})
        UNION
        (SELECT o.id, o.distributor_id, o.status, to_char((o.created_at AT TIME ZONE o.timezone)::date, 'YYYY-MM-DD'),
                o.requested_delivery_date::text
         FROM orders o WHERE o.location_id = ${locationId} AND o.distributor_id = ${distributorId ?? 0}
         ORDER BY o.created_at DESC LIMIT 500)`,
  );
}

export async function selectDistributorName(db: Database, distributorId: number): Promise<string> {
  const [row] = await queryRows<{ nickname: string }>(db, sql`SELECT nickname FROM distributors WHERE id = ${distributorId}`);
  return row?.nickname ?? '';
}

export async function hasDistributorAccount(db: Database, locationId: number, distributorId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM location_distributors WHERE location_id = ${locationId} AND distributor_id = ${distributorId}`,
  );
  return rows.length > 0;
}

export interface OrderLineRow {
  id: number;
  itemDistributorId: number | null;
  itemNumber: string;
  upc: string | null;
  quantity: number;
  isCatchWeight: boolean;
}

/** The order's lines with the item number printed on the purchase order and the offer's UPC. */
export async function selectOrderLines(db: Database, locationId: number, orderId: number): Promise<OrderLineRow[]> {
  return queryRows<OrderLineRow>(
    db,
    sql`SELECT oi.id, oi.item_distributor_id AS "itemDistributorId", coalesce(nullif(oi.din, ''), d.din, '') AS "itemNumber",
               d.upc, oi.quantity, (oi.is_catch_weight OR coalesce(d.is_catch_weight, false)) AS "isCatchWeight"
        FROM order_items oi LEFT JOIN item_distributors d ON d.id = oi.item_distributor_id
        WHERE oi.location_id = ${locationId} AND oi.order_id = ${orderId} ORDER BY oi.id`,
  );
}

/** The location's offers from the distributor whose item number or UPC an invoice line names. */
export async function selectNamedOffers(
  db: Database,
  locationId: number,
  distributorId: number,
  itemNumbers: readonly string[],
  upcs: readonly string[],
): Promise<{ id: number; itemNumber: string; upc: string | null }[]> {
  if (itemNumbers.length === 0 && upcs.length === 0) return [];
  return queryRows(
    db,
    sql`SELECT d.id, d.din AS "itemNumber", d.upc
        FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ${locationId} AND d.distributor_id = ${distributorId}
          AND (ltrim(upper(btrim(d.din)), '0') IN (SELECT jsonb_array_elements_text(${JSON.stringify(itemNumbers)}::jsonb))
               OR ltrim(regexp_replace(coalesce(d.upc, ''), '[^0-9]', '', 'g'), '0')
                  IN (SELECT jsonb_array_elements_text(${JSON.stringify(upcs)}::jsonb)))
        ORDER BY d.id`,
  );
}

export interface InvoiceRow {
  id: number;
  orderId: number | null;
  distributorId: number;
  invoiceNumber: string;
  invoiceDate: string;
  poNumber: string | null;
  format: string;
  matchedBy: string;
  total: string;
}

export async function findInvoice(
  db: Database,
  locationId: number,
  distributorId: number,
  invoiceNumber: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await queryRows<InvoiceRow>(
    db,
    sql`SELECT id, order_id AS "orderId", distributor_id AS "distributorId", invoice_number AS "invoiceNumber",
               invoice_date::text AS "invoiceDate", po_number AS "poNumber", format, matched_by AS "matchedBy", total::text AS total
        FROM invoices WHERE location_id = ${locationId} AND distributor_id = ${distributorId} AND invoice_number = ${invoiceNumber}`,
  );
  return row;
}

/** The invoice, locked for the rest of the transaction (two people attaching it at once: one wins, the other sees it matched). */
export async function lockInvoice(db: Database, locationId: number, invoiceId: number): Promise<InvoiceRow | undefined> {
  const [row] = await queryRows<InvoiceRow>(
    db,
    sql`SELECT id, order_id AS "orderId", distributor_id AS "distributorId", invoice_number AS "invoiceNumber",
               invoice_date::text AS "invoiceDate", po_number AS "poNumber", format, matched_by AS "matchedBy", total::text AS total
        FROM invoices WHERE location_id = ${locationId} AND id = ${invoiceId} FOR UPDATE`,
  );
  return row;
}

/** Gives an invoice kept with no order its order, and each line the order line it matched. */
export async function setInvoiceOrder(
  db: Database,
  locationId: number,
  invoiceId: number,
  orderId: number,
  lines: readonly { lineNumber: number; orderItemId: number; matchedBy: string }[],
): Promise<void> {
  await db.execute(
    sql`UPDATE invoices SET order_id = ${orderId}, matched_by = 'attached' WHERE location_id = ${locationId} AND id = ${invoiceId}`,
  );
  if (lines.length === 0) return;
  await db.execute(
    sql`UPDATE invoice_lines il SET order_item_id = l."orderItemId", matched_by = l."matchedBy"
        FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS l("lineNumber" int, "orderItemId" int, "matchedBy" text)
        WHERE il.location_id = ${locationId} AND il.invoice_id = ${invoiceId} AND il.line_number = l."lineNumber"`,
  );
}

export interface NewInvoice {
  locationId: number;
  distributorId: number;
  /** Null: it fits no order of the location and waits, listed as matched to no order. */
  orderId: number | null;
  invoiceNumber: string;
  invoiceDate: string;
  poNumber: string | null;
  poDate: string | null;
  terms: unknown;
  format: string;
  /** po-number, distributor-date, or none (no order). */
  matchedBy: string;
  total: string;
  fileName: string;
  importedBy: number | null;
  senderEmail: string | null;
}

/** Inserts the invoice unless the same distributor's invoice number is there already (then undefined). */
export async function insertInvoice(db: Database, invoice: NewInvoice): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO invoices (location_id, distributor_id, order_id, invoice_number, invoice_date, po_number, po_date, terms,
                              format, matched_by, total, file_name, imported_by, sender_email)
        VALUES (${invoice.locationId}, ${invoice.distributorId}, ${invoice.orderId}, ${invoice.invoiceNumber}, ${invoice.invoiceDate}::date,
                ${invoice.poNumber}, ${invoice.poDate}::date, ${invoice.terms === null ? null : JSON.stringify(invoice.terms)}::jsonb,
                ${invoice.format}, ${invoice.matchedBy}, ${invoice.total}::numeric, ${invoice.fileName}, ${invoice.importedBy},
                ${invoice.senderEmail})
        ON CONFLICT (location_id, distributor_id, invoice_number) DO NOTHING
        RETURNING id`,
  );
  return row?.id;
}

export interface InvoiceLineRow {
  lineNumber: number;
  itemNumber: string | null;
  upc: string | null;
  description: string;
  quantity: string;
  unitCode: string;
  unitPrice: string;
  amount: string;
  orderItemId: number | null;
  matchedBy: string | null;
}

export async function insertInvoiceLines(db: Database, locationId: number, invoiceId: number, lines: readonly InvoiceLineRow[]) {
  const json = JSON.stringify(lines);
  await db.execute(
    sql`INSERT INTO invoice_lines (invoice_id, line_number, location_id, item_number, upc, description, quantity, unit_code,
                                   unit_price, amount, order_item_id, matched_by)
        SELECT ${invoiceId}, l."lineNumber", ${locationId}, l."itemNumber", l.upc, l.description, l.quantity, l."unitCode",
               l."unitPrice", l.amount, l."orderItemId", l."matchedBy"
        FROM jsonb_to_recordset(${json}::jsonb) AS l("lineNumber" int, "itemNumber" text, upc text, description text,
             quantity numeric(12, 3), "unitCode" text, "unitPrice" numeric(14, 4), amount numeric(12, 2), "orderItemId" int, "matchedBy" text)`,
  );
}

export async function selectInvoiceLines(db: Database, locationId: number, invoiceId: number): Promise<InvoiceLineRow[]> {
  return queryRows<InvoiceLineRow>(
    db,
    sql`SELECT line_number AS "lineNumber", item_number AS "itemNumber", upc, description, quantity::text AS quantity,
               unit_code AS "unitCode", unit_price::text AS "unitPrice", amount::text AS amount,
               order_item_id AS "orderItemId", matched_by AS "matchedBy"
        FROM invoice_lines WHERE location_id = ${locationId} AND invoice_id = ${invoiceId} ORDER BY line_number`,
  );
}

/** The location whose invoice address carries this token (issue 36, invoices by e-mail). */
export async function findLocationByMailToken(db: Database, token: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM locations WHERE invoice_mail_token = ${token}`);
  return row?.id;
}

export async function selectMailToken(db: Database, locationId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ token: string }>(
    db,
    sql`SELECT invoice_mail_token AS token FROM locations WHERE id = ${locationId}`,
  );
  return row?.token;
}
