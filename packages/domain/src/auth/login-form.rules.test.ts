import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema } from './auth.schema';
import { EMAIL_PATTERN, isValidLoginEmail, validateLoginForm } from './login-form.rules';

describe('login form rules', () => {
  it('requires an e-mail and a password', () => {
    expect(validateLoginForm({ email: '', password: '' })).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    });
    expect(validateLoginForm({ email: '   ', password: 'x' })).toEqual({ email: 'Email is required.' });
  });

  it('refuses an e-mail that is not valid', () => {
    expect(validateLoginForm({ email: 'owner@', password: 'x' })).toEqual({ email: 'Email is not a valid email address.' });
  });

  it('refuses an e-mail longer than 254 characters with the same message', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(185)}.test`;
    expect(long).toHaveLength(255);
    expect(validateLoginForm({ email: long, password: 'x' })).toEqual({ email: 'Email is not a valid email address.' });
    expect(validateLoginForm({ email: long.slice(1), password: 'x' })).toEqual({});
  });

  it('accepts a valid pair, trimming the e-mail', () => {
    expect(validateLoginForm({ email: '  owner@demo.test ', password: 'demo1234' })).toEqual({});
  });
});

describe('the e-mail check without zod', () => {
  it("is zod's default e-mail pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  // The form must never accept what the API refuses, nor refuse what it accepts.
  it('agrees with the API schema on any input', () => {
    const part = fc.stringMatching(/^[A-Za-z0-9_'+.\- ]{0,12}$/);
    const shaped = fc
      .tuple(part, fc.constantFrom('@', '@@', ''), part, fc.constantFrom('.co', '.test', '.c', '', '.'))
      .map(([local, at, domain, tld]) => `${local}${at}${domain}${tld}`);
    // Mostly well-formed addresses with the edges the pattern cares about (dots, dashes, quotes, spaces).
    const likely = fc
      .tuple(
        fc.constantFrom('', ' ', '.'),
        fc.stringMatching(/^[A-Za-z0-9_'+-]{1,6}(\.[A-Za-z0-9_'+-]{1,4})?$/),
        fc.stringMatching(/^[A-Za-z0-9-]{1,6}$/),
        fc.stringMatching(/^[A-Za-z]{1,4}$/),
        fc.constantFrom('', ' ', '\t', '-'),
      )
      .map(([before, local, domain, tld, after]) => `${before}${local}@${domain}.${tld}${after}`);
    const verdicts = { valid: 0, invalid: 0 };
    fc.assert(
      fc.property(fc.oneof(likely, shaped, fc.string(), fc.emailAddress()), (value) => {
        const isValid = emailSchema.safeParse(value).success;
        expect(isValidLoginEmail(value)).toBe(isValid);
        verdicts[isValid ? 'valid' : 'invalid'] += 1;
      }),
      { numRuns: 3000 },
    );
    // Both sides of the rule were exercised, not only refusals.
    expect(verdicts.valid).toBeGreaterThan(100);
    expect(verdicts.invalid).toBeGreaterThan(100);
  });
});
