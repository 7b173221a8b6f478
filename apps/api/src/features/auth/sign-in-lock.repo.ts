import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { knownSignInDevices, signInUnlockTokens, users, type Database } from '@stockpot/db';
import { lockSignInAccount } from './auth.repo';

interface DeviceKey {
  userId: number;
  deviceHash: string;
  clientAddress: string;
}

/** When this browser last signed in to the account from this address, or null if never. */
export async function findDeviceLastSignIn(db: Database, key: DeviceKey): Promise<Date | null> {
  const [row] = await db
    .select({ lastSignedInAt: knownSignInDevices.lastSignedInAt })
    .from(knownSignInDevices)
    .where(
      and(
        eq(knownSignInDevices.userId, key.userId),
        eq(knownSignInDevices.deviceHash, key.deviceHash),
        eq(knownSignInDevices.clientAddress, key.clientAddress),
      ),
    )
    .limit(1);
  return row ? new Date(row.lastSignedInAt) : null;
}

/** Records a successful sign-in of this browser from this address; the user's stale rows go. */
export async function rememberDevice(db: Database, key: DeviceKey, staleBefore: Date): Promise<void> {
  await db
    .insert(knownSignInDevices)
    .values(key)
    .onConflictDoUpdate({
      target: [knownSignInDevices.userId, knownSignInDevices.deviceHash, knownSignInDevices.clientAddress],
      set: { lastSignedInAt: sql`now()` },
    });
  await db
    .delete(knownSignInDevices)
    .where(and(eq(knownSignInDevices.userId, key.userId), lt(knownSignInDevices.lastSignedInAt, staleBefore)));
}

/**
 * Stores a new unlock token unless one made since `since` is still unused: the owner gets one
 * e-mail per lock window, however often guessing refills the limit. Under the same advisory lock
 * as the sign-in reservation, so two failures filling the limit at once cannot both mail.
 */
export async function insertUnlockTokenOncePerWindow(
  db: Database,
  input: { email: string; userId: number; tokenHash: string; expiresAt: Date; since: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockSignInAccount(tx, input.email);
    const [open] = await tx
      .select({ id: signInUnlockTokens.id })
      .from(signInUnlockTokens)
      .where(
        and(
          eq(signInUnlockTokens.userId, input.userId),
          isNull(signInUnlockTokens.usedAt),
          gte(signInUnlockTokens.createdAt, input.since),
        ),
      )
      .limit(1);
    if (open) return false;
    await tx.insert(signInUnlockTokens).values({ userId: input.userId, tokenHash: input.tokenHash, expiresAt: input.expiresAt });
    return true;
  });
}

/** The token row with its user, locked until the transaction ends: two opens of one link cannot both use it. */
export async function lockUnlockToken(tx: Database, tokenHash: string) {
  const [row] = await tx
    .select({
      userId: signInUnlockTokens.userId,
      expiresAt: signInUnlockTokens.expiresAt,
      usedAt: signInUnlockTokens.usedAt,
      email: users.email,
      isActive: users.isActive,
    })
    .from(signInUnlockTokens)
    .innerJoin(users, eq(users.id, signInUnlockTokens.userId))
    .where(eq(signInUnlockTokens.tokenHash, tokenHash))
    .for('update', { of: signInUnlockTokens })
    .limit(1);
  return row;
}

/** Uses the token and every other open unlock token of the user: the lock they were for is gone. */
export async function markUnlockTokensUsed(tx: Database, userId: number): Promise<void> {
  await tx
    .update(signInUnlockTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(signInUnlockTokens.userId, userId), isNull(signInUnlockTokens.usedAt)));
}
