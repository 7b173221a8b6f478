import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessions, users } from '@stockpot/db';
import { unauthorized } from './errors';
import { hashSessionToken } from './tokens';

export interface AuthContext {
  sessionId: number;
  userId: number;
  companyId: number;
  role: 'member' | 'admin';
  activeLocationId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** preHandler for every private route: a live, unrevoked session or 401. */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = readBearer(request);
  if (!token) throw unauthorized();
  const [row] = await request.server.db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      companyId: users.companyId,
      role: users.role,
      activeLocationId: users.activeLocationId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!row) throw unauthorized();
  request.auth = row;
}

/** The caller's context on a route guarded by requireAuth. */
export function getAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
