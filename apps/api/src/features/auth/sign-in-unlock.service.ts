import type { Database } from '@stockpot/db';
import { getResetTokenState, getUnlockTokenProblemText } from '@stockpot/domain';
import type { Config } from '../../config';
import { badRequest } from '../../platform/errors';
import { hashSessionToken } from '../../platform/tokens';
import * as authRepo from './auth.repo';
import { openSession, type SignInResult } from './auth.service';
import { rememberSignInDevice } from './sign-in-lock.service';
import * as repo from './sign-in-lock.repo';

const TOKEN_CODES = { used: 'unlock_token_used', expired: 'unlock_token_expired', unknown: 'invalid_unlock_token' } as const;

interface UnlockInput {
  token: string;
  clientAddress: string;
  userAgent: string;
  deviceToken: string | undefined;
}

/**
 * POST authenticate/unlock (issue 33, defect 6): the link mailed when the per-account limit filled.
 * One transaction uses the token (and the user's other open ones) and forgets every failure of the
 * account; then a session opens and this browser becomes known, as after a password sign-in.
 */
export async function unlockSignIn(db: Database, config: Config, input: UnlockInput): Promise<SignInResult> {
  const userId = await db.transaction(async (tx) => {
    const row = await repo.lockUnlockToken(tx, hashSessionToken(input.token));
    // The same rule as a reset link: it works once, before it expires.
    const state = row ? getResetTokenState({ expiresAt: new Date(row.expiresAt), usedAt: row.usedAt }, new Date()) : 'unknown';
    if (!row || !row.isActive || state !== 'usable') {
      const problem = !row || state === 'usable' ? 'unknown' : state;
      throw badRequest(getUnlockTokenProblemText(problem), TOKEN_CODES[problem]);
    }
    await repo.markUnlockTokensUsed(tx, row.userId);
    await authRepo.clearAccountFailures(tx, row.email.toLowerCase());
    return row.userId;
  });
  const user = await authRepo.findUserById(db, userId);
  if (!user) throw badRequest(getUnlockTokenProblemText('unknown'), TOKEN_CODES.unknown);
  const deviceToken = await rememberSignInDevice(db, {
    userId,
    deviceToken: input.deviceToken,
    clientAddress: input.clientAddress,
  });
  return { user: await openSession(db, config, user, input.userAgent), deviceToken };
}
