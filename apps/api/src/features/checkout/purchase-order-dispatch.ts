import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, queryRowsPrepared, type Database } from '@stockpot/db';

/**
 * The claim on an order's purchase order e-mail (issue 33 defect 7, docs/decisions.md "Purchase
 * order dispatch"). The job's expiry is short so that a job held by a dead process runs again
 * within a minute; a slow but live attempt can therefore meet the queue's retry of its own job.
 * One row per order (purchase_order_dispatches), taken with an INSERT … ON CONFLICT DO NOTHING,
 * decides which attempt may send: the other one waits (throws, and the queue retries it later).
 * The holder refreshes its heartbeat while it sends, so a claim whose heartbeat stopped belongs to
 * an attempt that died.
 */

/** A claim whose heartbeat is older than this belongs to a dead attempt. */
export const DISPATCH_LEASE_SECONDS = 15;
/** Three beats per lease: one late beat (a busy event loop) does not make a live attempt look dead. */
const HEARTBEAT_MS = (DISPATCH_LEASE_SECONDS * 1000) / 3;

export type DispatchClaim =
  /** This attempt holds the claim and sends. */
  | { kind: 'claimed'; attemptId: string }
  /** An earlier attempt finished the dispatch: nothing to send. */
  | { kind: 'done' }
  /** A live attempt is sending now: try again later. */
  | { kind: 'busy' }
  /**
   * An attempt died while it talked to the mail server: whether the distributor received the mail
   * is unknown, so it is not sent again. `isFirst` for the one attempt that found it so (it records
   * the failure); later attempts see `isFirst` false.
   */
  | { kind: 'uncertain'; isFirst: boolean };

interface ClaimRow {
  attemptId: string;
  state: 'sending' | 'done' | 'uncertain';
  isStale: boolean;
}

/**
 * Claims the order's dispatch for a new attempt. `canTakeOver`: whether a dead attempt's claim may
 * be taken over and sent again, true when no mail leaves the building (no SMTP_URL: the outbox row
 * is the mailbox), false with SMTP, where a dead attempt may have handed the mail over already.
 */
export async function claimDispatch(
  db: Database,
  locationId: number,
  orderId: number,
  { canTakeOver }: { canTakeOver: boolean },
): Promise<DispatchClaim> {
  const attemptId = randomUUID();
  const inserted = await queryRowsPrepared<{ attemptId: string }>(
    db,
    sql`INSERT INTO purchase_order_dispatches (order_id, location_id, attempt_id, state)
        VALUES (${orderId}, ${locationId}, ${attemptId}, 'sending')
        ON CONFLICT (order_id) DO NOTHING RETURNING attempt_id AS "attemptId"`,
  );
  if (inserted.length === 1) return { kind: 'claimed', attemptId };

  const [held] = await queryRows<ClaimRow>(
    db,
    sql`SELECT attempt_id AS "attemptId", state,
               heartbeat_at < now() - make_interval(secs => ${DISPATCH_LEASE_SECONDS}) AS "isStale"
        FROM purchase_order_dispatches WHERE order_id = ${orderId} AND location_id = ${locationId}`,
  );
  // Released between the two statements (a refused send): the queue's next retry claims it.
  if (!held) return { kind: 'busy' };
  if (held.state === 'done') return { kind: 'done' };
  if (held.state === 'uncertain') return { kind: 'uncertain', isFirst: false };
  if (!held.isStale) return { kind: 'busy' };

  // A dead attempt's claim. The conditional UPDATE names the attempt seen: of two attempts finding
  // it at once, exactly one changes it; the other is told busy and looks again on its retry.
  const next = canTakeOver ? sql`attempt_id = ${attemptId}, claimed_at = now(), heartbeat_at = now()` : sql`state = 'uncertain'`;
  const changed = await queryRows<{ orderId: number }>(
    db,
    sql`UPDATE purchase_order_dispatches SET ${next}
        WHERE order_id = ${orderId} AND location_id = ${locationId} AND attempt_id = ${held.attemptId} AND state = 'sending'
        RETURNING order_id AS "orderId"`,
  );
  if (changed.length === 0) return { kind: 'busy' };
  return canTakeOver ? { kind: 'claimed', attemptId } : { kind: 'uncertain', isFirst: true };
}

/** Keeps the claim's heartbeat fresh while the attempt runs; call the answer to stop. */
export function startHeartbeat(
  db: Database,
  log: FastifyBaseLogger,
  { locationId, orderId, attemptId }: { locationId: number; orderId: number; attemptId: string },
): () => void {
  const timer = setInterval(() => {
    db.execute(
      sql`UPDATE purchase_order_dispatches SET heartbeat_at = now()
          WHERE order_id = ${orderId} AND location_id = ${locationId} AND attempt_id = ${attemptId} AND state = 'sending'`,
    ).catch((error: unknown) => log.warn({ err: error, orderId }, 'purchase order heartbeat failed'));
  }, HEARTBEAT_MS);
  // A beat never keeps a stopping process alive.
  timer.unref();
  return () => clearInterval(timer);
}

/** The mail was handed over (or kept): later attempts find the dispatch done. */
export async function finishDispatch(db: Database, locationId: number, orderId: number, attemptId: string): Promise<void> {
  await queryRowsPrepared(
    db,
    sql`UPDATE purchase_order_dispatches SET state = 'done'
        WHERE order_id = ${orderId} AND location_id = ${locationId} AND attempt_id = ${attemptId}`,
  );
}

/** The send failed before the mail server took it (refused, unreachable): the next retry may claim it. */
export async function releaseDispatch(db: Database, locationId: number, orderId: number, attemptId: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM purchase_order_dispatches
        WHERE order_id = ${orderId} AND location_id = ${locationId} AND attempt_id = ${attemptId} AND state = 'sending'`,
  );
}
