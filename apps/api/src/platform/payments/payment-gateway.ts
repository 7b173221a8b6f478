import type { CardBrand } from '@stockpot/domain';

/** What a gateway token stands for: enough to recognise the card, never the number. */
export interface CardDescription {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
}

export interface AuthorizeRequest {
  /** A token the gateway issued (a saved card's token). */
  token: string;
  /** Integer cents, above zero. */
  amountCents: number;
  /** ISO 4217, lower case ("usd"). */
  currency: string;
  /** The same key answers the same authorisation, so a retried submit never charges twice. */
  idempotencyKey: string;
  /** Shown on the card statement and the provider's dashboard. */
  description: string;
}

export type AuthorizeResult =
  | { approved: true; authorizationId: string }
  | {
      approved: false;
      /** The provider's code ("card_declined", "insufficient_funds", …). */
      declineCode: string;
      /** The provider's own sentence, for the user as is. */
      declineReason: string;
    };

/**
 * A card payment provider as checkout and saved cards see it. The browser tokenises the card with
 * the provider directly; the server only ever holds tokens. Adapters live beside this file and are
 * chosen by PAYMENT_GATEWAY in createPaymentProvider().
 */
export interface PaymentGateway {
  /** Stored with each saved card, so a card is only charged through the gateway that issued its token. */
  readonly name: string;
  /** Places a hold for the amount (captured later, when the distributor confirms the order). */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** The card behind a token, or null when the gateway did not issue it (forged, tampered, another secret). */
  describeToken(token: string): Promise<CardDescription | null>;
}
