import { and, eq } from 'drizzle-orm';
import { userLocations, type Database } from '@stockpot/db';
import type { BroadcastMessage, LocationMessage } from '@stockpot/domain';
import { notFound } from '../../platform/errors';
import * as repo from './messages.repo';

/** merchant_id must be one of the caller's locations; another location answers 404 (doc 3 §6 "Messages are per location"). */
async function assertMember(db: Database, userId: number, locationId: number): Promise<void> {
  const [row] = await db
    .select({ locationId: userLocations.locationId })
    .from(userLocations)
    .where(and(eq(userLocations.userId, userId), eq(userLocations.locationId, locationId)))
    .limit(1);
  if (!row) throw notFound('Location');
}

/** GET users/get-message: the location's messages the caller has not yet seen. */
export async function getUnreadMessages(db: Database, userId: number, locationId: number): Promise<LocationMessage[]> {
  await assertMember(db, userId, locationId);
  return repo.listUnreadLocationMessages(db, locationId, userId);
}

/** POST users/read-message: every id must be a message of the active location, or nothing is marked (404). */
export async function readMessages(db: Database, userId: number, locationId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await repo.findLocationMessageIds(db, locationId, unique);
  if (found.length !== unique.length) throw notFound('Message');
  await repo.markLocationMessagesRead(db, locationId, userId, unique);
}

/** GET users/get-broadcast-message: platform broadcasts the caller has not seen, newest first. */
export async function getUnreadBroadcasts(db: Database, userId: number, locationId: number): Promise<BroadcastMessage[]> {
  await assertMember(db, userId, locationId);
  return repo.listUnreadBroadcasts(db, userId);
}

export async function readBroadcast(db: Database, userId: number, id: number): Promise<void> {
  if (!(await repo.broadcastExists(db, id))) throw notFound('Broadcast message');
  await repo.markBroadcastRead(db, userId, id);
}
