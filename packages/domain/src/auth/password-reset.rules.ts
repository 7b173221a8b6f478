import { z } from 'zod';
import { emailSchema } from './auth.schema';

/** How long a reset link works (doc 3 leaves it open; docs/decisions.md "Account access"). */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** The shortest password a person may choose (doc 3 §5 sign-up: password at least 6). */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;
/** The forgot-password modal closes itself after this long (doc 3 §9). */
export const FORGOT_PASSWORD_CLOSE_MS = 5000;

/** Forgot-password success text (doc 3 §8), spelled as the spec spells it. */
export const PASSWORD_RESET_REQUESTED_TEXT = "You'll recieve an email shortly with instructions on how to reset your password.";
export const PASSWORD_RESET_DONE_TEXT = 'Your password has been reset. Please sign in with your new password.';
export const RESET_TOKEN_INVALID_TEXT = 'This password reset link is not valid. Please request a new one.';
export const RESET_TOKEN_USED_TEXT = 'This password reset link has already been used. Please request a new one.';
export const RESET_TOKEN_EXPIRED_TEXT = 'This password reset link has expired. Please request a new one.';

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(MIN_PASSWORD_LENGTH, `Password is too short (minimum is ${MIN_PASSWORD_LENGTH} characters).`)
  .max(MAX_PASSWORD_LENGTH, 'Password is too long.');

/** POST users/request-password-reset body (doc 3 §7). */
export const requestPasswordResetSchema = z.object({ email: emailSchema });
export type RequestPasswordResetRequest = z.input<typeof requestPasswordResetSchema>;

/** POST users/reset-password: token as a query parameter (doc 3 §7). */
export const resetPasswordQuerySchema = z.object({
  token: z.string({ error: 'Token is required.' }).trim().min(1, 'Token is required.').max(200, RESET_TOKEN_INVALID_TEXT),
});

/** POST users/reset-password body: password and password_repeat, which must match (doc 3 §5). */
export const resetPasswordBodySchema = z
  .object({
    password: passwordSchema,
    password_repeat: z.string({ error: 'Confirm password is required.' }).min(1, 'Confirm password is required.'),
  })
  .refine((body) => body.password === body.password_repeat, {
    path: ['password_repeat'],
    message: 'Passwords do not match.',
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export type ResetTokenState = 'usable' | 'used' | 'expired';

/** A reset token works once, before it expires (doc 3 §2.1 /change-password/{token}). */
export function getResetTokenState(token: { expiresAt: Date; usedAt: Date | null }, now: Date): ResetTokenState {
  if (token.usedAt) return 'used';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'usable';
}

/** The message a refused token answers with. */
export function getResetTokenProblemText(state: Exclude<ResetTokenState, 'usable'> | 'unknown'): string {
  if (state === 'used') return RESET_TOKEN_USED_TEXT;
  if (state === 'expired') return RESET_TOKEN_EXPIRED_TEXT;
  return RESET_TOKEN_INVALID_TEXT;
}

/** When a reset token made at `issuedAt` stops working. */
export function getResetTokenExpiry(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
}

export interface ResetPasswordFormErrors {
  token?: string;
  password?: string;
  confirmPassword?: string;
}

/** Reset password form (doc 3 §5): token, password and confirmPassword required; confirmPassword equals password. */
export function validateResetPasswordForm(values: {
  token: string;
  password: string;
  confirmPassword: string;
}): ResetPasswordFormErrors {
  const errors: ResetPasswordFormErrors = {};
  if (!values.token.trim()) errors.token = 'Token is required.';
  const password = passwordSchema.safeParse(values.password);
  if (!password.success) errors.password = password.error.issues[0]?.message;
  if (!values.confirmPassword) errors.confirmPassword = 'Confirm password is required.';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'Passwords do not match.';
  return errors;
}
