import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@stockpot/db';
import type { Config } from './config';
import { AppError, answerFrameworkError, RATE_LIMITED, registerErrorHandler } from './platform/errors';
import { requireAuth } from './platform/auth-guard';
import { REDACT_PATHS, serializeAnyError, serializeError, serializeRequest } from './platform/logging';
import { refuseUnsafeInput, validatorCompiler } from './platform/validation';
import { registerSpa } from './platform/spa';
import { COMPRESSION } from './platform/compressed-answers';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerPayments } from './platform/payments';
import { registerJobs } from './platform/jobs/register-jobs';
import { registerLiveEvents } from './platform/events/register-live-events';
import { liveEventsRoutes } from './platform/events/events.routes';
import { authRoutes } from './features/auth/auth.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { helpRoutes } from './features/help/help.routes';
import { messagesRoutes } from './features/messages/messages.routes';
import { gettingStartedRoutes } from './features/getting-started/getting-started.routes';
import { passwordResetRoutes } from './features/auth/password-reset.routes';
import { signUpRoutes } from './features/signup/signup.routes';
import { healthRoutes } from './features/health/health.routes';
import { registerReadReplica } from './platform/db-replica';
import { cardsRoutes } from './features/cards/cards.routes';
import { checkoutRoutes } from './features/checkout/checkout.routes';
import { orderHistoryRoutes } from './features/orders/order-history.routes';
import { savingsRoutes } from './features/savings/savings.routes';
import { catalogRoutes } from './features/catalog/catalog.routes';
import { cartRoutes } from './features/cart/cart.routes';
import { pastOrdersRoutes } from './features/orders/past-orders.routes';
import { receivingRoutes } from './features/orders/receiving.routes';
import { invoiceImagesRoutes } from './features/orders/invoice-images.routes';
import { orderGuidesRoutes } from './features/order-guides/order-guides.routes';
import { distributorDirectoryRoutes } from './features/distributors/directory.routes';
import { distributorsRoutes } from './features/distributors/distributors.routes';
import { repAccessRoutes } from './features/distributors/rep-access.routes';
import { shoppingListsRoutes } from './features/shopping-lists/shopping-lists.routes';
import { inventoryRoutes } from './features/inventory/inventory.routes';
import { inventoriesRoutes } from './features/inventories/inventories.routes';
import { accountingRoutes } from './features/accounting/accounting.routes';
import { posRoutes } from './features/pos/pos.routes';
import { recipesRoutes } from './features/recipes/recipes.routes';
import { recipeLinkedItemsRoutes } from './features/recipes/linked-items.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { chainRoutes } from './features/chain/chain.routes';
import { suggestedOrdersRoutes } from './features/suggested-orders/suggested-orders.routes';
import { barcodesRoutes } from './features/barcodes/barcodes.routes';
import { invoicesRoutes } from './features/invoices/invoices.routes';
import { registerInvoiceMail } from './features/invoices/invoice-mail.listener';
import { builtAnswerSerializer } from './platform/serializers';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    databaseKind: 'pglite' | 'postgres';
    config: Config;
  }
}

export interface AppDependencies {
  config: Config;
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  /** Where the logs go instead of stdout: the hardening tests read them. */
  logStream?: { write: (line: string) => void };
}

/** Builds the server without listening, so tests drive it with inject(). */
export async function buildApp({ config, db, databaseKind, logStream }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            serializers: { req: serializeRequest, err: serializeError, error: serializeAnyError },
            ...(logStream
              ? { stream: logStream }
              : config.NODE_ENV === 'development'
                ? { transport: { target: 'pino-pretty' } }
                : {}),
          },
    // Proxy headers (X-Forwarded-For, -Proto) count only from the proxies TRUST_PROXY names: the
    // sign-in throttle and the rate limits key on the client address.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Production writes every built answer with JSON.stringify alone; tests and development check it
  // against its schema on every request and refuse keys the schema lacks (serializers.ts).
  app.setSerializerCompiler(builtAnswerSerializer(config.NODE_ENV !== 'production'));
  app.decorate('db', db);
  app.decorate('databaseKind', databaseKind);
  app.decorate('config', config);
  app.decorateRequest('auth', null);
  registerErrorHandler(app);
  app.addHook('preValidation', refuseUnsafeInput);

  app.addHook('onRequest', async (request, reply) => {
    // Answers of the API hold session tokens and location data: never kept by a browser or proxy.
    if (request.url.startsWith('/api/')) void reply.header('Cache-Control', 'no-store');
    // HSTS only on a connection that is HTTPS (directly, or as a trusted proxy says): over plain
    // HTTP it is ignored by browsers at best and pins a development host to HTTPS at worst.
    if (request.protocol === 'https') void reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });

  registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, RATE_LIMITED, `Too many requests. Please wait ${context.after} and try again.`),
  });
  // API answers of 1 KB and more go out brotli or gzip (a quick brotli level: answers are made per
  // request; kept answers are kept compressed, compressed-answers.ts); the web build's files are
  // compressed at build time and served as they are (spa.ts).
  await app.register(compress, COMPRESSION);
  await registerJobs(app);
  registerLiveEvents(app);
  registerInvoiceMail(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Stockpot API',
        description: 'Purchasing for restaurants: ordering, inventory and back office.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Public routes (sign-in, health) say so in the document: no token needed.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const isPublic = input.route.config?.public === true || !input.url.startsWith('/api/v1/');
      return isPublic ? { ...output, schema: { ...output.schema, security: [] } } : output;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await registerReadReplica(app);
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(import('./features/bench/bench.routes'), { prefix: '/api' });
  // Decorates app.paymentGateway; the test gateway also serves its tokenise endpoint outside /api/v1.
  await registerPayments(app, config);
  await app.register(
    async (api) => {
      // Every route is private unless it says `config: { public: true }`, and authentication runs
      // first: a caller without a session gets 401 before any body is parsed or validated.
      api.addHook('onRequest', async (request, reply) => {
        if (request.routeOptions.config.public === true) return;
        await requireAuth(request, reply);
      });
      await api.register(authRoutes);
      await api.register(passwordResetRoutes);
      await api.register(signUpRoutes);
      await api.register(adminRoutes);
      await api.register(helpRoutes);
      await api.register(messagesRoutes);
      await api.register(cardsRoutes);
      await api.register(savingsRoutes);
      await api.register(checkoutRoutes);
      await api.register(orderHistoryRoutes);
      await api.register(catalogRoutes);
      await api.register(cartRoutes);
      await api.register(pastOrdersRoutes);
      await api.register(receivingRoutes);
      await api.register(invoiceImagesRoutes);
      await api.register(invoicesRoutes);
      await api.register(distributorsRoutes);
      await api.register(distributorDirectoryRoutes);
      await api.register(repAccessRoutes);
      await api.register(orderGuidesRoutes);
      await api.register(shoppingListsRoutes);
      await api.register(inventoryRoutes);
      await api.register(inventoriesRoutes);
      await api.register(accountingRoutes);
      await api.register(recipesRoutes);
      await api.register(recipeLinkedItemsRoutes);
      await api.register(posRoutes);
      await api.register(analyticsRoutes);
      await api.register(chainRoutes);
      await api.register(suggestedOrdersRoutes);
      await api.register(gettingStartedRoutes);
      await api.register(barcodesRoutes);
      await api.register(liveEventsRoutes);
    },
    { prefix: '/api/v1' },
  );

  await registerSpa(app, config.WEB_DIST);
  return app;
}

/** TRUST_PROXY as a hop count: the nearest `hops` addresses of the chain are proxies. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
