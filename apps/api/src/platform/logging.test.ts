import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { REDACTED, redactUrl, serializeError } from './logging';

describe('redactUrl', () => {
  it('hides the card token of a payment-method path and secret-looking query values', () => {
    expect(redactUrl('/api/v1/payment-methods/tok_abc123')).toBe(`/api/v1/payment-methods/${REDACTED}`);
    expect(redactUrl('/api/v1/payment-methods/tok_abc123?x=1')).toBe(`/api/v1/payment-methods/${REDACTED}?x=1`);
    expect(redactUrl('/reset?token=abc&page=2')).toBe(`/reset?token=${REDACTED}&page=2`);
    expect(redactUrl('/api/v1/orders?page=2&limit=24')).toBe('/api/v1/orders?page=2&limit=24');
  });
});

describe('serializeError', () => {
  it('keeps the statement but not its parameters, nor row values of the cause', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_idx"'), {
      code: '23505',
      detail: 'Key (email)=(someone@example.com) already exists.',
    });
    const error = new DrizzleQueryError('insert into "users" ("email") values ($1)', ['someone@example.com'], cause);
    const serialized = serializeError(error);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('someone@example.com');
    expect(serialized.message).toContain('insert into "users"');
    expect(serialized.params).toBe(REDACTED);
    expect(serialized.cause).toMatchObject({ code: '23505', detail: REDACTED });
  });
});
