import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { queryRowsPrepared, sessions } from '@stockpot/db';
import { badRequest, unauthorized } from './errors';
import { hashSessionToken } from './tokens';
import { locationContextSql, type LocationContextRow } from './location-context';

export interface AuthContext {
  sessionId: number;
  userId: number;
  companyId: number;
  role: 'member' | 'admin';
  /**
   * The location this request works in: the browser tab's (X-Location-Id), else the session's
   * (each device works in its own). Membership is checked where it is used (requireActiveLocation).
   */
  activeLocationId: number | null;
  /**
   * activeLocationId when the user was a member of it as the request was authenticated (checked in
   * the same statement as the session), else null. requireActiveLocation trusts it for that id only.
   */
  memberLocationId?: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /**
     * On a route with `config.locationContext`: the context of the location the request works in,
     * read with the session when the user is a member of it (else null).
     */
    locationContext?: LocationContextRow | null;
    /**
     * On a route with `config.locationState`: its row for the location the request works in, read
     * with the session when the user is a member of it (else null).
     */
    locationState?: unknown;
  }
  interface FastifyContextConfig {
    /** A route anyone may call: no bearer token is asked for (sign-in, health). */
    public?: boolean;
    /** The route reads items (the list, its search): requireAuth reads the location's context with the session. */
    locationContext?: boolean;
    /**
     * A route's own check of the location it works in (one row, e.g. a kept answer's version),
     * read with the session as `request.locationState`: a kept answer then needs no statement of its own.
     */
    locationState?: (location: SQL) => SQL;
  }
}

/**
 * last_seen_at is written at most this often per session, so reads do not turn every request into
 * a write; the idle timeout is therefore exact to within this step.
 */
export const LAST_SEEN_STEP_MS = 60_000;

/**
 * Tabs of one browser share a session, so each tab names the location it shows on every request;
 * a switch in one tab then never redirects another tab's writes (issue 14, defect 2).
 */
export const LOCATION_HEADER = 'x-location-id';

function readLocationHeader(request: FastifyRequest): number | null {
  const value = request.headers[LOCATION_HEADER];
  if (value === undefined) return null;
  const text = Array.isArray(value) ? value.join(',') : value;
  const id = /^[1-9]\d{0,9}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(id <= 2_147_483_647)) {
    throw badRequest('The X-Location-Id header must be the id of one of your locations.');
  }
  return id;
}

function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Authenticates the request: a live session (unrevoked, inside its absolute limit and its idle
 * timeout) of an active user, or 401. Runs as an onRequest hook for every private route, before
 * the body is parsed or validated, so callers without a session learn nothing about the input
 * rules. Calling it again on the same request does nothing.
 */
export async function requireAuth(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (request.auth) return;
  const token = readBearer(request);
  if (!token) throw unauthorized();
  const { db, config } = request.server;
  const now = new Date();
  const idleSince = new Date(now.getTime() - config.SESSION_IDLE_HOURS * 3_600_000);
  // A malformed header is answered only after the session is known good: a caller without one
  // learns nothing about the input rules (as before the membership joined this statement).
  let headerError: unknown = null;
  let headerLocationId: number | null = null;
  try {
    headerLocationId = readLocationHeader(request);
  } catch (error) {
    headerError = error;
  }
  // One named statement for the session, its user and the membership of the location the request
  // works in (the tab's header, else the session's), so a location-scoped request pays one round
  // trip before its own reads instead of two (issue 38); and on the item routes, the location's
  // context too (one more saved). Parsed and planned once per connection.
  const workingLocation = sql`coalesce(${headerLocationId}::int, s.active_location_id)`;
  const withContext = request.routeOptions.config?.locationContext === true;
  const stateSql = request.routeOptions.config?.locationState;
  const [row] = await queryRowsPrepared<{
    sessionId: number;
    userId: number;
    companyId: number;
    role: AuthContext['role'];
    activeLocationId: number | null;
    lastSeenAt: Date | string;
    isMember: boolean;
    locationContext?: LocationContextRow | null;
    locationState?: unknown;
  }>(
    db,
    sql`SELECT s.id AS "sessionId", u.id AS "userId", u.company_id AS "companyId", u.role,
               s.active_location_id AS "activeLocationId", s.last_seen_at AS "lastSeenAt",
               EXISTS (SELECT 1 FROM user_locations ul
                        WHERE ul.user_id = u.id AND ul.location_id = ${workingLocation}) AS "isMember"
               ${withContext ? sql`, (SELECT to_json(c) FROM (${locationContextSql(workingLocation)}) c) AS "locationContext"` : sql``}
               ${stateSql ? sql`, (SELECT to_json(x) FROM (${stateSql(workingLocation)}) x) AS "locationState"` : sql``}
        FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = ${hashSessionToken(token)} AND s.revoked_at IS NULL
          AND s.expires_at > ${now.toISOString()}::timestamptz AND s.last_seen_at > ${idleSince.toISOString()}::timestamptz
          AND u.is_active
        LIMIT 1`,
  );
  if (!row) throw unauthorized();
  if (headerError) throw headerError;
  if (now.getTime() - new Date(row.lastSeenAt).getTime() >= LAST_SEEN_STEP_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_STEP_MS))));
  }
  const { lastSeenAt: _lastSeenAt, isMember, locationContext, locationState, ...auth } = row;
  const activeLocationId = headerLocationId ?? auth.activeLocationId;
  request.auth = { ...auth, activeLocationId, memberLocationId: isMember ? activeLocationId : null };
  if (withContext) request.locationContext = isMember ? (locationContext ?? null) : null;
  if (stateSql) request.locationState = isMember ? (locationState ?? null) : null;
}

/** The caller's context on a route guarded by requireAuth. */
export function getAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
