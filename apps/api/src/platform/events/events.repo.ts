import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';

/**
 * Whether a stream may stay open: its session is still live (not revoked, inside its limits) and its
 * user still a member of the stream's location. Asked at every heartbeat, so a change the
 * notifications did not report (an expired or idle session, a deactivated user) ends the stream too.
 */
export async function isStreamStillAllowed(
  db: Database,
  stream: { sessionId: number; userId: number; locationId: number; idleHours: number },
): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`SELECT 1 AS ok FROM sessions s
        JOIN users u ON u.id = s.user_id AND u.is_active
        JOIN user_locations ul ON ul.user_id = u.id AND ul.location_id = ${stream.locationId}
        WHERE s.id = ${stream.sessionId} AND s.user_id = ${stream.userId} AND s.revoked_at IS NULL
          AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => ${stream.idleHours * 3600})
        LIMIT 1`,
  );
  return rows.length > 0;
}
