import { describe, expect, it } from 'vitest';
import { createPaymentProvider } from './index';
import { createTestGateway } from './test-gateway';

const NOW = new Date('2026-11-02T12:00:00Z');
const gateway = createTestGateway({ secret: 'unit-test-secret-0123456789', now: () => NOW });

const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  address_line1: '140 Atlantic Avenue',
  address_city: 'Boston',
  address_state: 'MA',
  address_zip: '02110',
  ...extra,
});

function tokenFor(number: string, extra: Record<string, unknown> = {}): string {
  const result = gateway.tokenize(card(number, extra), NOW);
  if (!result.ok) throw new Error(result.error.message);
  return result.token.id;
}

const authorizeRequest = (token: string, idempotencyKey = 'order-1') => ({
  token,
  amountCents: 12_345,
  currency: 'usd',
  idempotencyKey,
  description: 'Harbor Grill order',
});

describe('test gateway tokens', () => {
  it('tokenises a card into a token that carries no number and describes it back', async () => {
    const result = gateway.tokenize(card('4242 4242 4242 4242'), NOW);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { id, card: summary } = result.token;
    expect(id).toMatch(/^tok_test_[\w-]{22}\.[\w-]{22}$/);
    expect(summary).toMatchObject({ brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    expect(summary.id).toMatch(/^card_test_/);
    // Short enough for a URL, and neither the token nor what it decodes to holds the number or the CVC.
    expect(id.length).toBeLessThanOrEqual(60);
    const decoded = Buffer.from(id.slice('tok_test_'.length, id.lastIndexOf('.')), 'base64url');
    expect(decoded).toHaveLength(16);
    for (const text of [id, decoded.toString('latin1'), decoded.toString('hex')]) expect(text).not.toContain('4242424242424242');
    expect(await gateway.describeToken(id)).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
  });

  it('makes a new token each time, even for the same card', () => {
    expect(tokenFor('4242424242424242')).not.toBe(tokenFor('4242424242424242'));
  });

  it('reads two-digit years and digit strings as providers do', async () => {
    const token = tokenFor('378282246310005', { exp_month: '01', exp_year: '31', cvc: '1234' });
    expect(await gateway.describeToken(token)).toEqual({ brand: 'amex', last4: '0005', expMonth: 1, expYear: 2031 });
  });

  it("refuses bad cards with the provider's own words", () => {
    const refuse = (number: string, extra: Record<string, unknown> = {}) => {
      const result = gateway.tokenize(card(number, extra), NOW);
      return result.ok ? null : { status: result.status, ...result.error };
    };
    expect(refuse('4242 4242 4242 4241')).toEqual({
      status: 402,
      type: 'card_error',
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
      param: 'number',
    });
    expect(refuse('4242')?.message).toBe('Your card number is incomplete.');
    expect(refuse('4242424242424242', { exp_month: undefined })?.message).toBe("Your card's expiration date is incomplete.");
    expect(refuse('4242424242424242', { exp_month: 13 })?.message).toBe("Your card's expiration month is invalid.");
    expect(refuse('4242424242424242', { exp_month: 10, exp_year: 2026 })?.message).toBe(
      "Your card's expiration date is in the past.",
    );
    expect(refuse('4242424242424242', { cvc: '12' })?.message).toBe("Your card's security code is incomplete.");
    expect(refuse('378282246310005', { cvc: '123' })?.message).toBe("Your card's security code is incomplete.");
  });

  it('refuses a forged or tampered token', async () => {
    const token = tokenFor('4000000000000002');
    const [body, signature] = token.split('.');
    const payload = Buffer.from(body.slice('tok_test_'.length), 'base64url');
    payload.writeUInt8(0, 6); // the outcome byte: "approve"
    expect(await gateway.describeToken(`tok_test_${payload.toString('base64url')}.${signature}`)).toBeNull();
    const changedLast = signature.endsWith('A') ? 'B' : 'A';
    expect(await gateway.describeToken(`${body}.${signature.slice(0, -1)}${changedLast}`)).toBeNull();
    expect(await gateway.describeToken('tok_test_forged')).toBeNull();
    expect(await gateway.describeToken('')).toBeNull();
    const otherSecret = createTestGateway({ secret: 'another-secret-0123456789', now: () => NOW });
    expect(await otherSecret.describeToken(token)).toBeNull();
  });
});

describe('test gateway authorize', () => {
  it('approves 4242 with the same authorisation for the same idempotency key', async () => {
    const token = tokenFor('4242424242424242');
    const first = await gateway.authorize(authorizeRequest(token));
    expect(first).toEqual({ approved: true, authorizationId: expect.stringMatching(/^auth_test_[\w-]{24}$/) });
    expect(await gateway.authorize(authorizeRequest(token))).toEqual(first);
    expect(await gateway.authorize(authorizeRequest(token, 'order-2'))).not.toEqual(first);
  });

  it('declines the test decline numbers', async () => {
    expect(await gateway.authorize(authorizeRequest(tokenFor('4000 0000 0000 0002')))).toEqual({
      approved: false,
      declineCode: 'card_declined',
      declineReason: 'Your card was declined.',
    });
    expect(await gateway.authorize(authorizeRequest(tokenFor('4000000000009995')))).toMatchObject({
      approved: false,
      declineReason: 'Your card has insufficient funds.',
    });
    expect(await gateway.authorize(authorizeRequest('tok_test_forged.x'))).toMatchObject({
      approved: false,
      declineCode: 'invalid_token',
    });
  });

  it('declines a card that has expired since it was saved', async () => {
    const token = tokenFor('4242424242424242', { exp_month: 11, exp_year: 2026 });
    const later = createTestGateway({ secret: 'unit-test-secret-0123456789', now: () => new Date('2026-12-01T00:00:00Z') });
    expect(await later.authorize(authorizeRequest(token))).toMatchObject({ approved: false, declineCode: 'expired_card' });
  });

  it('refuses amounts that are not whole positive cents', async () => {
    const token = tokenFor('4242424242424242');
    await expect(gateway.authorize({ ...authorizeRequest(token), amountCents: 12.5 })).rejects.toThrow(RangeError);
    await expect(gateway.authorize({ ...authorizeRequest(token), amountCents: 0 })).rejects.toThrow(RangeError);
    await expect(gateway.authorize({ ...authorizeRequest(token), currency: 'USD' })).rejects.toThrow(RangeError);
  });
});

describe('provider factory', () => {
  it('builds the test gateway from config, with its browser endpoint', () => {
    const provider = createPaymentProvider({ PAYMENT_GATEWAY: 'test', PAYMENT_GATEWAY_SECRET: 'unit-test-secret-0123456789' });
    expect(provider.gateway.name).toBe('test');
    expect(provider.browserRoutes?.prefix).toBe('/payment-gateway/test');
  });
});
