import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { userLocations } from '@stockpot/db';
import { badRequest } from './errors';
import { getAuth } from './auth-guard';

/**
 * The active location every location-scoped query runs under. It is re-checked against the
 * membership table on each call, so a user removed from a location loses access at once.
 */
export async function requireActiveLocation(request: FastifyRequest): Promise<number> {
  const auth = getAuth(request);
  if (auth.activeLocationId === null) throw badRequest('Choose a location first.', 'no_active_location');
  const [membership] = await request.server.db
    .select({ locationId: userLocations.locationId })
    .from(userLocations)
    .where(and(eq(userLocations.userId, auth.userId), eq(userLocations.locationId, auth.activeLocationId)))
    .limit(1);
  if (!membership) throw badRequest('Choose a location first.', 'no_active_location');
  return membership.locationId;
}
