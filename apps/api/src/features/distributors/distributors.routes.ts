import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createRepBodySchema,
  distributorDetailSchema,
  distributorExpandSchema,
  distributorListEntrySchema,
  envelope,
  recordIdSchema,
  salesRepSchema,
  updateDistributorBodySchema,
  updateRepBodySchema,
  type DistributorExpansion,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { answerFormat, readKept } from '../../platform/kept-reads';
import { requireActiveLocation } from '../../platform/location-scope';
import { createMailer } from '../../platform/mail/mailer';
import {
  createSalesRep,
  failInviteJob,
  getDistributor,
  selectDistributorListParts,
  toDistributorList,
  type DistributorListParts,
  runInviteJob,
  SALES_REP_INVITE_QUEUE,
  updateDistributorAccount,
  updateSalesRepFields,
  type RepContext,
  type SalesRepInviteJob,
} from './sales-reps.service';

/** The kept parts are database rows, not an answer: bump the version when DistributorListParts changes. */
const DISTRIBUTOR_PARTS_FORMAT = answerFormat(1, []);

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** An IANA time zone name the runtime knows, e.g. America/New_York (doc 1 §9's default). */
const timezoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(
    (zone) => {
      // Names only: an offset such as +05:00 means the opposite sign in PostgreSQL.
      if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'timezone must be a time zone name such as America/New_York.' },
  );

const distributorIdParam = recordIdSchema({ type: 'id must be a number.', positive: 'id must be a positive number.' });
const repParams = z.object({
  id: distributorIdParam,
  dsrId: recordIdSchema({ type: 'dsrId must be a number.', positive: 'dsrId must be a positive number.' }),
});

/**
 * The active location's distributors (doc 1 §7 GET /distributors: filters modal and special-request
 * form; doc 3 §7 with expand: the Distributors screens) and their sales reps.
 */
export const distributorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: RepContext = {
    db: app.db,
    jobs: app.jobs,
    mailer: createMailer({ smtpUrl: app.config.SMTP_URL || undefined, log: app.log }),
    log: app.log,
    appUrl: app.config.APP_URL,
    credentialsKey: app.config.CREDENTIALS_KEY,
  };
  await app.jobs.define<SalesRepInviteJob>({
    name: SALES_REP_INVITE_QUEUE,
    expireInSeconds: 120,
    handle: (job) => runInviteJob(ctx, job),
    onFailed: (job, error) => failInviteJob(ctx, job, error),
  });

  /**
   * The rows of the location's distributor list, a kept read (platform/kept-reads.ts, migration 0060):
   * the terms, accounts, last guides and reps change when someone writes them, and those writes mark
   * the location. The delivery dates and cut-off note move with the clock, so they are worked out
   * from the rows on every request (toDistributorList), never kept.
   */
  const readListParts = async (request: FastifyRequest, expand: DistributorExpansion[]): Promise<DistributorListParts> => {
    const locationId = await requireActiveLocation(request);
    const kept = await readKept(app.db, {
      locationId,
      key: `${DISTRIBUTOR_PARTS_FORMAT};distributors;accounts=${expand.length > 0};reps=${expand.includes('dsrs')}`,
      session: request.locationContext,
      build: (db) => selectDistributorListParts(db, locationId, expand),
    });
    return JSON.parse(kept.toString()) as DistributorListParts;
  };

  app.get(
    '/distributors',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: "The active location's distributors with minimum order, delivery dates and card acceptance",
        description: 'expand (comma-separated): dsrs, lastOrderGuide, skyloader, dcn (doc 3 §7).',
        querystring: z.object({ expand: distributorExpandSchema }),
        response: { 200: envelope(z.array(distributorDetailSchema)), ...errorResponses },
      },
      config: { locationContext: true },
    },
    async (request) => ({ data: toDistributorList(await readListParts(request, request.query.expand), request.query.expand) }),
  );

  // A fixed path, so it never reads as distributors/{id} (which would answer 400 for the id "list").
  app.get(
    '/distributors/list',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: "The active location's distributors as a short list (id, nickname), A–Z",
        response: { 200: envelope(z.array(distributorListEntrySchema)), ...errorResponses },
      },
      config: { locationContext: true },
    },
    async (request) => {
      const rows = toDistributorList(await readListParts(request, []), []);
      return { data: rows.map(({ id, nickname }) => ({ id, nickname })) };
    },
  );

  app.get(
    '/distributors/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: 'One distributor of the active location; delivery dates start today in the time zone given',
        params: z.object({ id: distributorIdParam }),
        querystring: z.object({ timezone: timezoneSchema.optional(), expand: distributorExpandSchema }),
        response: { 200: envelope(distributorDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await getDistributor(
        app.db,
        await requireActiveLocation(request),
        request.params.id,
        request.query.timezone,
        request.query.expand,
      ),
    }),
  );

  app.patch(
    '/distributors/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: "The location's website credentials (username, password stored encrypted) and customer number for a distributor",
        params: z.object({ id: distributorIdParam }),
        body: updateDistributorBodySchema,
        response: { 200: envelope(distributorDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateDistributorAccount(ctx, await requireActiveLocation(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/distributors/:id/dsr',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: "Add a sales rep to the location's account with the distributor",
        params: z.object({ id: distributorIdParam }),
        body: createRepBodySchema,
        response: { 201: envelope(salesRepSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const rep = await createSalesRep(ctx, await requireActiveLocation(request), request.params.id, request.body);
      return reply.code(201).send({ data: rep });
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/distributors/:id/dsr/:dsrId',
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: 'Edit a sales rep; sendInvite=1 e-mails a sign-up link; is_deleted 1 or 0 removes or reactivates',
        params: repParams,
        body: updateRepBodySchema,
        response: { 200: envelope(salesRepSchema), ...errorResponses },
      },
      handler: async (request) => {
        const { id, dsrId } = request.params;
        const result = await updateSalesRepFields(ctx, await requireActiveLocation(request), id, dsrId, request.body);
        return { data: result.rep };
      },
    });
  }
};
