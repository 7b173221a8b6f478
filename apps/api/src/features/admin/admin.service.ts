import type { Database } from '@stockpot/db';
import { toPageMeta, type AdminLocation, type AdminUser, type PageMeta, type SignedInUser } from '@stockpot/domain';
import type { AuthContext } from '../../platform/auth-guard';
import { AppError, notFound } from '../../platform/errors';
import { createSessionToken, hashSessionToken } from '../../platform/tokens';
import { getCurrentUser } from '../auth/auth.public';
import * as repo from './admin.repo';

export const ADMIN_PAGE_SIZE = 20;

/** Only the platform administrator role may pick locations and users and act as them (doc 3 §2.2, §6). */
export function assertAdministrator(auth: AuthContext): void {
  if (auth.role !== 'admin') {
    throw new AppError(403, 'not_an_administrator', 'Only a platform administrator can do this.');
  }
}

/** GET locations/all: the location picker's page of matches. */
export async function listAllLocations(
  db: Database,
  auth: AuthContext,
  input: { search: string; page: number },
): Promise<{ data: AdminLocation[]; _meta: PageMeta }> {
  assertAdministrator(auth);
  const { rows, total } = await repo.listLocations(db, {
    search: input.search,
    limit: ADMIN_PAGE_SIZE,
    offset: (input.page - 1) * ADMIN_PAGE_SIZE,
  });
  return { data: rows, _meta: toPageMeta(total, input.page, ADMIN_PAGE_SIZE) };
}

/** GET locations/users/{id}: the user picker's list for the chosen location. */
export async function listUsersOfLocation(db: Database, auth: AuthContext, locationId: number): Promise<AdminUser[]> {
  assertAdministrator(auth);
  if (!(await repo.locationExists(db, locationId))) throw notFound('Location');
  return repo.listLocationUsers(db, locationId);
}

/**
 * POST users/merchant-login: opens a session as the user in the location, and records who did it
 * in the same transaction, so there is never a login-as without its audit row.
 */
export async function loginAsMerchant(
  db: Database,
  input: { auth: AuthContext; userId: number; locationId: number; ttlDays: number; userAgent: string; clientAddress: string },
): Promise<SignedInUser> {
  assertAdministrator(input.auth);
  if (!(await repo.isActiveMemberOf(db, input.userId, input.locationId))) throw notFound('User of this location');
  const token = createSessionToken();
  await db.transaction(async (tx) => {
    const sessionId = await repo.insertSession(tx, {
      userId: input.userId,
      tokenHash: hashSessionToken(token),
      expiresAt: new Date(Date.now() + input.ttlDays * 86_400_000),
      userAgent: input.userAgent.slice(0, 300),
      activeLocationId: input.locationId,
    });
    await repo.insertAudit(tx, {
      adminUserId: input.auth.userId,
      userId: input.userId,
      locationId: input.locationId,
      sessionId,
      clientAddress: input.clientAddress,
    });
  });
  return { ...(await getCurrentUser(db, input.userId, input.locationId)), authKey: token };
}
