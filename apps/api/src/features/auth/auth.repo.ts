import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { companies, locations, queryRowsPrepared, sessions, signInFailures, users, type Database } from '@stockpot/db';
import { decideSignInThrottle, type SignInBlock } from '@stockpot/domain';

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

/** What the current-user answer shows of the user. */
export type CurrentUserRow = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'title' | 'role' | 'editComparisonView'>;

/**
 * The user as the current-user answer shows them: a named statement (GET users/current-user runs
 * on every page load, and planning the builder's select of every column cost more than running it).
 */
export async function findCurrentUser(db: Database, id: number): Promise<CurrentUserRow | undefined> {
  const [row] = await queryRowsPrepared<CurrentUserRow>(
    db,
    sql`SELECT id, first_name AS "firstName", last_name AS "lastName", email, title, role,
               edit_comparison_view AS "editComparisonView"
        FROM users WHERE id = ${id}`,
  );
  return row;
}

export interface UserLocationRow {
  location: Pick<
    LocationRow,
    | 'id'
    | 'nickname'
    | 'timezone'
    | 'canPlaceOrder'
    | 'displayAccounting'
    | 'displayRecipeCosting'
    | 'displayComparisonView'
    | 'displayShoppingCart'
    | 'displayRebate'
    | 'displayMatch'
    | 'displayInventory'
    | 'activeInventoryId'
  >;
  company: Pick<
    CompanyRow,
    | 'id'
    | 'nickname'
    | 'title'
    | 'description'
    | 'domain'
    | 'website'
    | 'logoUrl'
    | 'spinnerImageUrl'
    | 'favico'
    | 'mainColor'
    | 'secondaryColor'
  >;
  /** The restaurant's business name from its sign-up; null for a location made otherwise. */
  businessName: string | null;
}

/**
 * The user's locations with what the answers show of them and their company, and the restaurant's
 * name, by location id: a named statement, for the reason findCurrentUser gives.
 */
export async function listUserLocations(db: Database, userId: number): Promise<UserLocationRow[]> {
  return queryRowsPrepared<UserLocationRow>(
    db,
    sql`SELECT json_build_object('id', l.id, 'nickname', l.nickname, 'timezone', l.timezone,
                 'canPlaceOrder', l.can_place_order, 'displayAccounting', l.display_accounting,
                 'displayRecipeCosting', l.display_recipe_costing, 'displayComparisonView', l.display_comparison_view,
                 'displayShoppingCart', l.display_shopping_cart, 'displayRebate', l.display_rebate,
                 'displayMatch', l.display_match, 'displayInventory', l.display_inventory,
                 'activeInventoryId', l.active_inventory_id) AS location,
               json_build_object('id', c.id, 'nickname', c.nickname, 'title', c.title, 'description', c.description,
                 'domain', c.domain, 'website', c.website, 'logoUrl', c.logo_url, 'spinnerImageUrl', c.spinner_image_url,
                 'favico', c.favico, 'mainColor', c.main_color, 'secondaryColor', c.secondary_color) AS company,
               r.business_name AS "businessName"
        FROM user_locations ul
        JOIN locations l ON l.id = ul.location_id
        JOIN companies c ON c.id = l.company_id
        LEFT JOIN restaurant_locations rl ON rl.location_id = l.id
        LEFT JOIN restaurants r ON r.id = rl.restaurant_id
        WHERE ul.user_id = ${userId}
        ORDER BY l.id`,
  );
}

export async function setActiveLocation(db: Database, userId: number, locationId: number): Promise<void> {
  await db.update(users).set({ activeLocationId: locationId }).where(eq(users.id, userId));
}

export async function insertSession(
  db: Database,
  values: { userId: number; tokenHash: string; expiresAt: Date; userAgent: string; activeLocationId: number | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function setSessionLocation(db: Database, sessionId: number, locationId: number): Promise<void> {
  await db.update(sessions).set({ activeLocationId: locationId }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/**
 * Throttle keys are `e-mail|address`; an account's keys are those whose part before the first '|'
 * is its e-mail (an e-mail the sign-in schema accepts holds no '|'), read through the
 * `sign_in_failures_account_idx` expression index.
 */
export const toThrottleKey = (email: string, clientAddress: string) => `${email}|${clientAddress}`;
const isAccountKey = (email: string) => sql`split_part(${signInFailures.throttleKey}, '|', 1) = ${email}`;

/**
 * The account's sign-in lock (by its e-mail), held until the transaction ends. The attempt
 * reservation and the unlock token (sign-in-lock.repo.ts) must take the same one: parallel attempts
 * are then counted one after another, and two failures filling the limit at once mail only once.
 */
export async function lockSignInAccount(tx: Database, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${email}`}))`);
}

export interface AttemptReservation {
  /** The failure row written for this attempt; removed again when the password is right. */
  failureId: number | null;
  /** When the attempt is refused: the oldest failure of the limit that was reached. */
  blockedSince: Date | null;
  /** Which limit refused it. */
  blockedBy: SignInBlock;
  /** This attempt's failure, if its password is wrong, is the one that fills the account's limit. */
  fillsAccountLimit: boolean;
}

/**
 * Reserves one password check for an e-mail and address, atomically: under a transaction lock on
 * the e-mail, counts the failures in the window (for this address, and for the account from
 * every address) and, when both are under their limits, records this attempt as a failure before
 * the password is checked. So parallel wrong passwords can never get more checks than the limit;
 * a right password removes its row again (clearAddressFailures). A known browser at a known
 * address is still checked past the account's limit, not past its address's (decideSignInThrottle).
 */
export async function reserveAttempt(
  db: Database,
  input: {
    email: string;
    clientAddress: string;
    since: Date;
    maxPerAddress: number;
    maxPerAccount: number;
    isKnownDevice: boolean;
  },
): Promise<AttemptReservation> {
  const key = toThrottleKey(input.email, input.clientAddress);
  return db.transaction(async (tx) => {
    await lockSignInAccount(tx, input.email);
    const [counts] = await tx
      .select({
        address: sql<number>`count(*) filter (where ${signInFailures.throttleKey} = ${key})::int`,
        addressOldest: sql<Date | null>`min(${signInFailures.failedAt}) filter (where ${signInFailures.throttleKey} = ${key})`,
        account: sql<number>`count(*)::int`,
        accountOldest: sql<Date | null>`min(${signInFailures.failedAt})`,
      })
      .from(signInFailures)
      .where(and(isAccountKey(input.email), gte(signInFailures.failedAt, input.since)));
    const decision = decideSignInThrottle({
      addressFailures: counts?.address ?? 0,
      accountFailures: counts?.account ?? 0,
      maxPerAddress: input.maxPerAddress,
      maxPerAccount: input.maxPerAccount,
      isKnownDevice: input.isKnownDevice,
    });
    if (decision.blockedBy) {
      const oldest = decision.blockedBy === 'address' ? counts?.addressOldest : counts?.accountOldest;
      return {
        failureId: null,
        blockedSince: oldest ? new Date(oldest) : new Date(),
        blockedBy: decision.blockedBy,
        fillsAccountLimit: false,
      };
    }
    // Rows past the window are of no more use; drop this account's while it is locked anyway.
    await tx.delete(signInFailures).where(and(isAccountKey(input.email), lt(signInFailures.failedAt, input.since)));
    const [row] = await tx.insert(signInFailures).values({ throttleKey: key }).returning({ id: signInFailures.id });
    return { failureId: row?.id ?? null, blockedSince: null, blockedBy: null, fillsAccountLimit: decision.fillsAccountLimit };
  });
}

/** After a right password: this address's failures for the e-mail are forgotten (other addresses' stay). */
export async function clearAddressFailures(db: Database, email: string, clientAddress: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.throttleKey, toThrottleKey(email, clientAddress)));
}

/** The unlock link was used: every failure of the account, from every address, is forgotten. */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.delete(signInFailures).where(isAccountKey(email));
}
