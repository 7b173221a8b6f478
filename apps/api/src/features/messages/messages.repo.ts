import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { broadcastMessageReads, broadcastMessages, locationMessageReads, locationMessages, type Database } from '@stockpot/db';

/** The location's messages this user has not seen yet, oldest first. */
export async function listUnreadLocationMessages(db: Database, locationId: number, userId: number) {
  return db
    .select({ id: locationMessages.id, message: locationMessages.message })
    .from(locationMessages)
    .leftJoin(
      locationMessageReads,
      and(
        eq(locationMessageReads.locationId, locationMessages.locationId),
        eq(locationMessageReads.messageId, locationMessages.id),
        eq(locationMessageReads.userId, userId),
      ),
    )
    .where(and(eq(locationMessages.locationId, locationId), isNull(locationMessageReads.messageId)))
    .orderBy(locationMessages.id)
    .limit(20);
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

/** Broadcasts this user has not seen, newest first (the client shows the first). */
export async function listUnreadBroadcasts(db: Database, userId: number) {
  return db
    .select({ id: broadcastMessages.id, broadcast_message: broadcastMessages.message })
    .from(broadcastMessages)
    .leftJoin(
      broadcastMessageReads,
      and(eq(broadcastMessageReads.broadcastId, broadcastMessages.id), eq(broadcastMessageReads.userId, userId)),
    )
    .where(isNull(broadcastMessageReads.broadcastId))
    .orderBy(desc(broadcastMessages.id))
    .limit(5);
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
