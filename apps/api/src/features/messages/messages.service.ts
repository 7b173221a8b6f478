import type { Database } from '@stockpot/db';
import type { BroadcastMessage, LocationMessage } from '@stockpot/domain';
import { notFound } from '../../platform/errors';
import * as repo from './messages.repo';

/**
 * GET users/get-message: the location's messages the caller has not yet seen. merchant_id must be
 * one of the caller's locations; another location answers 404 (doc 3 §6 "Messages are per location").
 */
export async function getUnreadMessages(db: Database, userId: number, locationId: number): Promise<LocationMessage[]> {
  const messages = await repo.listUnreadLocationMessages(db, locationId, userId);
  if (!messages) throw notFound('Location');
  return messages;
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
  const broadcasts = await repo.listUnreadBroadcasts(db, userId, locationId);
  if (!broadcasts) throw notFound('Location');
  return broadcasts;
}

export async function readBroadcast(db: Database, userId: number, id: number): Promise<void> {
  if (!(await repo.broadcastExists(db, id))) throw notFound('Broadcast message');
  await repo.markBroadcastRead(db, userId, id);
}
