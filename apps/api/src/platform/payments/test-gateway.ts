import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CARD_NOT_VERIFIED,
  cardBrandLabels,
  detectCardBrand,
  getCardLast4,
  getFirstCardError,
  isCardExpired,
  normalizeCardNumber,
  normalizeExpiryYear,
  type CardBrand,
  type CardToken,
  type CardTokenRequest,
  type GatewayError,
  type YearMonth,
} from '@stockpot/domain';
import type { AuthorizeRequest, AuthorizeResult, CardDescription, PaymentGateway } from './payment-gateway';

/**
 * A gateway that behaves like a real provider's test mode, without a provider: the browser
 * tokenises a card at /payment-gateway/test/tokens, and authorize() approves or declines by the
 * well-known test numbers. It is stateless: a token is an HMAC-signed description of the card
 * (brand, last 4, expiry, test outcome and a nonce), so any process with the same secret can read it,
 * and none can make one up. The card number and CVC are used for the checks and then dropped.
 */

export const TEST_GATEWAY_NAME = 'test';
const TOKEN_PREFIX = 'tok_test_';
const CARD_ID_PREFIX = 'card_test_';
const AUTHORIZATION_PREFIX = 'auth_test_';

// Both lists are coded into tokens by position: append only.
const testOutcomes = ['approve', 'card_declined', 'insufficient_funds', 'expired_card'] as const;
const tokenBrands: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'];
type TestOutcome = (typeof testOutcomes)[number];

/** Numbers that tokenise but are refused on authorize(), as providers' test modes document them. */
export const TEST_CARD_OUTCOMES: Readonly<Record<string, TestOutcome>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
};

const DECLINE_REASONS: Record<Exclude<TestOutcome, 'approve'>, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
};

/** What a token carries. */
interface TokenPayload {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: TestOutcome;
  /** Random, so every tokenisation is a new token; also the card id's tail. */
  nonce: Buffer;
}

/**
 * Tokens travel in URLs (payment-methods/{token}), so they are packed short: 16 bytes of payload
 * (version, brand, last 4, month, year, outcome, 9-byte nonce) and a 128-bit HMAC-SHA256 tag,
 * 54 characters in all.
 */
const TOKEN_VERSION = 1;
const PAYLOAD_BYTES = 16;
const NONCE_BYTES = 9;
const TAG_BYTES = 16;

function packPayload(payload: TokenPayload): Buffer {
  const bytes = Buffer.alloc(PAYLOAD_BYTES);
  bytes.writeUInt8(TOKEN_VERSION, 0);
  bytes.writeUInt8(tokenBrands.indexOf(payload.brand), 1);
  bytes.writeUInt16BE(Number(payload.last4), 2);
  bytes.writeUInt8(payload.expMonth, 4);
  bytes.writeUInt8(payload.expYear - 2000, 5);
  bytes.writeUInt8(testOutcomes.indexOf(payload.outcome), 6);
  payload.nonce.copy(bytes, 7);
  return bytes;
}

function unpackPayload(bytes: Buffer): TokenPayload | null {
  if (bytes.length !== PAYLOAD_BYTES || bytes.readUInt8(0) !== TOKEN_VERSION) return null;
  const brand = tokenBrands[bytes.readUInt8(1)];
  const last4 = bytes.readUInt16BE(2);
  const expMonth = bytes.readUInt8(4);
  const outcome = testOutcomes[bytes.readUInt8(6)];
  if (!brand || !outcome || last4 > 9999 || expMonth < 1 || expMonth > 12) return null;
  return {
    brand,
    last4: String(last4).padStart(4, '0'),
    expMonth,
    expYear: 2000 + bytes.readUInt8(5),
    outcome,
    nonce: bytes.subarray(7),
  };
}

export type TokenizeResult = { ok: true; token: CardToken } | { ok: false; status: number; error: GatewayError };

export interface TestGateway extends PaymentGateway {
  /** The browser-facing tokenise call: checks the card as a provider does and answers a token or the provider's error. */
  tokenize(request: CardTokenRequest, now?: Date): TokenizeResult;
}

function utcYearMonth(date: Date): YearMonth {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** exp_month / exp_year arrive as numbers or digit strings; anything else reads as missing. */
function readInteger(value: number | string | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value.trim())) return Number(value.trim());
  return null;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createTestGateway({ secret, now = () => new Date() }: { secret: string; now?: () => Date }): TestGateway {
  // Separate keys per use, so a signature made for one purpose never verifies for another.
  const tokenKey = createHmac('sha256', secret).update('stockpot-test-gateway/token').digest();
  const authorizationKey = createHmac('sha256', secret).update('stockpot-test-gateway/authorization').digest();

  const sign = (body: string) =>
    createHmac('sha256', tokenKey).update(body).digest().subarray(0, TAG_BYTES).toString('base64url');

  function issueToken(payload: TokenPayload): string {
    const body = `${TOKEN_PREFIX}${packPayload(payload).toString('base64url')}`;
    return `${body}.${sign(body)}`;
  }

  function readToken(token: string): TokenPayload | null {
    if (typeof token !== 'string' || token.length > 128 || !token.startsWith(TOKEN_PREFIX)) return null;
    const dot = token.lastIndexOf('.');
    if (dot <= TOKEN_PREFIX.length) return null;
    const body = token.slice(0, dot);
    if (!safeEqual(token.slice(dot + 1), sign(body))) return null;
    return unpackPayload(Buffer.from(body.slice(TOKEN_PREFIX.length), 'base64url'));
  }

  return {
    name: TEST_GATEWAY_NAME,

    tokenize(request, at = now()) {
      const number = normalizeCardNumber(request.number ?? '');
      const expMonth = readInteger(request.exp_month);
      const rawYear = readInteger(request.exp_year);
      const expYear = rawYear === null ? null : normalizeExpiryYear(rawYear);
      const problem = getFirstCardError({ number, expMonth, expYear, cvc: request.cvc ?? '' }, utcYearMonth(at));
      if (problem) return { ok: false, status: 402, error: { type: 'card_error', ...problem } };
      const payload: TokenPayload = {
        brand: detectCardBrand(number),
        last4: getCardLast4(number),
        // The expiry passed its check, so both parts are numbers.
        expMonth: expMonth as number,
        expYear: expYear as number,
        outcome: TEST_CARD_OUTCOMES[number] ?? 'approve',
        nonce: randomBytes(NONCE_BYTES),
      };
      return {
        ok: true,
        token: {
          id: issueToken(payload),
          object: 'token',
          created: Math.floor(at.getTime() / 1000),
          card: {
            id: `${CARD_ID_PREFIX}${payload.nonce.toString('base64url')}`,
            brand: cardBrandLabels[payload.brand],
            last4: payload.last4,
            exp_month: payload.expMonth,
            exp_year: payload.expYear,
          },
        },
      };
    },

    async describeToken(token): Promise<CardDescription | null> {
      const payload = readToken(token);
      return payload
        ? { brand: payload.brand, last4: payload.last4, expMonth: payload.expMonth, expYear: payload.expYear }
        : null;
    },

    async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
      // Caller mistakes, not card problems: a real provider answers these with an API error too.
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RangeError('amountCents must be a positive integer.');
      }
      if (!/^[a-z]{3}$/.test(request.currency)) throw new RangeError('currency must be a lower-case ISO 4217 code.');
      if (!request.idempotencyKey) throw new RangeError('idempotencyKey is required.');

      const payload = readToken(request.token);
      if (!payload) return { approved: false, declineCode: 'invalid_token', declineReason: CARD_NOT_VERIFIED };
      if (isCardExpired(payload.expMonth, payload.expYear, utcYearMonth(now()))) {
        return { approved: false, declineCode: 'expired_card', declineReason: DECLINE_REASONS.expired_card };
      }
      if (payload.outcome !== 'approve') {
        return { approved: false, declineCode: payload.outcome, declineReason: DECLINE_REASONS[payload.outcome] };
      }
      // Derived, not stored: the same key and request always answer the same authorisation.
      const digest = createHmac('sha256', authorizationKey)
        .update(JSON.stringify([request.idempotencyKey, request.token, request.amountCents, request.currency]))
        .digest('base64url');
      return { approved: true, authorizationId: `${AUTHORIZATION_PREFIX}${digest.slice(0, 24)}` };
    },
  };
}
