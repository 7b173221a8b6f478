import { z } from 'zod';

/**
 * Issue 33, defect 6: the per-account sign-in limit stops guessing spread over many addresses, but
 * must not lock out the owner. A browser that signed in to the account before, from the same
 * address, still passes it with the right password; the owner is mailed a one-time unlock link.
 * docs/decisions.md "Sign-in lock: known browsers and the unlock link".
 */

/** How long a browser stays known after its last successful sign-in (the cookie lives as long). */
export const KNOWN_DEVICE_DAYS = 90;
/** How long the unlock link mailed to the owner works. */
export const SIGN_IN_UNLOCK_TTL_MINUTES = 30;
/** The httpOnly cookie naming this browser to POST authenticate. */
export const DEVICE_COOKIE_NAME = 'stockpot_device';

export const SIGN_IN_UNLOCKED_TEXT = 'Your account is unlocked and you are signed in.';
export const UNLOCK_TOKEN_INVALID_TEXT =
  'This unlock link is not valid. Sign in with your password, or wait a few minutes and try again.';
export const UNLOCK_TOKEN_USED_TEXT =
  'This unlock link has already been used. Sign in with your password, or use the newest link we e-mailed you.';
export const UNLOCK_TOKEN_EXPIRED_TEXT =
  'This unlock link has expired. Wait a few minutes and sign in with your password, or reset your password.';

/** A device token as this server makes them: 256 random bits in base64url (43 characters). */
export const deviceTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** POST authenticate/unlock body: the token of the unlock link. */
export const unlockSignInRequestSchema = z.object({
  token: z.string({ error: 'Token is required.' }).trim().min(1, 'Token is required.').max(200, UNLOCK_TOKEN_INVALID_TEXT),
});
export type UnlockSignInRequest = z.input<typeof unlockSignInRequestSchema>;

export type SignInBlock = 'address' | 'account' | null;

export interface SignInThrottleInput {
  /** Failures in the window for this e-mail from this address. */
  addressFailures: number;
  /** Failures in the window for this e-mail from every address. */
  accountFailures: number;
  maxPerAddress: number;
  maxPerAccount: number;
  /** This browser signed in to the account before, from this address (isKnownDevice). */
  isKnownDevice: boolean;
}

export interface SignInThrottleDecision {
  /** Which limit refuses the attempt, if any. */
  blockedBy: SignInBlock;
  /** Whether this attempt, if its password is wrong, is the failure that fills the account's limit. */
  fillsAccountLimit: boolean;
}

/**
 * Security hardening "Sign-in limits" with issue 33 defect 6: the per-address limit holds for
 * everyone; past the per-account limit only a known browser at a known address is still checked.
 */
export function decideSignInThrottle(input: SignInThrottleInput): SignInThrottleDecision {
  if (input.addressFailures >= input.maxPerAddress) return { blockedBy: 'address', fillsAccountLimit: false };
  const isAccountFull = input.accountFailures >= input.maxPerAccount;
  if (isAccountFull && !input.isKnownDevice) return { blockedBy: 'account', fillsAccountLimit: false };
  return { blockedBy: null, fillsAccountLimit: input.accountFailures + 1 === input.maxPerAccount };
}

/**
 * The 429 text of a refused sign-in. Past the account's limit it points to the mailed link: said
 * for every e-mail alike, so it tells no one whether an account exists.
 */
export function getTooManyAttemptsText(blockedBy: SignInBlock, minutes: number): string {
  const wait = `Too many failed sign-in attempts. Please wait ${minutes} minute(s) and try again.`;
  if (blockedBy !== 'account') return wait;
  return `${wait} If this is your account, we have e-mailed you a link that signs you in now.`;
}

/** A browser is known while its last successful sign-in from this address is under KNOWN_DEVICE_DAYS old. */
export function isKnownDevice(lastSignedInAt: Date | null, now: Date): boolean {
  if (!lastSignedInAt) return false;
  return now.getTime() - lastSignedInAt.getTime() < KNOWN_DEVICE_DAYS * 86_400_000;
}

/** When an unlock link made at `issuedAt` stops working. */
export function getUnlockTokenExpiry(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + SIGN_IN_UNLOCK_TTL_MINUTES * 60_000);
}

/** The message a refused unlock token answers with. */
export function getUnlockTokenProblemText(state: 'used' | 'expired' | 'unknown'): string {
  if (state === 'used') return UNLOCK_TOKEN_USED_TEXT;
  if (state === 'expired') return UNLOCK_TOKEN_EXPIRED_TEXT;
  return UNLOCK_TOKEN_INVALID_TEXT;
}
