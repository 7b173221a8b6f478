import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { queryRowsPrepared } from '@stockpot/db';
import { badRequest } from './errors';
import { getAuth } from './auth-guard';

/**
 * The active location every location-scoped query runs under. Membership is checked on every
 * request, so a user removed from a location loses access at once: requireAuth checks it in the
 * session's own statement (memberLocationId); a location set otherwise is checked here.
 */
export async function requireActiveLocation(request: FastifyRequest): Promise<number> {
  const auth = getAuth(request);
  if (auth.activeLocationId === null) throw badRequest('Choose a location first.', 'no_active_location');
  if (auth.memberLocationId === auth.activeLocationId) return auth.activeLocationId;
  // A named statement: nearly every request runs it (parsed and planned once per connection).
  const [membership] = await queryRowsPrepared<{ locationId: number }>(
    request.server.db,
    sql`SELECT location_id AS "locationId" FROM user_locations
        WHERE user_id = ${auth.userId} AND location_id = ${auth.activeLocationId} LIMIT 1`,
  );
  if (!membership) throw badRequest('Choose a location first.', 'no_active_location');
  return membership.locationId;
}
