import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './api.schema';
import { API_ERROR_CODES, getFrameworkErrorCode, isApiErrorCode, parseApiErrorCode } from './error-codes';

describe('API error codes', () => {
  it('are one list of distinct snake_case codes', () => {
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
    for (const code of API_ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('parse back from an answer: a known code stays, anything else is http_error', () => {
    expect(parseApiErrorCode('cart_disabled')).toBe('cart_disabled');
    expect(parseApiErrorCode('fst_err_ctp_invalid_media_type')).toBe('http_error');
    expect(parseApiErrorCode(undefined)).toBe('http_error');
    expect(isApiErrorCode(42)).toBe(false);
  });

  it('give the framework’s own failures a code of the list', () => {
    expect(getFrameworkErrorCode(429)).toBe('rate_limited');
    expect(getFrameworkErrorCode(413)).toBe('payload_too_large');
    expect(getFrameworkErrorCode(400)).toBe('bad_request');
  });

  it('are what the error body schema accepts', () => {
    expect(apiErrorSchema.safeParse({ message: 'x', code: 'out_of_stock' }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ message: 'x', code: 'made_up' }).success).toBe(false);
  });
});
