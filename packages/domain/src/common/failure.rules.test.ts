import { describe, expect, it } from 'vitest';
import { getFailureText, SOMETHING_WENT_WRONG_TEXT } from './failure.rules';

describe('failure text', () => {
  it("shows the server's message for a 400", () => {
    expect(getFailureText(400, 'Incorrect email or password.')).toBe('Incorrect email or password.');
  });

  it('falls back for other statuses, network failures and empty messages', () => {
    expect(getFailureText(500, 'boom')).toBe(SOMETHING_WENT_WRONG_TEXT);
    expect(getFailureText(0, undefined)).toBe('Something went wrong.');
    expect(getFailureText(400, '  ')).toBe(SOMETHING_WENT_WRONG_TEXT);
  });

  it('shows the message for the extra statuses a caller names', () => {
    expect(getFailureText(429, 'Too many failed sign-in attempts.', [400, 429])).toBe('Too many failed sign-in attempts.');
    expect(getFailureText(429, 'Too many failed sign-in attempts.')).toBe(SOMETHING_WENT_WRONG_TEXT);
  });
});
