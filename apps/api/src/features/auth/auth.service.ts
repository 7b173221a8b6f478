import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@stockpot/db';
import { getTooManyAttemptsText, type CurrentUser, type Location, type SignedInUser } from '@stockpot/domain';
import type { Config } from '../../config';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { createSessionToken, hashSessionToken } from '../../platform/tokens';
import * as repo from './auth.repo';
import { isKnownSignInDevice, mailUnlockLink, rememberSignInDevice } from './sign-in-lock.service';

const SIGN_IN_FAILED = 'Incorrect email or password.';

/** Verified against when the e-mail is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | null = null;
function getDecoyHash(): Promise<string> {
  decoyHash ??= hash('decoy-password-for-timing');
  return decoyHash;
}

const asFlag = (value: boolean): 0 | 1 => (value ? 1 : 0);

export function toLocation({ location, company, businessName }: repo.UserLocationRow): Location {
  return {
    id: location.id,
    nickname: location.nickname,
    // A signed-up restaurant's own name; locations made without the wizard (the demo's) have only the company's.
    businessName: businessName ?? company.title,
    timezone: location.timezone,
    company: {
      id: company.id,
      nickname: company.nickname,
      title: company.title,
      description: company.description,
      domain: company.domain,
      website: company.website,
      logo_url: company.logoUrl,
      spinner_image_url: company.spinnerImageUrl,
      favico: company.favico,
      main_color: company.mainColor,
      secondary_color: company.secondaryColor,
    },
    canPlaceOrder: location.canPlaceOrder,
    display_accounting: asFlag(location.displayAccounting),
    display_recipe_costing: asFlag(location.displayRecipeCosting),
    display_comparison_view: asFlag(location.displayComparisonView),
    display_shopping_cart: asFlag(location.displayShoppingCart),
    display_rebate: asFlag(location.displayRebate),
    display_match: asFlag(location.displayMatch),
    display_inventory: asFlag(location.displayInventory),
    // On-hand value arrives with the inventory area; until then no location has counted stock.
    onHandTotal: 0,
    activeInventory: location.activeInventoryId,
  };
}

/** The user with the active location of the caller's session (null when it is not one of theirs). */
export async function getCurrentUser(db: Database, userId: number, activeLocationId: number | null): Promise<CurrentUser> {
  const user = await repo.findCurrentUser(db, userId);
  if (!user) throw notFound('User');
  const locations = (await repo.listUserLocations(db, userId)).map(toLocation);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    title: user.title,
    currentRole: user.role,
    editComparisonView: user.editComparisonView,
    activeLocation: locations.find((l) => l.id === activeLocationId) ?? null,
    locations,
  };
}

interface SignInInput {
  email: string;
  password: string;
  companyId: number;
  secret: string;
  clientAddress: string;
  userAgent: string;
  /** The browser's device cookie, when it carries a well-formed one. */
  deviceToken: string | undefined;
}

export interface SignInContext {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export interface SignInResult {
  user: SignedInUser;
  /** The token the device cookie is (re)set to: this browser is now known for the account here. */
  deviceToken: string;
}

function minutesUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));
}

/**
 * POST authenticate: checks the client secret, the throttle and the password, then opens a session.
 * Past the per-account limit only a known browser at a known address is checked (issue 33, defect 6),
 * and the failure that fills that limit mails the owner an unlock link.
 */
export async function signIn(ctx: SignInContext, input: SignInInput): Promise<SignInResult> {
  const { db, config, log } = ctx;
  if (input.secret !== config.AUTH_CLIENT_SECRET) throw badRequest('This client is not allowed to sign in.', 'invalid_client');

  const email = input.email.toLowerCase();
  const windowMs = config.SIGN_IN_WINDOW_MINUTES * 60_000;
  const since = new Date(Date.now() - windowMs);
  const user = await repo.findUserByEmail(db, email, input.companyId);
  const device = { userId: user?.id, deviceToken: input.deviceToken, clientAddress: input.clientAddress };
  // Counted and recorded before the password is checked, atomically: parallel guesses cannot overrun the limits.
  const reservation = await repo.reserveAttempt(db, {
    email,
    clientAddress: input.clientAddress,
    since,
    maxPerAddress: config.SIGN_IN_MAX_FAILURES,
    maxPerAccount: config.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
    isKnownDevice: await isKnownSignInDevice(db, device),
  });
  if (reservation.blockedSince) {
    const retryAt = new Date(reservation.blockedSince.getTime() + windowMs);
    throw new AppError(429, 'too_many_attempts', getTooManyAttemptsText(reservation.blockedBy, minutesUntil(retryAt)));
  }

  const isValid = user
    ? user.isActive && (await verify(user.passwordHash, input.password))
    : (await verify(await getDecoyHash(), input.password), false);
  if (!user || !isValid) {
    // The failure is already recorded; the e-mail stays out of the log (personal data, and a
    // mistyped password is sometimes typed into the e-mail field).
    log.info({ hasAccount: Boolean(user) }, 'sign-in failed');
    if (user?.isActive && reservation.fillsAccountLimit) await mailUnlockLink(ctx, user, since);
    throw badRequest(SIGN_IN_FAILED, 'invalid_credentials');
  }
  await repo.clearAddressFailures(db, email, input.clientAddress);
  const deviceToken = await rememberSignInDevice(db, { ...device, userId: user.id });
  return { user: await openSession(db, config, user, input.userAgent), deviceToken };
}

/** A new session for a user whose sign-in succeeded; it starts in the location last chosen, if still theirs. */
export async function openSession(db: Database, config: Config, user: repo.UserRow, userAgent: string): Promise<SignedInUser> {
  const memberships = await repo.listUserLocations(db, user.id);
  let activeLocationId: number | null = null;
  if (user.role === 'member') {
    const stillMember = memberships.some((m) => m.location.id === user.activeLocationId);
    activeLocationId = stillMember ? user.activeLocationId : (memberships[0]?.location.id ?? null);
    if (!stillMember && activeLocationId !== null) await repo.setActiveLocation(db, user.id, activeLocationId);
  }

  const token = createSessionToken();
  await repo.insertSession(db, {
    userId: user.id,
    tokenHash: hashSessionToken(token),
    expiresAt: new Date(Date.now() + config.SESSION_TTL_DAYS * 86_400_000),
    userAgent: userAgent.slice(0, 300),
    activeLocationId,
  });
  return { ...(await getCurrentUser(db, user.id, activeLocationId)), authKey: token };
}

/**
 * PUT users/{id}: only the caller's own record, and only to a location the caller belongs to. It
 * switches the caller's session (other sessions of the same user keep their location) and makes
 * it where the user's next session starts.
 */
export async function switchActiveLocation(
  db: Database,
  caller: { userId: number; sessionId: number },
  targetUserId: number,
  locationId: number,
): Promise<CurrentUser> {
  if (targetUserId !== caller.userId) throw notFound('User');
  const memberships = await repo.listUserLocations(db, caller.userId);
  if (!memberships.some((m) => m.location.id === locationId)) throw notFound('Location');
  await repo.setSessionLocation(db, caller.sessionId, locationId);
  await repo.setActiveLocation(db, caller.userId, locationId);
  return getCurrentUser(db, caller.userId, locationId);
}

export async function signOut(db: Database, sessionId: number): Promise<void> {
  await repo.revokeSession(db, sessionId);
}
