import { and, count, desc, eq, sql } from 'drizzle-orm';
import { paymentMethods, type Database } from '@stockpot/db';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type NewPaymentMethodRow = typeof paymentMethods.$inferInsert;
/** The database, or a transaction on it. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Advisory-lock class for card writes; the second key is the location id. */
const CARD_WRITE_LOCK = 4_104_001;

/**
 * Serialises card writes of one location until the transaction ends, so two requests can never
 * both make a card the default (or both add a "first" card). Other locations are not held up.
 */
export async function lockLocationCards(tx: Executor, locationId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CARD_WRITE_LOCK}, ${locationId})`);
}

/** The location's cards: the default first, then the newest. */
export async function listByLocation(db: Executor, locationId: number): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.locationId, locationId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

export async function findByToken(db: Executor, locationId: number, token: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.locationId, locationId), eq(paymentMethods.token, token)))
    .limit(1);
  return row;
}

/** Any location's card with this token (tokens are unique across the table). */
export async function findAnyByToken(db: Executor, token: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.token, token)).limit(1);
  return row;
}

export async function countByLocation(db: Executor, locationId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.locationId, locationId));
  return row?.n ?? 0;
}

export async function insert(db: Executor, values: NewPaymentMethodRow): Promise<PaymentMethodRow> {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row;
}

export async function update(
  db: Executor,
  locationId: number,
  id: number,
  values: Partial<Pick<PaymentMethodRow, 'nickname' | 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'isDefault'>>,
): Promise<PaymentMethodRow> {
  const [row] = await db
    .update(paymentMethods)
    .set(values)
    .where(and(eq(paymentMethods.locationId, locationId), eq(paymentMethods.id, id)))
    .returning();
  return row;
}

export async function clearDefault(db: Executor, locationId: number): Promise<void> {
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.locationId, locationId), eq(paymentMethods.isDefault, true)));
}

export async function remove(db: Executor, locationId: number, id: number): Promise<void> {
  await db.delete(paymentMethods).where(and(eq(paymentMethods.locationId, locationId), eq(paymentMethods.id, id)));
}

/** The most recently added card left in the location. */
export async function findNewest(db: Executor, locationId: number): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.locationId, locationId))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(1);
  return row;
}
