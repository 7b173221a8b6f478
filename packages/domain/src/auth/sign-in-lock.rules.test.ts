import { describe, expect, it } from 'vitest';
import {
  decideSignInThrottle,
  deviceTokenSchema,
  getUnlockTokenExpiry,
  getTooManyAttemptsText,
  getUnlockTokenProblemText,
  isKnownDevice,
  KNOWN_DEVICE_DAYS,
  SIGN_IN_UNLOCK_TTL_MINUTES,
  UNLOCK_TOKEN_EXPIRED_TEXT,
  UNLOCK_TOKEN_INVALID_TEXT,
  UNLOCK_TOKEN_USED_TEXT,
  unlockSignInRequestSchema,
} from './sign-in-lock.rules';

const limits = { maxPerAddress: 5, maxPerAccount: 20 };
const now = new Date('2026-11-25T12:00:00Z');

describe('decideSignInThrottle', () => {
  it('checks the password under both limits', () => {
    expect(decideSignInThrottle({ ...limits, addressFailures: 4, accountFailures: 10, isKnownDevice: false })).toEqual({
      blockedBy: null,
      fillsAccountLimit: false,
    });
  });

  it('refuses everyone at the per-address limit, a known browser too', () => {
    for (const isKnown of [false, true]) {
      expect(decideSignInThrottle({ ...limits, addressFailures: 5, accountFailures: 5, isKnownDevice: isKnown }).blockedBy).toBe(
        'address',
      );
    }
  });

  it('refuses an unknown browser past the per-account limit and lets a known one be checked', () => {
    expect(decideSignInThrottle({ ...limits, addressFailures: 0, accountFailures: 20, isKnownDevice: false }).blockedBy).toBe(
      'account',
    );
    expect(decideSignInThrottle({ ...limits, addressFailures: 0, accountFailures: 25, isKnownDevice: true })).toEqual({
      blockedBy: null,
      fillsAccountLimit: false,
    });
  });

  it('marks only the attempt whose failure fills the account limit', () => {
    const fills = Array.from(
      { length: 22 },
      (_, accountFailures) =>
        decideSignInThrottle({ ...limits, addressFailures: 0, accountFailures, isKnownDevice: true }).fillsAccountLimit,
    );
    expect(fills.filter(Boolean)).toHaveLength(1);
    expect(fills[19]).toBe(true);
  });
});

describe('getTooManyAttemptsText', () => {
  it('asks to wait, and past the account limit points to the mailed link', () => {
    expect(getTooManyAttemptsText('address', 3)).toBe('Too many failed sign-in attempts. Please wait 3 minute(s) and try again.');
    expect(getTooManyAttemptsText('account', 15)).toMatch(
      /^Too many failed sign-in attempts\. Please wait 15 minute\(s\).*e-mailed you a link/,
    );
  });
});

describe('isKnownDevice', () => {
  it('is known for KNOWN_DEVICE_DAYS after the last sign-in, then not', () => {
    const day = 86_400_000;
    expect(isKnownDevice(null, now)).toBe(false);
    expect(isKnownDevice(new Date(now.getTime() - day), now)).toBe(true);
    expect(isKnownDevice(new Date(now.getTime() - KNOWN_DEVICE_DAYS * day + 1000), now)).toBe(true);
    expect(isKnownDevice(new Date(now.getTime() - KNOWN_DEVICE_DAYS * day), now)).toBe(false);
  });
});

describe('unlock link', () => {
  it(`expires ${SIGN_IN_UNLOCK_TTL_MINUTES} minutes after it is made`, () => {
    expect(getUnlockTokenExpiry(now).getTime() - now.getTime()).toBe(SIGN_IN_UNLOCK_TTL_MINUTES * 60_000);
  });

  it('names each problem in words a person can act on', () => {
    expect(getUnlockTokenProblemText('used')).toBe(UNLOCK_TOKEN_USED_TEXT);
    expect(getUnlockTokenProblemText('expired')).toBe(UNLOCK_TOKEN_EXPIRED_TEXT);
    expect(getUnlockTokenProblemText('unknown')).toBe(UNLOCK_TOKEN_INVALID_TEXT);
  });

  it('validates the request body and the device cookie', () => {
    expect(unlockSignInRequestSchema.safeParse({ token: ' abc ' }).data).toEqual({ token: 'abc' });
    expect(unlockSignInRequestSchema.safeParse({ token: '' }).success).toBe(false);
    expect(unlockSignInRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('Token is required.');
    expect(unlockSignInRequestSchema.safeParse({ token: 'x'.repeat(201) }).success).toBe(false);
    expect(deviceTokenSchema.safeParse('A'.repeat(43)).success).toBe(true);
    expect(deviceTokenSchema.safeParse('A'.repeat(42)).success).toBe(false);
    expect(deviceTokenSchema.safeParse('A'.repeat(42) + ';').success).toBe(false);
  });
});
