import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@stockpot/db';
import { getUnlockTokenExpiry, isKnownDevice, KNOWN_DEVICE_DAYS, SIGN_IN_UNLOCK_TTL_MINUTES } from '@stockpot/domain';
import type { Config } from '../../config';
import type { Mailer } from '../../platform/mail/mailer';
import { sendNow } from '../../platform/mail/send-now';
import { createSessionToken, hashSessionToken } from '../../platform/tokens';
import * as repo from './sign-in-lock.repo';

/** A browser as the sign-in throttle sees it: its device cookie, the account and the address. */
export interface SignInDevice {
  userId: number | undefined;
  deviceToken: string | undefined;
  clientAddress: string;
}

/** Whether this browser signed in to the account from this address within KNOWN_DEVICE_DAYS. */
export async function isKnownSignInDevice(db: Database, device: SignInDevice): Promise<boolean> {
  if (device.userId === undefined || !device.deviceToken) return false;
  const lastSignedInAt = await repo.findDeviceLastSignIn(db, {
    userId: device.userId,
    deviceHash: hashSessionToken(device.deviceToken),
    clientAddress: device.clientAddress,
  });
  return isKnownDevice(lastSignedInAt, new Date());
}

/**
 * After a successful sign-in: the browser keeps its device token (one browser may be known to
 * several accounts, a kitchen's shared tablet) or gets a new one, and this address is recorded with it.
 */
export async function rememberSignInDevice(
  db: Database,
  device: Omit<SignInDevice, 'userId'> & { userId: number },
): Promise<string> {
  const deviceToken = device.deviceToken ?? createSessionToken();
  const staleBefore = new Date(Date.now() - KNOWN_DEVICE_DAYS * 86_400_000);
  await repo.rememberDevice(
    db,
    { userId: device.userId, deviceHash: hashSessionToken(deviceToken), clientAddress: device.clientAddress },
    staleBefore,
  );
  return deviceToken;
}

export function describeUnlockMail(firstName: string, link: string, windowMinutes: number): string {
  return [
    `Hello ${firstName},`,
    '',
    `There were many sign-ins to your Stockpot account with a wrong password in the last ${windowMinutes} minutes, so we paused signing in with a password for up to ${windowMinutes} minutes. Browsers you have signed in with before, from the same place, can still sign in.`,
    '',
    'If that was you, open this link to sign in and lift the pause:',
    '',
    link,
    '',
    `The link works once, for ${SIGN_IN_UNLOCK_TTL_MINUTES} minutes. If it was not you, nobody got in; to be safe, choose a new password with "Forgot Password?" on the sign-in page.`,
    '',
    'Stockpot',
  ].join('\n');
}

interface MailContext {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * The failure that filled the per-account limit: mails the owner a one-time unlock link, at most
 * once per lock window (an unused link made since `windowStart` means they have one already). A
 * mail problem is logged and never changes the sign-in's answer.
 */
export async function mailUnlockLink(
  ctx: MailContext,
  user: { id: number; email: string; firstName: string },
  windowStart: Date,
): Promise<void> {
  try {
    const token = createSessionToken();
    const isNew = await repo.insertUnlockTokenOncePerWindow(ctx.db, {
      email: user.email.toLowerCase(),
      userId: user.id,
      tokenHash: hashSessionToken(token),
      expiresAt: getUnlockTokenExpiry(new Date()),
      since: windowStart,
    });
    if (!isNew) return;
    const link = new URL(`/unlock-sign-in/${encodeURIComponent(token)}`, ctx.config.APP_URL).toString();
    await sendNow(ctx.db, ctx.mailer, ctx.log, {
      to: user.email,
      subject: 'Sign-in to your Stockpot account is paused',
      text: describeUnlockMail(user.firstName, link, ctx.config.SIGN_IN_WINDOW_MINUTES),
    });
    ctx.log.warn({ userId: user.id }, 'per-account sign-in limit reached; unlock link mailed to the owner');
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'unlock link not mailed');
  }
}
