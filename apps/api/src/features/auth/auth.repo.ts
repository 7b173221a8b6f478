import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { companies, locations, sessions, signInFailures, userLocations, users, type Database } from '@stockpot/db';

export type UserRow = typeof users.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function findUserByEmail(db: Database, email: string, companyId: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.companyId, companyId)))
    .limit(1);
  return row;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user's locations with their company, in a stable order. */
export async function listUserLocations(db: Database, userId: number): Promise<{ location: LocationRow; company: CompanyRow }[]> {
  return db
    .select({ location: locations, company: companies })
    .from(userLocations)
    .innerJoin(locations, eq(locations.id, userLocations.locationId))
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(eq(userLocations.userId, userId))
    .orderBy(asc(locations.id));
}

export async function setActiveLocation(db: Database, userId: number, locationId: number): Promise<void> {
  await db.update(users).set({ activeLocationId: locationId }).where(eq(users.id, userId));
}

export async function insertSession(
  db: Database,
  values: { userId: number; tokenHash: string; expiresAt: Date; userAgent: string },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function countRecentFailures(
  db: Database,
  throttleKey: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${signInFailures.failedAt})` })
    .from(signInFailures)
    .where(and(eq(signInFailures.throttleKey, throttleKey), gte(signInFailures.failedAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function recordFailure(db: Database, throttleKey: string): Promise<void> {
  await db.insert(signInFailures).values({ throttleKey });
}

export async function clearFailures(db: Database, throttleKeys: string[]): Promise<void> {
  await db.delete(signInFailures).where(inArray(signInFailures.throttleKey, throttleKeys));
}
