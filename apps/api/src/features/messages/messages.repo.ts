import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  broadcastMessageReads,
  broadcastMessages,
  locationMessageReads,
  locationMessages,
  queryRowsPrepared,
  type Database,
} from '@stockpot/db';

/**
 * The location's messages this user has not seen yet, oldest first; undefined when the user is not
 * a member of the location. One named statement: the membership row, and the messages beside it.
 */
export async function listUnreadLocationMessages(
  db: Database,
  locationId: number,
  userId: number,
): Promise<{ id: number; message: string }[] | undefined> {
  const rows = await queryRowsPrepared<{ id: number | null; message: string | null }>(
    db,
    sql`SELECT m.id, m.message
        FROM user_locations ul
        LEFT JOIN LATERAL (
          SELECT lm.id, lm.message FROM location_messages lm
          WHERE lm.location_id = ul.location_id
            AND NOT EXISTS (SELECT 1 FROM location_message_reads r
                            WHERE r.location_id = lm.location_id AND r.message_id = lm.id AND r.user_id = ul.user_id)
          ORDER BY lm.id LIMIT 20) m ON true
        WHERE ul.user_id = ${userId} AND ul.location_id = ${locationId}
        ORDER BY m.id`,
  );
  return withMembership(rows, (row) => ({ id: row.id!, message: row.message! }));
}

/** Rows of a membership row LEFT JOINed to its list: none when not a member, one with a null id for an empty list. */
function withMembership<Row extends { id: number | null }, Out>(rows: Row[], toOut: (row: Row) => Out): Out[] | undefined {
  if (rows.length === 0) return undefined;
  return rows.filter((row) => row.id !== null).map(toOut);
}

export async function findLocationMessageIds(db: Database, locationId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: locationMessages.id })
    .from(locationMessages)
    .where(and(eq(locationMessages.locationId, locationId), inArray(locationMessages.id, ids)));
  return rows.map((r) => r.id);
}

export async function markLocationMessagesRead(db: Database, locationId: number, userId: number, ids: number[]): Promise<void> {
  await db
    .insert(locationMessageReads)
    .values(ids.map((messageId) => ({ locationId, messageId, userId })))
    .onConflictDoNothing();
}

/**
 * Broadcasts this user has not seen, newest first (the client shows the first); undefined when the
 * user is not a member of the location. One named statement, as listUnreadLocationMessages.
 */
export async function listUnreadBroadcasts(
  db: Database,
  userId: number,
  locationId: number,
): Promise<{ id: number; broadcast_message: string }[] | undefined> {
  const rows = await queryRowsPrepared<{ id: number | null; broadcast_message: string | null }>(
    db,
    sql`SELECT b.id, b.broadcast_message
        FROM user_locations ul
        LEFT JOIN LATERAL (
          SELECT bm.id, bm.message AS broadcast_message FROM broadcast_messages bm
          WHERE NOT EXISTS (SELECT 1 FROM broadcast_message_reads r WHERE r.broadcast_id = bm.id AND r.user_id = ul.user_id)
          ORDER BY bm.id DESC LIMIT 5) b ON true
        WHERE ul.user_id = ${userId} AND ul.location_id = ${locationId}
        ORDER BY b.id DESC`,
  );
  return withMembership(rows, (row) => ({ id: row.id!, broadcast_message: row.broadcast_message! }));
}

export async function broadcastExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: broadcastMessages.id })
    .from(broadcastMessages)
    .where(eq(broadcastMessages.id, id))
    .limit(1);
  return Boolean(row);
}

export async function markBroadcastRead(db: Database, userId: number, broadcastId: number): Promise<void> {
  await db.insert(broadcastMessageReads).values({ userId, broadcastId }).onConflictDoNothing();
}
