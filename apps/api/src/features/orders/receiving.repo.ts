/**
 * SQL of receiving an order: the locked order, its lines' accept/reject and edits, completion and
 * its version, the survey. Lines added at receiving are receiving-added-lines.repo.ts.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { isoTimestamp } from '../../platform/sql';
import { receivedBySql } from './order-history.repo';
import type { PreRejectResult, ReceivingItemState, ReceivingSurvey } from '@stockpot/domain';

export interface LockedOrder {
  id: number;
  status: string;
  distributor: string;
  distributor_id: number;
  created_at: string;
  requested_delivery_date: string | null;
  credit_status: 'none' | 'open' | 'closed';
  timezone: string;
  /** The order's total as placed (dollars): the ordered total of receiving's figures. */
  total: string;
  receiving_version: number;
  received_at: string | null;
  received_by: string | null;
}

/** The location's order, locked for this transaction (one receiving action at a time); undefined for another location's. */
export async function lockOrder(tx: Database, locationId: number, orderId: number): Promise<LockedOrder | undefined> {
  const [row] = await queryRows<LockedOrder>(
    tx,
    sql`SELECT o.id, o.status, d.nickname AS distributor, o.distributor_id, ${isoTimestamp(sql`o.created_at`)} AS created_at,
               o.requested_delivery_date::text AS requested_delivery_date, o.credit_status, l.timezone,
               o.total::text AS total, o.receiving_version, ${isoTimestamp(sql`o.received_at`)} AS received_at,
               ${receivedBySql} AS received_by
        FROM orders o
        JOIN distributors d ON d.id = o.distributor_id
        JOIN locations l ON l.id = o.location_id
        WHERE o.location_id = ${locationId} AND o.id = ${orderId}
        FOR UPDATE OF o`,
  );
  return row;
}

export interface ReceivingLineRow {
  id: number;
  item_distributor_id: number | null;
  description: string;
  quantity: number;
  price: string;
  receive_checked: boolean;
  status_received: 'accepted' | 'rejected' | null;
  qty_reduction: number;
  received_quantity: number | null;
  is_edited: boolean;
  /** Special lines and market-price lines not yet priced count 0 in the ordered total, so in its credit too. */
  is_unpriced: boolean;
  /** Catch weight (issue 32): the price is per this unit, the amount an estimate until weighed. */
  unit_measure: string;
  is_catch_weight: boolean;
  average_weight: string | null;
  received_weight: string | null;
}

export async function listReceivingLines(tx: Database, locationId: number, orderId: number): Promise<ReceivingLineRow[]> {
  return queryRows<ReceivingLineRow>(
    tx,
    sql`SELECT id, item_distributor_id, description, quantity, price::text AS price, receive_checked, status_received,
               qty_reduction, received_quantity, is_edited, (is_special OR (is_market_price AND NOT (is_edited AND price > 0))) AS is_unpriced,
               unit_measure, is_catch_weight, average_weight::text AS average_weight, received_weight::text AS received_weight
        FROM order_items WHERE location_id = ${locationId} AND order_id = ${orderId} ORDER BY id`,
  );
}

/** Records the accept or reject of one line and marks it checked. */
export async function saveLineState(tx: Database, locationId: number, orderId: number, state: ReceivingItemState): Promise<void> {
  const isRejected = state.status === 'rejected';
  await tx.execute(
    sql`UPDATE order_items SET
          receive_checked = true,
          status_received = ${state.status},
          qty_reduction = ${isRejected ? state.qtyReduction : 0},
          reject_reason = ${isRejected ? (state.rejectReason ?? null) : null},
          reject_comment = ${isRejected && state.rejectReason === 'Other' ? (state.rejectComment?.trim() ?? null) : null}
        WHERE location_id = ${locationId} AND order_id = ${orderId} AND id = ${state.id}`,
  );
}

export interface LineEdit {
  id: number;
  description?: string;
  quantity?: number;
  packSize?: string;
  /** Decimal strings for SQL. */
  price?: string;
  unitPrice?: string | null;
  /** Catch weight: pounds received on the line (decimal); null clears it. */
  receivedWeight?: string | null;
}

/** Applies an edit made at receiving, keeping the line as ordered on its first edit. */
export async function editLine(tx: Database, locationId: number, orderId: number, edit: LineEdit): Promise<void> {
  await tx.execute(
    sql`UPDATE order_items SET
          original_quantity = CASE WHEN is_edited THEN original_quantity ELSE quantity END,
          original_price = CASE WHEN is_edited THEN original_price ELSE price END,
          is_edited = true,
          description = coalesce(${edit.description ?? null}::text, description),
          quantity = coalesce(${edit.quantity ?? null}::int, quantity),
          pack_size = coalesce(${edit.packSize ?? null}::text, pack_size),
          price = coalesce(${edit.price ?? null}::numeric, price),
          unit_price = CASE WHEN ${edit.unitPrice === undefined} THEN unit_price ELSE ${edit.unitPrice ?? null}::numeric END,
          received_weight = CASE WHEN ${edit.receivedWeight === undefined} THEN received_weight
                                 ELSE ${edit.receivedWeight ?? null}::numeric END,
          -- A quantity edited below the rejected cases leaves at most all of them rejected.
          qty_reduction = least(qty_reduction, coalesce(${edit.quantity ?? null}::int, quantity))
        WHERE location_id = ${locationId} AND order_id = ${orderId} AND id = ${edit.id}`,
  );
}

export async function setReceivedQuantity(tx: Database, locationId: number, lineId: number, quantity: number): Promise<void> {
  await tx.execute(
    sql`UPDATE order_items SET received_quantity = ${quantity} WHERE location_id = ${locationId} AND id = ${lineId}`,
  );
}

export async function savePreRejectResult(
  tx: Database,
  locationId: number,
  orderId: number,
  result: PreRejectResult,
): Promise<void> {
  await tx.execute(
    sql`UPDATE orders SET pre_reject_result = ${JSON.stringify(result)}::jsonb, pre_rejected_at = now()
        WHERE location_id = ${locationId} AND id = ${orderId}`,
  );
}

export interface CompletedReceiving {
  status: string;
  customInvoiceId: string | null | undefined;
  creditRefusal: string;
  creditStatus: 'none' | 'open' | 'closed';
}

/** Marks the order received (the first completion's time is kept). */
export async function completeOrder(tx: Database, locationId: number, orderId: number, done: CompletedReceiving): Promise<void> {
  await tx.execute(
    sql`UPDATE orders SET
          status = ${done.status},
          received_at = coalesce(received_at, now()),
          custom_invoice_id = CASE WHEN ${done.customInvoiceId === undefined} THEN custom_invoice_id ELSE ${done.customInvoiceId ?? null} END,
          credit_refusal = ${done.creditRefusal}::numeric,
          credit_status = ${done.creditStatus}
        WHERE location_id = ${locationId} AND id = ${orderId}`,
  );
}

/**
 * A digest of what receiving records on the order (status, invoice number, credit and each line's
 * state and edits): a completion that leaves it as it was is a repeat, not a new version.
 */
export async function readReceivingDigest(tx: Database, locationId: number, orderId: number): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    tx,
    sql`SELECT md5(concat_ws('|', o.status, o.custom_invoice_id, o.credit_refusal::text, (
               SELECT string_agg(concat_ws(',', oi.id, oi.receive_checked, oi.status_received, oi.qty_reduction, oi.quantity,
                                           oi.price::text, oi.received_weight::text, oi.description, oi.reject_reason), ';' ORDER BY oi.id)
               FROM order_items oi WHERE oi.location_id = o.location_id AND oi.order_id = o.id))) AS digest
        FROM orders o WHERE o.location_id = ${locationId} AND o.id = ${orderId}`,
  );
  return row.digest;
}

/** A completion that changed the receiving record: the next version, and who made it. */
export async function bumpReceivingVersion(tx: Database, locationId: number, orderId: number, userId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE orders SET receiving_version = receiving_version + 1, received_by_user_id = ${userId}
        WHERE location_id = ${locationId} AND id = ${orderId}`,
  );
}

/** The receiving check survey: the last answer per order is kept. */
export async function upsertSurvey(
  tx: Database,
  locationId: number,
  orderId: number,
  userId: number,
  survey: ReceivingSurvey,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO order_receiving_checks (location_id, order_id, user_id, question_1, question_2, question_3, question_4, question_5, comment)
        VALUES (${locationId}, ${orderId}, ${userId}, ${survey.question_1}, ${survey.question_2}, ${survey.question_3},
                ${survey.question_4}, ${survey.question_5}, ${survey.comment})
        ON CONFLICT (location_id, order_id) DO UPDATE SET
          user_id = excluded.user_id, question_1 = excluded.question_1, question_2 = excluded.question_2,
          question_3 = excluded.question_3, question_4 = excluded.question_4, question_5 = excluded.question_5,
          comment = excluded.comment, created_at = now()`,
  );
}

/** Moves the order's line count and totals by what the added lines changed (amount in dollars, may be negative). */
export async function addToOrderTotals(
  tx: Database,
  locationId: number,
  orderId: number,
  change: { lineItems: number; amount: string },
): Promise<void> {
  await tx.execute(
    sql`UPDATE orders SET line_items = line_items + ${change.lineItems},
               subtotal = subtotal + ${change.amount}::numeric, total = total + ${change.amount}::numeric
        WHERE location_id = ${locationId} AND id = ${orderId}`,
  );
}
