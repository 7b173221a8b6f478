import { cardTokenSchema, gatewayErrorSchema, type CardToken, type CardTokenRequest, type GatewayError } from '@stockpot/domain';
import { markRequestFinished, markRequestStarted } from '../../lib/request-counter';

/**
 * The browser half of the payment gateway: the card goes from this function to the gateway's own
 * endpoint and nowhere else (never to /api/v1, never to storage), and only the token comes back.
 * This is the built-in test gateway's endpoint; a real provider replaces this module with its own
 * script (and the CSP gains the provider's origin).
 */
export const TEST_GATEWAY_TOKENS_URL = '/payment-gateway/test/tokens';

/** A refusal from the gateway, with its code, its own sentence and the card field it is about. */
export class CardTokenError extends Error {
  readonly gatewayError: GatewayError;

  constructor(gatewayError: GatewayError) {
    super(gatewayError.message);
    this.name = 'CardTokenError';
    this.gatewayError = gatewayError;
  }
}

export function isCardTokenError(error: unknown): error is CardTokenError {
  return error instanceof CardTokenError;
}

const UNREACHABLE: GatewayError = {
  type: 'api_error',
  code: 'network_error',
  message: 'The payment service could not be reached. Check your connection and try again.',
};
const UNREADABLE: GatewayError = { type: 'api_error', code: 'api_error', message: 'Something went wrong.' };

/** Tokenises a card with the gateway; resolves to the token, or throws CardTokenError. */
export async function tokenizeCard(request: CardTokenRequest): Promise<CardToken> {
  markRequestStarted();
  try {
    let response: Response;
    try {
      response = await fetch(TEST_GATEWAY_TOKENS_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(request),
        // The gateway needs no Stockpot session: no cookies, no bearer key, nothing cached.
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      throw new CardTokenError(UNREACHABLE);
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const token = cardTokenSchema.safeParse(body);
      if (token.success) return token.data;
      throw new CardTokenError(UNREADABLE);
    }
    const refusal = gatewayErrorSchema.safeParse(body);
    throw new CardTokenError(refusal.success ? refusal.data.error : UNREADABLE);
  } finally {
    markRequestFinished();
  }
}
