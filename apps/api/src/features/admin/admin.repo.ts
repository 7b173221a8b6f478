import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { adminLoginAudits, locations, sessions, userLocations, users, type Database } from '@stockpot/db';

/** `value` as a LIKE pattern that matches it anywhere, its own wildcards taken literally. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every location of the platform whose nickname contains the search, by nickname (the picker's list). */
export async function listLocations(db: Database, input: { search: string; limit: number; offset: number }) {
  const where = input.search ? ilike(locations.nickname, containing(input.search)) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: locations.id, nickname: locations.nickname })
      .from(locations)
      .where(where)
      .orderBy(asc(locations.nickname), asc(locations.id))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(locations)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function locationExists(db: Database, locationId: number): Promise<boolean> {
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)).limit(1);
  return Boolean(row);
}

/** The active non-administrator users of a location. */
export async function listLocationUsers(db: Database, locationId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, title: users.title })
    .from(userLocations)
    .innerJoin(users, eq(users.id, userLocations.userId))
    .where(and(eq(userLocations.locationId, locationId), eq(users.role, 'member'), eq(users.isActive, true)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Whether the user is an active member (not an administrator) of the location. */
export async function isActiveMemberOf(db: Database, userId: number, locationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(userLocations)
    .innerJoin(users, eq(users.id, userLocations.userId))
    .where(
      and(
        eq(userLocations.locationId, locationId),
        eq(userLocations.userId, userId),
        eq(users.role, 'member'),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertSession(
  tx: Database,
  values: { userId: number; tokenHash: string; expiresAt: Date; userAgent: string; activeLocationId: number },
): Promise<number> {
  const [row] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
  return row.id;
}

export async function insertAudit(
  tx: Database,
  values: { adminUserId: number; userId: number; locationId: number; sessionId: number; clientAddress: string },
): Promise<void> {
  await tx.insert(adminLoginAudits).values(values);
}
