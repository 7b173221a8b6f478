import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  envelope,
  idempotencyKeySchema,
  idSchema,
  ORDER_MESSAGES,
  orderSubmitRequestSchema,
  orderSummarySchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { createFileStore, resolveFilesDir } from '../../platform/documents/file-store';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { requireActiveLocation } from '../../platform/location-scope';
import { createMailer } from '../../platform/mail/mailer';
import { submitOrder } from './checkout.service';
import {
  enqueuePurchaseOrder,
  failPurchaseOrderJob,
  PURCHASE_ORDER_EXPIRE_SECONDS,
  PURCHASE_ORDER_QUEUE,
  PURCHASE_ORDER_RETRY_DELAY_SECONDS,
  runPurchaseOrderJob,
  type PurchaseOrderJob,
} from './purchase-order-job';
import {
  PURCHASE_ORDER_CONTENT_TYPES,
  readPurchaseOrderFile,
  type PurchaseOrderContext,
  type PurchaseOrderFormat,
} from './purchase-order.service';

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
};

/** Order submission (doc 1 §7 POST /orders) and the purchase order files of doc 3 §4 "Order download". */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const documents: PurchaseOrderContext = {
    db: app.db,
    store: createFileStore(resolveFilesDir(app.config)),
    mailer: createMailer({ smtpUrl: app.config.SMTP_URL || undefined, log: app.log }),
    log: app.log,
    appUrl: app.config.APP_URL,
  };
  await app.jobs.define<PurchaseOrderJob>({
    name: PURCHASE_ORDER_QUEUE,
    // Short, so that a job held by a dead process runs again within a minute (issue 33 defect 7);
    // a slow live attempt meeting its own retry is safe because the e-mail is claimed once.
    expireInSeconds: PURCHASE_ORDER_EXPIRE_SECONDS,
    retryDelaySeconds: PURCHASE_ORDER_RETRY_DELAY_SECONDS,
    handle: (job) => runPurchaseOrderJob(documents, job),
    onFailed: (job, error) => failPurchaseOrderJob(documents, job, error),
  });

  app.post(
    '/orders',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['checkout'],
        summary: "Place an order for one distributor from the active location's cart",
        description:
          'Requires an Idempotency-Key header: a retry with the same key answers the order already placed (200) and does nothing else. ' +
          'A new order answers 201. A declined card answers 402 with the card provider’s message.',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: orderSubmitRequestSchema,
        response: { 200: envelope(orderSummarySchema), 201: envelope(orderSummarySchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeySchema.safeParse(request.headers['idempotency-key'] ?? '');
      if (!key.success) {
        const message = request.headers['idempotency-key'] ? key.error.issues[0].message : ORDER_MESSAGES.idempotencyKeyRequired;
        throw badRequest(message, 'idempotency_key_required');
      }
      const locationId = await requireActiveLocation(request);
      const result = await submitOrder(
        {
          db: app.db,
          log: request.log,
          paymentGateway: app.hasDecorator('paymentGateway') ? app.paymentGateway : null,
          enqueueDocuments: (tx, location, orderId) => enqueuePurchaseOrder(app.jobs, tx, { locationId: location, orderId }),
          afterCommit: () => app.jobs.wake(PURCHASE_ORDER_QUEUE),
        },
        { userId: getAuth(request).userId, locationId, idempotencyKey: key.data, body: request.body },
      );
      if (result.isReplay) void reply.header('Idempotent-Replayed', 'true');
      return reply.code(result.isReplay ? 200 : 201).send({ data: result.order });
    },
  );

  for (const format of ['pdf', 'xlsx'] as PurchaseOrderFormat[]) {
    app.get(
      `/orders/:id/purchase-order.${format}`,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['orders'],
          summary: `The purchase order of one of the active location's orders, as ${format === 'pdf' ? 'PDF' : 'Excel'}`,
          params: z.object({ id: idSchema }),
          produces: [PURCHASE_ORDER_CONTENT_TYPES[format]],
          response: { 200: z.any(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const locationId = await requireActiveLocation(request);
        const file = await readPurchaseOrderFile(documents, locationId, request.params.id, format);
        if (!file) throw notFound('Order');
        if (file === 'pending') {
          throw new AppError(
            409,
            'documents_pending',
            'The purchase order is still being prepared. Please try again in a moment.',
          );
        }
        return reply
          .header('Content-Type', PURCHASE_ORDER_CONTENT_TYPES[format])
          .header('Content-Disposition', `attachment; filename="PO-${request.params.id}.${format}"`)
          .header('Cache-Control', 'private, no-store')
          .send(file);
      },
    );
  }
};
