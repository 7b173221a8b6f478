// No zod here on purpose: the login form is the first screen a phone loads, and importing the
// schemas would put zod (24 KB gzip) on it (issue 38). `emailSchema` uses the same pattern and
// length, so the form and the API agree on what an e-mail is.

/** zod 4's default `z.email()` pattern ("practical email validation"), which the API has always used. */
export const EMAIL_PATTERN =
  // Character for character as zod writes it (escapes included): the test compares the two sources.
  // eslint-disable-next-line no-useless-escape
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/** The longest address a mailbox can have (RFC 5321's 254-character path). */
export const EMAIL_MAX_LENGTH = 254;

/** Whether a typed e-mail is valid once trimmed: present, at most 254 characters, and matching the pattern. */
export function isValidLoginEmail(value: string): boolean {
  const email = value.trim();
  return email.length > 0 && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** Login form rules (doc 3 §5 "Login"): e-mail required and valid, password required. */
export function validateLoginForm(values: { email: string; password: string }): { email?: string; password?: string } {
  const errors: { email?: string; password?: string } = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Email is required.';
  else if (!isValidLoginEmail(email)) errors.email = 'Email is not a valid email address.';
  if (!values.password) errors.password = 'Password is required.';
  return errors;
}
