import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@stockpot/db';
import type { Config } from './config';
import { registerErrorHandler } from './platform/errors';
import { registerSpa } from './platform/spa';
import { registerPayments } from './platform/payments';
import { registerJobs } from './platform/jobs/register-jobs';
import { authRoutes } from './features/auth/auth.routes';
import { healthRoutes } from './features/health/health.routes';
import { cardsRoutes } from './features/cards/cards.routes';
import { checkoutRoutes } from './features/checkout/checkout.routes';
import { orderHistoryRoutes } from './features/orders/order-history.routes';
import { savingsRoutes } from './features/savings/savings.routes';
import { catalogRoutes } from './features/catalog/catalog.routes';
import { cartRoutes } from './features/cart/cart.routes';
import { pastOrdersRoutes } from './features/orders/past-orders.routes';
import { distributorsRoutes } from './features/distributors/distributors.routes';
import { shoppingListsRoutes } from './features/shopping-lists/shopping-lists.routes';

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
            redact: ['req.headers.authorization', 'req.body.password'],
            ...(logStream
              ? { stream: logStream }
              : config.NODE_ENV === 'development'
                ? { transport: { target: 'pino-pretty' } }
                : {}),
          },
    trustProxy: true,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('databaseKind', databaseKind);
  app.decorate('config', config);
  app.decorateRequest('auth', null);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // API answers of 1 KB and more go out brotli or gzip (a quick brotli level: answers are made per
  // request); the web build's files are compressed at build time and served as they are (spa.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerJobs(app);
  await app.register(rateLimit, { global: false });
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
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(import('./features/bench/bench.routes'), { prefix: '/api' });
  // Decorates app.paymentGateway; the test gateway also serves its tokenise endpoint outside /api/v1.
  await registerPayments(app, config);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(cardsRoutes);
      await api.register(savingsRoutes);
      await api.register(checkoutRoutes);
      await api.register(orderHistoryRoutes);
      await api.register(catalogRoutes);
      await api.register(cartRoutes);
      await api.register(pastOrdersRoutes);
      await api.register(distributorsRoutes);
      await api.register(shoppingListsRoutes);
    },
    { prefix: '/api/v1' },
  );

  await registerSpa(app, config.WEB_DIST);
  return app;
}
