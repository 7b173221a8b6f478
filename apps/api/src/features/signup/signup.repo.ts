import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  companies,
  distributors,
  locationDistributors,
  locations,
  restaurantLocations,
  restaurants,
  salesReps,
  userLocations,
  users,
  type Database,
} from '@stockpot/db';

export async function companyExists(db: Database, companyId: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return Boolean(row);
}

export async function emailIsTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return Boolean(row);
}

/** The ids among `ids` that are directory entries: the only existing distributors a sign-up may name. */
export async function findDirectoryIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: distributors.id })
    .from(distributors)
    .where(and(inArray(distributors.id, ids), eq(distributors.inDirectory, true)));
  return new Set(rows.map((r) => r.id));
}

/** Directory entries by lower-cased name, so a typed name that is in the directory uses that entry. */
export async function findDirectoryIdsByName(db: Database, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ id: distributors.id, name: sql<string>`lower(${distributors.nickname})` })
    .from(distributors)
    .where(and(eq(distributors.inDirectory, true), inArray(sql`lower(${distributors.nickname})`, names)));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** A distributor the restaurant added by name: seen only by its own locations until an operator merges it. */
export async function insertPrivateDistributor(
  db: Database,
  values: { nickname: string; ownerLocationId: number; ownerRestaurantId: number },
): Promise<number> {
  const [row] = await db.insert(distributors).values(values).returning({ id: distributors.id });
  return row.id;
}

export async function authorizationIsUsed(db: Database, authorizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.setupAuthorizationId, authorizationId))
    .limit(1);
  return Boolean(row);
}

/** Directory distributors whose name contains the text (the wizard's searchable dropdown), A to Z. */
export async function searchDistributors(db: Database, search: string, limit: number) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: distributors.id, nickname: distributors.nickname })
    .from(distributors)
    .where(and(eq(distributors.inDirectory, true), search ? ilike(distributors.nickname, pattern) : undefined))
    .orderBy(asc(distributors.nickname), asc(distributors.id))
    .limit(limit);
}

export async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

export async function insertLocation(db: Database, values: typeof locations.$inferInsert): Promise<number> {
  const [row] = await db.insert(locations).values(values).returning({ id: locations.id });
  return row.id;
}

export async function setUserActiveLocation(db: Database, userId: number, locationId: number): Promise<void> {
  await db.update(users).set({ activeLocationId: locationId }).where(eq(users.id, userId));
}

export async function insertUserLocations(db: Database, userId: number, locationIds: number[]): Promise<void> {
  await db.insert(userLocations).values(locationIds.map((locationId) => ({ userId, locationId })));
}

export async function insertRestaurant(db: Database, values: typeof restaurants.$inferInsert): Promise<number> {
  const [row] = await db.insert(restaurants).values(values).returning({ id: restaurants.id });
  return row.id;
}

export async function insertRestaurantLocations(db: Database, restaurantId: number, locationIds: number[]): Promise<void> {
  await db.insert(restaurantLocations).values(locationIds.map((locationId) => ({ restaurantId, locationId })));
}

export async function insertLocationDistributor(db: Database, values: typeof locationDistributors.$inferInsert): Promise<void> {
  await db.insert(locationDistributors).values(values);
}

export async function insertSalesRep(db: Database, values: typeof salesReps.$inferInsert): Promise<void> {
  await db.insert(salesReps).values(values);
}
