import type { Database } from '@stockpot/db';
import {
  CARD_NOT_FOUND,
  CARD_NOT_VERIFIED,
  DEFAULT_CARD_REQUIRED,
  cardBrandLabels,
  isCardExpired,
  type AddPaymentMethod,
  type PaymentMethod,
  type UpdatePaymentMethod,
  type YearMonth,
} from '@stockpot/domain';
import { AppError, badRequest } from '../../platform/errors';
import type { PaymentGateway } from '../../platform/payments';
import * as repo from './cards.repo';

export interface CardCaller {
  userId: number;
  locationId: number;
}

const cardNotFound = () => new AppError(404, 'not_found', CARD_NOT_FOUND);

export function toPaymentMethod(row: repo.PaymentMethodRow): PaymentMethod {
  return {
    token: row.token,
    nickname: row.nickname,
    last4: row.last4,
    cardType: row.cardType,
    isDefault: row.isDefault,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    expMonth: row.expMonth,
    expYear: row.expYear,
  };
}

function currentYearMonth(): YearMonth {
  const now = new Date();
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
}

export async function listCards(db: Database, locationId: number): Promise<PaymentMethod[]> {
  return (await repo.listByLocation(db, locationId)).map(toPaymentMethod);
}

export async function getCard(db: Database, locationId: number, token: string): Promise<PaymentMethod> {
  const row = await repo.findByToken(db, locationId, token);
  if (!row) throw cardNotFound();
  return toPaymentMethod(row);
}

/**
 * POST payment-methods: the gateway vouches for the token (brand, last 4, expiry come from it, not
 * from the client), then the card joins the location. The first card is the default; `default`
 * moves the default to the new card. Posting a token this location already saved answers that card
 * (a retried submit), so `created` is false then.
 */
export async function addCard(
  db: Database,
  gateway: PaymentGateway,
  caller: CardCaller,
  input: AddPaymentMethod,
): Promise<{ card: PaymentMethod; created: boolean }> {
  const described = await gateway.describeToken(input.token);
  if (!described) throw badRequest(CARD_NOT_VERIFIED, 'card_not_verified');
  if (isCardExpired(described.expMonth, described.expYear, currentYearMonth())) {
    throw badRequest('Your card has expired.', 'expired_card');
  }

  return db.transaction(async (tx) => {
    await repo.lockLocationCards(tx, caller.locationId);
    const existing = await repo.findAnyByToken(tx, input.token);
    if (existing) {
      // Another location's token is not this caller's to reuse; say no more than for a forged one.
      if (existing.locationId !== caller.locationId) throw badRequest(CARD_NOT_VERIFIED, 'card_not_verified');
      return { card: toPaymentMethod(existing), created: false };
    }
    const isFirst = (await repo.countByLocation(tx, caller.locationId)) === 0;
    const isDefault = isFirst || input.default === true;
    if (isDefault && !isFirst) await repo.clearDefault(tx, caller.locationId);
    const row = await repo.insert(tx, {
      locationId: caller.locationId,
      createdBy: caller.userId,
      gateway: gateway.name,
      token: input.token,
      cardType: cardBrandLabels[described.brand],
      last4: described.last4,
      expMonth: described.expMonth,
      expYear: described.expYear,
      nickname: input.nickname,
      isDefault,
      address1: input.address_line1,
      address2: input.address_line2,
      city: input.address_city,
      state: input.address_state,
      zip: input.address_zip,
    });
    return { card: toPaymentMethod(row), created: true };
  });
}

/** PATCH payment-methods/{token}: nickname, billing address and default; the card itself never changes. */
export async function updateCard(
  db: Database,
  locationId: number,
  token: string,
  input: UpdatePaymentMethod,
): Promise<PaymentMethod> {
  return db.transaction(async (tx) => {
    await repo.lockLocationCards(tx, locationId);
    const card = await repo.findByToken(tx, locationId, token);
    if (!card) throw cardNotFound();
    // Exactly one default while the location has cards: it moves by choosing another card.
    if (input.default === false && card.isDefault) throw badRequest(DEFAULT_CARD_REQUIRED, 'default_required');
    const makeDefault = input.default === true && !card.isDefault;
    if (makeDefault) await repo.clearDefault(tx, locationId);
    const changes = {
      ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
      ...(input.address_line1 !== undefined ? { address1: input.address_line1 } : {}),
      ...(input.address_line2 !== undefined ? { address2: input.address_line2 } : {}),
      ...(input.address_city !== undefined ? { city: input.address_city } : {}),
      ...(input.address_state !== undefined ? { state: input.address_state } : {}),
      ...(input.address_zip !== undefined ? { zip: input.address_zip } : {}),
      ...(makeDefault ? { isDefault: true } : {}),
    };
    if (Object.keys(changes).length === 0) return toPaymentMethod(card);
    return toPaymentMethod(await repo.update(tx, locationId, card.id, changes));
  });
}

/** DELETE payment-methods/{token}; deleting the default makes the newest remaining card the default. */
export async function deleteCard(db: Database, locationId: number, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockLocationCards(tx, locationId);
    const card = await repo.findByToken(tx, locationId, token);
    if (!card) throw cardNotFound();
    await repo.remove(tx, locationId, card.id);
    if (!card.isDefault) return;
    const newest = await repo.findNewest(tx, locationId);
    if (newest) await repo.update(tx, locationId, newest.id, { isDefault: true });
  });
}
