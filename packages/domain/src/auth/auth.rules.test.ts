import { describe, expect, it } from 'vitest';
import { authenticateRequestSchema, validateLoginForm } from './auth.schema';

describe('login form rules', () => {
  it('requires an e-mail and a password', () => {
    expect(validateLoginForm({ email: '', password: '' })).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    });
  });

  it('refuses an e-mail that is not valid', () => {
    expect(validateLoginForm({ email: 'owner@', password: 'x' })).toEqual({ email: 'Email is not a valid email address.' });
  });

  it('accepts a valid pair, trimming the e-mail', () => {
    expect(validateLoginForm({ email: '  owner@demo.test ', password: 'demo1234' })).toEqual({});
  });
});

describe('authenticate request', () => {
  it('accepts company_id as the string the client sends', () => {
    const parsed = authenticateRequestSchema.parse({ email: 'a@b.co', password: 'p', company_id: '1', secret: 's' });
    expect(parsed.company_id).toBe('1');
  });

  it('names the missing fields', () => {
    const result = authenticateRequestSchema.safeParse({ email: 'a@b.co', company_id: 1 });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['password', 'secret']));
  });
});
