import { hash } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@stockpot/db';
import {
  getResetTokenExpiry,
  getResetTokenProblemText,
  getResetTokenState,
  PASSWORD_RESET_DONE_TEXT,
  PASSWORD_RESET_REQUESTED_TEXT,
  PASSWORD_RESET_TTL_MINUTES,
} from '@stockpot/domain';
import { badRequest } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { sendNow } from '../../platform/mail/send-now';
import { createSessionToken, hashSessionToken } from '../../platform/tokens';
import * as repo from './password-reset.repo';

export interface PasswordResetContext {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
}

export function describeResetMail(firstName: string, link: string): string {
  return [
    `Hello ${firstName},`,
    '',
    'Someone asked to reset the password of your Stockpot account. To choose a new password, open this link:',
    '',
    link,
    '',
    `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    '',
    'Stockpot',
  ].join('\n');
}

/**
 * POST users/request-password-reset: mails a single-use link to the account's address. An unknown
 * e-mail answers the same text, so the form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(ctx: PasswordResetContext, email: string): Promise<{ message: string }> {
  const user = await repo.findActiveUserByEmail(ctx.db, email);
  if (!user) {
    ctx.log.info('password reset asked for an unknown or inactive e-mail');
    return { message: PASSWORD_RESET_REQUESTED_TEXT };
  }
  const token = createSessionToken();
  await repo.insertResetToken(ctx.db, {
    userId: user.id,
    tokenHash: hashSessionToken(token),
    expiresAt: getResetTokenExpiry(new Date()),
  });
  const link = new URL(`/change-password/${encodeURIComponent(token)}`, ctx.appUrl).toString();
  await sendNow(ctx.db, ctx.mailer, ctx.log, {
    to: user.email,
    subject: 'Reset your Stockpot password',
    text: describeResetMail(user.firstName, link),
  });
  return { message: PASSWORD_RESET_REQUESTED_TEXT };
}

const TOKEN_CODES = { used: 'reset_token_used', expired: 'reset_token_expired', unknown: 'invalid_reset_token' } as const;

/** POST users/reset-password: one transaction sets the password, uses the token and ends the old sessions. */
export async function resetPassword(db: Database, token: string, password: string): Promise<{ message: string }> {
  const passwordHash = await hash(password);
  return db.transaction(async (tx) => {
    const row = await repo.lockResetToken(tx, hashSessionToken(token));
    const state = row ? getResetTokenState({ expiresAt: new Date(row.expiresAt), usedAt: row.usedAt }, new Date()) : 'unknown';
    if (!row || state !== 'usable') {
      const problem = state === 'usable' ? 'unknown' : state;
      throw badRequest(getResetTokenProblemText(problem), TOKEN_CODES[problem]);
    }
    await repo.setPasswordHash(tx, row.userId, passwordHash);
    await repo.markTokensUsed(tx, row.userId);
    await repo.revokeUserSessions(tx, row.userId);
    return { message: PASSWORD_RESET_DONE_TEXT };
  });
}
