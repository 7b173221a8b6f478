import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@stockpot/db';
import {
  EMAIL_TAKEN_TEXT,
  SIGN_UP_SETUP_FEE_CENTS,
  SIGN_UP_SUCCESS_TEXT,
  getSignUpDistributorKey,
  getSignUpTitleLabel,
  NEW_DISTRIBUTOR_ID,
  normaliseDistributorName,
  validateSignUpPayload,
  type SignUpDistributorOption,
  type SignUpPayload,
  type SignUpResponse,
} from '@stockpot/domain';
import { toOrderingTermsColumns } from '../../platform/distributor-accounts';
import { AppError, badRequest } from '../../platform/errors';
import type { PaymentGateway } from '../../platform/payments';
import { getLocationTimeZone } from '../../platform/time-zone';
import * as repo from './signup.repo';

const DISTRIBUTOR_SEARCH_LIMIT = 50;

export interface SignUpContext {
  db: Database;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * POST sign-up (doc 3 §2.11, §4, §7): every rule is checked and the card authorised for the
 * one-time fee before anything is written; then the owner, the locations (the API's merchants),
 * their distributor accounts and reps and the restaurant with its agreement are written in one
 * transaction under the platform company the payload names. A refused card or rule writes nothing.
 */
export async function signUp(ctx: SignUpContext, payload: SignUpPayload): Promise<SignUpResponse> {
  const problems = validateSignUpPayload(payload);
  if (problems.length > 0) {
    throw badRequest(
      problems[0],
      'invalid_sign_up',
      problems.map((message) => ({ field: 'request', message })),
    );
  }
  const companyId = Number(payload.companyId);
  if (!/^\d{1,9}$/.test(payload.companyId) || !(await repo.companyExists(ctx.db, companyId))) {
    throw badRequest('This sign-up page belongs to no known company. Reload the page and try again.', 'invalid_sign_up');
  }
  const email = payload.email.trim().toLowerCase();
  if (await repo.emailIsTaken(ctx.db, email)) throw badRequest(EMAIL_TAKEN_TEXT, 'email_taken');

  const directory = await resolveDirectoryDistributors(ctx.db, payload);
  const card = await ctx.gateway.describeToken(payload.paymentMethod.token);
  if (!card) throw badRequest('Your card could not be verified. Please enter it again.', 'card_not_verified');
  // The same token always maps to the same authorisation, so a retried Done never charges twice.
  const idempotencyKey = `sign-up:${createHash('sha256').update(payload.paymentMethod.token).digest('base64url')}`;
  const authorization = await ctx.gateway.authorize({
    token: payload.paymentMethod.token,
    amountCents: SIGN_UP_SETUP_FEE_CENTS,
    currency: 'usd',
    idempotencyKey,
    description: 'Stockpot sign-up',
  });
  if (!authorization.approved) {
    ctx.log.info({ declineCode: authorization.declineCode }, 'sign-up card declined');
    throw new AppError(402, 'card_declined', authorization.declineReason);
  }
  if (await repo.authorizationIsUsed(ctx.db, authorization.authorizationId)) {
    throw badRequest('This card entry was already used for a sign-up. Please enter your card again.', 'card_not_verified');
  }

  const passwordHash = await hash(payload.password);
  const fullName = `${payload.firstName.trim()} ${payload.lastName.trim()}`;
  try {
    return await ctx.db.transaction(async (tx) => {
      const userId = await repo.insertUser(tx, {
        companyId,
        email,
        passwordHash,
        firstName: payload.firstName.trim(),
        lastName: payload.lastName.trim(),
        title: getSignUpTitleLabel(payload.title),
        role: 'member',
      });
      const restaurantId = await repo.insertRestaurant(tx, {
        companyId,
        ownerUserId: userId,
        businessName: payload.businessName.trim(),
        businessAddress: payload.businessAddress.trim(),
        businessCity: payload.businessCity.trim(),
        businessState: payload.businessState.trim().toUpperCase(),
        businessPostcode: payload.businessPostcode.trim(),
        phoneNumber: payload.phoneNumber.trim(),
        totalReportingLocations: payload.totalReportingLocations,
        signedBy: payload.signedBy?.trim() || fullName,
        setupAuthorizationId: authorization.authorizationId,
      });
      // A name added at several locations is one distributor of the restaurant.
      const added = new Map<string, number>(directory);
      const locationIds: number[] = [];
      for (const location of payload.locations) {
        const state = location.state.trim().toUpperCase();
        const zipcode = location.zipcode.trim();
        const locationId = await repo.insertLocation(tx, {
          companyId,
          nickname: location.nickname.trim(),
          timezone: getLocationTimeZone({ state, zipcode }),
          phoneNumber: location.phoneNumber.trim(),
          address: location.address.trim(),
          city: location.city.trim(),
          state,
          zipcode,
        });
        locationIds.push(locationId);
        for (const distributor of location.distributors) {
          const key = getSignUpDistributorKey(distributor);
          let distributorId = added.get(key) ?? distributor.id;
          if (distributorId === NEW_DISTRIBUTOR_ID) {
            distributorId = await repo.insertPrivateDistributor(tx, {
              nickname: normaliseDistributorName(distributor.nickname),
              ownerLocationId: locationId,
              ownerRestaurantId: restaurantId,
            });
            added.set(key, distributorId);
          }
          await repo.insertLocationDistributor(tx, {
            locationId,
            distributorId,
            customerNumber: distributor.dcn.trim(),
            ...toOrderingTermsColumns(distributor.orderingTerms),
          });
          // The rep named at sign-up receives the orders; doc 3 §6: unlimited is normally the primary rep's access.
          await repo.insertSalesRep(tx, {
            locationId,
            distributorId,
            name: distributor.name.trim(),
            email: distributor.email.trim().toLowerCase(),
            phone: distributor.phoneNumber.trim(),
            isPrimary: true,
            accessType: 'unlimited',
          });
        }
      }
      await repo.insertUserLocations(tx, userId, locationIds);
      await repo.setUserActiveLocation(tx, userId, locationIds[0]);
      await repo.insertRestaurantLocations(tx, restaurantId, locationIds);
      return { message: SIGN_UP_SUCCESS_TEXT, userId, email, locationIds };
    });
  } catch (error) {
    // Two sign-ups with one e-mail at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw badRequest(EMAIL_TAKEN_TEXT, 'email_taken');
    throw error;
  }
}

/**
 * Checks the payload's distributors against the directory: an id must be a directory entry (demo
 * and other restaurants' distributors are refused); a name added new that is in the directory
 * (any case) uses that entry. Answers the keys already settled, by getSignUpDistributorKey.
 */
async function resolveDirectoryDistributors(db: Database, payload: SignUpPayload): Promise<Map<string, number>> {
  const all = payload.locations.flatMap((l) => l.distributors);
  const known = await repo.findDirectoryIds(db, [...new Set(all.filter((d) => d.id !== NEW_DISTRIBUTOR_ID).map((d) => d.id))]);
  const unknown = all.find((d) => d.id !== NEW_DISTRIBUTOR_ID && !known.has(d.id));
  if (unknown) {
    throw badRequest(
      `Distributor ${unknown.nickname || unknown.id} is not one we work with. Choose it again from the list.`,
      'invalid_distributor',
    );
  }
  const names = [
    ...new Set(all.filter((d) => d.id === NEW_DISTRIBUTOR_ID).map((d) => normaliseDistributorName(d.nickname).toLowerCase())),
  ];
  const byName = await repo.findDirectoryIdsByName(db, names);
  const settled = new Map([...byName].map(([name, id]): [string, number] => [`new:${name}`, id]));
  // A name typed new that is a directory entry already chosen at the same location is the same distributor twice.
  for (const location of payload.locations) {
    const seen = new Set<string>();
    for (const d of location.distributors) {
      const key = getSignUpDistributorKey(d);
      const resolved = settled.has(key) ? `id:${settled.get(key)}` : key;
      if (seen.has(resolved)) {
        throw badRequest(
          `Distributor ${d.nickname.trim() || d.id} is added twice for ${location.nickname.trim()}`,
          'invalid_sign_up',
        );
      }
      seen.add(resolved);
    }
  }
  return settled;
}

export async function searchSignUpDistributors(db: Database, search: string): Promise<SignUpDistributorOption[]> {
  return repo.searchDistributors(db, search.trim(), DISTRIBUTOR_SEARCH_LIMIT);
}
