import { hash, verify } from '@node-rs/argon2';
import type { Database } from '@stockpot/db';
import { applyOrderGuide } from '@stockpot/db/seed';
import {
  defaultNextPriceChange,
  getRepPriceRefusal,
  parseCents,
  toPageMeta,
  type PageMeta,
  type RepAccount,
  type RepItem,
} from '@stockpot/domain';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { hashSessionToken } from '../../platform/tokens';
import {
  findUserForRep,
  insertRepUser,
  lockInvite,
  markInviteAccepted,
  selectLatestGuide,
  selectLatestGuideItems,
  selectRepAccounts,
  type RepAccountRow,
} from './rep-access.repo';

export const INVITE_NOT_VALID = 'This invite link is not valid or was already used. Ask the restaurant to send a new invite.';

function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { firstName: firstName ?? '', lastName: rest.join(' ') };
}

/**
 * POST sales-rep-invites/accept: the rep of an open invite gets a sign-in (a new account with the
 * invited e-mail, or the rep's existing one when the password given is its password), and the
 * invite becomes accepted and unusable. The account belongs to no location: it reaches only the
 * sales-rep routes, for the accounts it is the rep of.
 */
export async function acceptInvite(
  db: Database,
  token: string,
  password: string,
): Promise<{ email: string; location: string; distributor: string }> {
  const passwordHash = await hash(password);
  return db.transaction(async (tx) => {
    const invite = await lockInvite(tx, hashSessionToken(token));
    if (!invite || invite.inviteStatus !== 'sent' || invite.isDeleted) throw badRequest(INVITE_NOT_VALID, 'validation_error');
    const existing = await findUserForRep(tx, invite.email);
    let userId: number;
    if (existing) {
      if (!(await verify(existing.passwordHash, password)))
        throw badRequest(
          `${invite.email} already has a Stockpot account: enter its password to accept the invite.`,
          'invalid_credentials',
        );
      userId = existing.id;
    } else {
      userId = await insertRepUser(tx, {
        companyId: invite.companyId,
        email: invite.email,
        passwordHash,
        ...splitName(invite.name),
      });
    }
    await markInviteAccepted(tx, invite.locationId, invite.id, userId);
    return { email: invite.email.toLowerCase(), location: invite.locationName, distributor: invite.distributorName };
  });
}

function toAccount(row: RepAccountRow): RepAccount {
  const refusal = getRepPriceRefusal(row, row.today);
  return {
    salesRepId: row.salesRepId,
    location: { id: row.locationId, nickname: row.locationName },
    distributor: { id: row.distributorId, nickname: row.distributorName },
    accessType: row.accessType,
    startDate: row.startDate,
    endDate: row.endDate,
    canUpdatePrices: refusal === null,
    refusal,
  };
}

/** GET sales-rep/accounts: the accounts the signed-in rep serves and whether each accepts prices today. */
export async function listRepAccounts(db: Database, userId: number): Promise<RepAccount[]> {
  return (await selectRepAccounts(db, userId)).map(toAccount);
}

/**
 * PATCH sales-rep/accounts/{id}/prices: a rep within its access updates prices of items on the
 * account's latest order guide. The change lands as a new guide dated today (the old one stays as
 * price history, items keep their place, nothing is punched out) through the same applyOrderGuide
 * as an upload, so the place-order list and the price-change alerts see it at once.
 */
export async function updateRepPrices(
  db: Database,
  userId: number,
  repId: number,
  prices: { din: string; price: string }[],
): Promise<{ orderGuideId: number; updated: number }> {
  const [account] = await selectRepAccounts(db, userId, repId);
  if (!account) throw notFound('Sales rep account');
  const refusal = getRepPriceRefusal(account, account.today);
  if (refusal) throw forbidden(refusal);
  const guide = await selectLatestGuide(db, account.locationId, account.distributorId);
  if (!guide) throw badRequest('This account has no order guide yet: there are no prices to update.', 'validation_error');
  const byDin = new Map(prices.map((line) => [line.din, line.price]));
  const known = new Set(guide.lines.map((line) => line.din));
  const unknown = prices.filter((line) => !known.has(line.din));
  if (unknown.length > 0) {
    const message = `Not on the order guide: DIN ${unknown
      .slice(0, 5)
      .map((line) => line.din)
      .join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}.`;
    throw badRequest(message, 'validation_error', [{ field: 'prices', message }]);
  }
  let updated = 0;
  const lines = guide.lines.map((line) => {
    const price = byDin.get(line.din);
    if (price === undefined || parseCents(price) === parseCents(line.price)) return line;
    updated += 1;
    return { ...line, price };
  });
  const endDate = guide.endDate >= account.today ? guide.endDate : defaultNextPriceChange(account.today);
  const result = await applyOrderGuide(db, {
    locationId: account.locationId,
    distributorId: account.distributorId,
    startDate: account.today,
    endDate,
    lines: lines.map((line) => ({ itemDistributorId: line.itemDistributorId, price: line.price })),
  });
  return { orderGuideId: result.orderGuideId, updated };
}

/**
 * GET sales-rep/accounts/{id}/items: the rep reads its account's latest guide whatever its access
 * type (reading is not updating; the refusal shows beside the prices), and only its own accounts
 * (404 otherwise); a removed rep reads nothing (403 with the refusal).
 */
export async function listRepItems(
  db: Database,
  userId: number,
  repId: number,
  query: { page: number; limit: number; search?: string },
): Promise<{ data: RepItem[]; _meta: PageMeta }> {
  const [account] = await selectRepAccounts(db, userId, repId);
  if (!account) throw notFound('Sales rep account');
  // Removal ends the access the restaurant gave: the guide's prices stop being the rep's to read.
  if (account.isDeleted) throw forbidden(getRepPriceRefusal(account, account.today)!);
  const rows = await selectLatestGuideItems(db, account.locationId, account.distributorId, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    search: query.search || undefined,
  });
  return {
    data: rows.map(({ totalCount: _count, price, ...row }) => ({ ...row, price: parseCents(price) })),
    _meta: toPageMeta(rows[0]?.totalCount ?? 0, query.page, query.limit),
  };
}
