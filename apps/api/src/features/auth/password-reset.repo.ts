import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens, sessions, users, type Database } from '@stockpot/db';

export async function findActiveUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row?.isActive ? row : undefined;
}

export async function insertResetToken(
  db: Database,
  values: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** The token row, locked until the transaction ends: two submits of one link cannot both use it. */
export async function lockResetToken(tx: Database, tokenHash: string) {
  const [row] = await tx
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return row;
}

/** Uses the token and every other open token of the user: only the newest e-mail ever counts once. */
export async function markTokensUsed(tx: Database, userId: number): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function setPasswordHash(tx: Database, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** A new password ends every open session of the account (someone else may have had the old one). */
export async function revokeUserSessions(tx: Database, userId: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
