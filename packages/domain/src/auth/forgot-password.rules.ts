import { emailSchema } from './auth.schema';

export const FORGOT_PASSWORD_INVALID_EMAIL_TEXT = 'Please enter a correct email.';

/** Forgot-password e-mail check (doc 3 §5, §8): a valid e-mail, otherwise 'Please enter a correct email.'. */
export function validateForgotPasswordEmail(email: string): string | null {
  return emailSchema.safeParse(email).success ? null : FORGOT_PASSWORD_INVALID_EMAIL_TEXT;
}
