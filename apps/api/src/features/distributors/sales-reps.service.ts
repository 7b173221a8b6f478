import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import {
  getInviteRefusal,
  validateAccessDates,
  type DistributorDetail,
  type DistributorExpansion,
  type SalesRep,
  createRepBodySchema,
  updateRepBodySchema,
} from '@stockpot/domain';
import type { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Mailer } from '../../platform/mail/mailer';
import { encryptSecret } from '../../platform/secrets';
import { createSessionToken, hashSessionToken } from '../../platform/tokens';
import {
  clearOtherPrimaries,
  insertSalesRep,
  lockDistributorAccount,
  selectDistributorAccounts,
  selectSalesRepForUpdate,
  selectSalesReps,
  updateSalesRep,
  updateWebsiteCredentials,
  selectOrderingDistributors,
  type DistributorAccountRow,
  type OrderingDistributorRow,
  type RepWrite,
  type SalesRepRow,
} from './distributors.repo';
import { getOrderingDistributor, toOrderingDistributor } from './distributors.service';

export const SALES_REP_INVITE_QUEUE = 'sales-rep-invite';

export interface SalesRepInviteJob {
  outboxId: number;
}

export interface RepContext {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  credentialsKey: string;
}

const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);

export function toSalesRep(row: SalesRepRow): SalesRep {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    is_primary: bit(row.isPrimary),
    access_type: row.accessType,
    start_date: row.startDate,
    end_date: row.endDate,
    invite_status: row.inviteStatus,
    is_deleted: bit(row.isDeleted),
  };
}

/** What GET /distributors reads from the database; the delivery dates are worked out from it per request. */
export interface DistributorListParts {
  rows: OrderingDistributorRow[];
  accounts: DistributorAccountRow[];
  reps: SalesRepRow[];
}

/** The rows of GET /distributors?expand=… (doc 3 §7): the ordering terms, and the accounts and reps the expansions need. */
export async function selectDistributorListParts(
  db: Database,
  locationId: number,
  expand: DistributorExpansion[],
): Promise<DistributorListParts> {
  const rows = await selectOrderingDistributors(db, locationId);
  if (expand.length === 0) return { rows, accounts: [], reps: [] };
  const accounts = await selectDistributorAccounts(db, locationId);
  const reps = expand.includes('dsrs') ? await selectSalesReps(db, locationId) : [];
  return { rows, accounts, reps };
}

/** GET /distributors?expand=…: the ordering fields as of `now`, plus the expansions asked for. */
export function toDistributorList(parts: DistributorListParts, expand: DistributorExpansion[]): DistributorDetail[] {
  const base = parts.rows.map(toOrderingDistributor);
  if (expand.length === 0) return base;
  const accounts = new Map(parts.accounts.map((row) => [row.distributorId, row]));
  return base.map((distributor) => expandDistributor(distributor, expand, accounts.get(distributor.id), parts.reps));
}

/** GET /distributors/{id}?expand=…: one of the location's distributors, 404 for any other. */
export async function getDistributor(
  db: Database,
  locationId: number,
  distributorId: number,
  timezone: string | undefined,
  expand: DistributorExpansion[],
): Promise<DistributorDetail> {
  const base = await getOrderingDistributor(db, locationId, distributorId, timezone);
  if (expand.length === 0) return base;
  const [account] = await selectDistributorAccounts(db, locationId, distributorId);
  const reps = expand.includes('dsrs') ? await selectSalesReps(db, locationId, distributorId) : [];
  return expandDistributor(base, expand, account, reps);
}

function expandDistributor(
  distributor: DistributorDetail,
  expand: DistributorExpansion[],
  account: DistributorAccountRow | undefined,
  reps: SalesRepRow[],
): DistributorDetail {
  const result: DistributorDetail = { ...distributor };
  if (account) {
    result.is_dsr_editable = bit(account.isDsrEditable);
    result.timezone = account.timezone;
    if (expand.includes('dcn')) result.dcn = account.dcn;
    if (expand.includes('lastOrderGuide')) {
      result.lastOrderGuide =
        account.lastGuideId === null
          ? null
          : {
              id: account.lastGuideId,
              create_time: account.lastGuideCreatedAt ?? '',
              item_count: account.lastGuideItemCount ?? 0,
            };
    }
    if (expand.includes('skyloader')) {
      result.skyloader = {
        useSkyloader: bit(account.hasWebsitePassword && account.websiteUsername !== ''),
        username: account.websiteUsername,
      };
    }
  }
  if (expand.includes('dsrs')) result.dsrs = reps.filter((rep) => rep.distributorId === distributor.id).map(toSalesRep);
  return result;
}

/** PATCH /distributors/{id}: website credentials (password stored encrypted, never returned) and customer number. */
export async function updateDistributorAccount(
  ctx: RepContext,
  locationId: number,
  distributorId: number,
  body: { username?: string; password?: string; dcn?: string },
): Promise<DistributorDetail> {
  await ctx.db.transaction(async (tx) => {
    if (!(await lockDistributorAccount(tx, locationId, distributorId))) throw notFound('Distributor');
    await updateWebsiteCredentials(tx, locationId, distributorId, {
      username: body.username,
      passwordEncrypted: body.password === undefined ? undefined : encryptSecret(body.password, ctx.credentialsKey),
      dcn: body.dcn,
    });
  });
  return getDistributor(ctx.db, locationId, distributorId, undefined, ['dsrs', 'lastOrderGuide', 'skyloader', 'dcn']);
}

function assertAccess(rep: Pick<RepWrite, 'accessType' | 'startDate' | 'endDate'>): void {
  const errors = validateAccessDates(rep.accessType, rep.startDate, rep.endDate);
  if (errors.length > 0) throw badRequest(errors[0].message, 'validation_error', errors);
}

/** POST /distributors/{id}/dsr: a new rep of the location's account (doc 3 §3 "Sales rep"). */
export async function createSalesRep(
  ctx: RepContext,
  locationId: number,
  distributorId: number,
  body: z.output<typeof createRepBodySchema>,
): Promise<SalesRep> {
  return ctx.db.transaction(async (tx) => {
    const account = await lockDistributorAccount(tx, locationId, distributorId);
    if (!account) throw notFound('Distributor');
    if (!account.isDsrEditable) throw badRequest("This distributor's sales reps cannot be edited.", 'bad_request');
    const limited = body.accessType === 'limited';
    const rep: RepWrite = {
      name: body.name,
      email: body.email,
      phone: body.phone,
      isPrimary: body.is_primary,
      accessType: body.accessType,
      startDate: limited ? (body.startDate ?? null) : null,
      endDate: limited ? (body.endDate ?? null) : null,
      inviteStatus: null,
      isDeleted: false,
    };
    assertAccess(rep);
    const row = await insertSalesRep(tx, locationId, distributorId, rep);
    if (rep.isPrimary) await clearOtherPrimaries(tx, locationId, distributorId, row.id);
    return toSalesRep(row);
  });
}

/**
 * PUT/PATCH /distributors/{id}/dsr/{dsrId}: edits (auto-saved), Remove and Reactivate (is_deleted),
 * and Send Invite (sendInvite=1: e-mail with a sign-up link, status sent). Changing the e-mail of
 * an invited rep withdraws the invite, since the link went to the old address.
 */
export async function updateSalesRepFields(
  ctx: RepContext,
  locationId: number,
  distributorId: number,
  repId: number,
  body: z.output<typeof updateRepBodySchema>,
): Promise<{ rep: SalesRep; invited: boolean }> {
  const result = await ctx.db.transaction(async (tx) => {
    const account = await lockDistributorAccount(tx, locationId, distributorId);
    if (!account) throw notFound('Distributor');
    const current = await selectSalesRepForUpdate(tx, locationId, distributorId, repId);
    if (!current) throw notFound('Sales rep');
    const editsFields =
      body.name !== undefined ||
      body.email !== undefined ||
      body.phone !== undefined ||
      body.accessType !== undefined ||
      body.startDate !== undefined ||
      body.endDate !== undefined ||
      body.is_primary !== undefined;
    if ((editsFields || body.sendInvite) && !account.isDsrEditable) {
      throw badRequest("This distributor's sales reps cannot be edited or invited.", 'bad_request');
    }
    const accessType = body.accessType ?? current.accessType;
    const limited = accessType === 'limited';
    const email = body.email ?? current.email;
    const emailChanged = email.toLowerCase() !== current.email.toLowerCase();
    const next: RepWrite = {
      name: body.name ?? current.name,
      email,
      phone: body.phone ?? current.phone,
      isPrimary: body.is_primary ?? current.isPrimary,
      accessType,
      startDate: limited ? (body.startDate !== undefined ? body.startDate : current.startDate) : null,
      endDate: limited ? (body.endDate !== undefined ? body.endDate : current.endDate) : null,
      inviteStatus: emailChanged ? null : current.inviteStatus,
      isDeleted: body.is_deleted ?? current.isDeleted,
      inviteTokenHash: emailChanged ? null : undefined,
    };
    assertAccess(next);
    let token: string | null = null;
    if (body.sendInvite) {
      const refusal = getInviteRefusal(next, account.isDsrEditable);
      if (refusal) throw badRequest(refusal, 'bad_request');
      token = createSessionToken();
      next.inviteStatus = 'sent';
      next.inviteTokenHash = hashSessionToken(token);
      next.invitedAt = true;
    }
    const row = await updateSalesRep(tx, locationId, repId, next);
    if (next.isPrimary && !current.isPrimary) await clearOtherPrimaries(tx, locationId, distributorId, repId);
    if (token) {
      const link = `${ctx.appUrl.replace(/\/$/, '')}/sign-up/1?location=${locationId}&distributor=${distributorId}&invite=${token}`;
      const mail = {
        to: row.email,
        subject: `${account.locationName} invites you to update ${account.nickname} prices on Stockpot`,
        text:
          `Hello ${row.name},\n\n${account.locationName} uses Stockpot to order from ${account.nickname} and invites you ` +
          `to keep its order guide prices up to date (${row.accessType === 'limited' ? `from ${row.startDate} to ${row.endDate}` : 'unlimited access'}).\n\n` +
          `Sign up here: ${link}\n\nThe Stockpot team`,
        attachments: [],
        locationId,
        orderId: null,
      };
      const { outboxId } = await ctx.mailer.queue(tx, mail);
      await ctx.jobs.enqueue<SalesRepInviteJob>(tx, SALES_REP_INVITE_QUEUE, { outboxId });
    }
    return { rep: toSalesRep(row), invited: token !== null };
  });
  if (result.invited) ctx.jobs.wake(SALES_REP_INVITE_QUEUE);
  return result;
}

/** The invite job: sends the queued e-mail (retried by the queue when the mail server fails). */
export async function runInviteJob(ctx: RepContext, job: SalesRepInviteJob): Promise<void> {
  const [row] = await queryRows<{ to: string; subject: string; body: string; locationId: number | null; status: string }>(
    ctx.db,
    sql`SELECT to_address AS "to", subject, body, location_id AS "locationId", status FROM outbox_messages WHERE id = ${job.outboxId}`,
  );
  if (!row || row.status !== 'queued') return;
  await ctx.mailer.deliver(ctx.db, job.outboxId, {
    to: row.to,
    subject: row.subject,
    text: row.body,
    attachments: [],
    locationId: row.locationId,
    orderId: null,
  });
}

export async function failInviteJob(ctx: RepContext, job: SalesRepInviteJob, error: string): Promise<void> {
  await ctx.mailer.markFailed(ctx.db, job.outboxId, error);
}
