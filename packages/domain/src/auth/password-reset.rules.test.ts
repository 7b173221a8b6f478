import { describe, expect, it } from 'vitest';
import {
  getResetTokenExpiry,
  getResetTokenProblemText,
  getResetTokenState,
  PASSWORD_RESET_TTL_MINUTES,
  resetPasswordBodySchema,
  validateResetPasswordForm,
} from './password-reset.rules';

const now = new Date('2026-11-02T12:00:00Z');

describe('reset token state', () => {
  it('is usable before it expires and not yet used', () => {
    expect(getResetTokenState({ expiresAt: new Date(now.getTime() + 1000), usedAt: null }, now)).toBe('usable');
  });
  it('is expired at and after the expiry instant', () => {
    expect(getResetTokenState({ expiresAt: now, usedAt: null }, now)).toBe('expired');
    expect(getResetTokenState({ expiresAt: new Date(now.getTime() - 1), usedAt: null }, now)).toBe('expired');
  });
  it('is used once used, even before its expiry', () => {
    expect(getResetTokenState({ expiresAt: new Date(now.getTime() + 60_000), usedAt: now }, now)).toBe('used');
  });
  it('expires the configured minutes after issue', () => {
    expect(getResetTokenExpiry(now).getTime() - now.getTime()).toBe(PASSWORD_RESET_TTL_MINUTES * 60_000);
  });
  it('names each refusal differently', () => {
    const texts = new Set(['used', 'expired', 'unknown'].map((s) => getResetTokenProblemText(s as 'used')));
    expect(texts.size).toBe(3);
  });
});

describe('reset password form (doc 3 §5)', () => {
  it('requires every field', () => {
    expect(validateResetPasswordForm({ token: '', password: '', confirmPassword: '' })).toEqual({
      token: 'Token is required.',
      password: 'Password is required.',
      confirmPassword: 'Confirm password is required.',
    });
  });
  it('needs the confirmation to equal the password, and 6 characters', () => {
    expect(validateResetPasswordForm({ token: 't', password: 'abc', confirmPassword: 'abc' }).password).toMatch(/minimum is 6/);
    expect(validateResetPasswordForm({ token: 't', password: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
    expect(validateResetPasswordForm({ token: 't', password: 'abcdef', confirmPassword: 'abcdef' })).toEqual({});
  });
  it('gives the API the same rules', () => {
    const result = resetPasswordBodySchema.safeParse({ password: 'abcdef', password_repeat: 'abcdeg' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['password_repeat']);
  });
});
