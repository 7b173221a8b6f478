import { asc, eq, ilike, inArray, sql } from 'drizzle-orm';
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

export async function findDistributorIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: distributors.id }).from(distributors).where(inArray(distributors.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function authorizationIsUsed(db: Database, authorizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.setupAuthorizationId, authorizationId))
    .limit(1);
  return Boolean(row);
}

/** Distributors whose name contains the text (the wizard's searchable dropdown), A to Z. */
export async function searchDistributors(db: Database, search: string, limit: number) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: distributors.id, nickname: distributors.nickname })
    .from(distributors)
    .where(search ? ilike(distributors.nickname, pattern) : sql`true`)
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

export async function insertLocationDistributor(
  db: Database,
  values: { locationId: number; distributorId: number; customerNumber: string },
): Promise<void> {
  await db.insert(locationDistributors).values(values);
}

export async function insertSalesRep(db: Database, values: typeof salesReps.$inferInsert): Promise<void> {
  await db.insert(salesReps).values(values);
}
