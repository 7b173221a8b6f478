/** Factories for who buys from whom: a location (with its company and members) and its distributors. */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../client';
import { companies, distributors, locationDistributors, locations, userLocations } from '../schema';
import { next, type Insert } from './factory-helpers';

export type BuiltLocation = typeof locations.$inferSelect;

/**
 * A location (and its company unless `companyId` is given), every display flag as the columns
 * default unless overridden; `memberUserIds` join those users to it.
 */
export async function buildLocation(
  db: Database,
  overrides: Partial<Insert<typeof locations>> & { memberUserIds?: number[] } = {},
): Promise<BuiltLocation> {
  const { memberUserIds = [], ...values } = overrides;
  const n = next();
  const companyId =
    values.companyId ??
    (
      await db
        .insert(companies)
        .values({ nickname: `Company ${n}`, title: `Company ${n}` })
        .returning({ id: companies.id })
    )[0].id;
  const [location] = await db
    .insert(locations)
    .values({ nickname: `Location ${n}`, ...values, companyId })
    .returning();
  if (memberUserIds.length > 0) {
    await db.insert(userLocations).values(memberUserIds.map((userId) => ({ userId, locationId: location.id })));
  }
  return location;
}

/** A distributor (the next id of distributors_id_seq), linked to `locationId` when given. */
export async function buildDistributor(
  db: Database,
  overrides: Partial<Insert<typeof distributors>> & {
    locationId?: number;
    link?: Partial<Insert<typeof locationDistributors>>;
  } = {},
): Promise<typeof distributors.$inferSelect> {
  const { locationId, link, ...values } = overrides;
  const [{ id }] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO distributors (nickname) VALUES (${`Distributor ${next()}`}) RETURNING id`,
  );
  const [distributor] =
    Object.keys(values).length > 0
      ? await db
          .update(distributors)
          .set(values)
          .where(sql`${distributors.id} = ${id}`)
          .returning()
      : await db
          .select()
          .from(distributors)
          .where(sql`${distributors.id} = ${id}`);
  if (locationId !== undefined) await linkDistributor(db, locationId, distributor.id, link);
  return distributor;
}

/** Makes `distributorId` one the location buys from (nothing when it already is). */
export async function linkDistributor(
  db: Database,
  locationId: number,
  distributorId: number,
  overrides: Partial<Insert<typeof locationDistributors>> = {},
): Promise<void> {
  await db
    .insert(locationDistributors)
    .values({ deliveryWeekdays: [1, 2, 3, 4, 5], ...overrides, locationId, distributorId })
    .onConflictDoNothing();
}
