import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { PaymentGateway } from './payment-gateway';
import { createTestGateway } from './test-gateway';
import { testGatewayRoutes } from './test-gateway.routes';

export type { AuthorizeRequest, AuthorizeResult, CardDescription, PaymentGateway } from './payment-gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured card provider; checkout calls authorize() on it. */
    paymentGateway: PaymentGateway;
  }
}

/** A configured provider: the server-side adapter, and any endpoint of its own the browser calls. */
export interface PaymentProvider {
  gateway: PaymentGateway;
  /** Only the built-in test gateway serves its own tokenise endpoint; a real provider's is on its servers. */
  browserRoutes?: { prefix: string; plugin: FastifyPluginAsync };
}

/**
 * Picks the provider by PAYMENT_GATEWAY. A real provider plugs in as one more case: an adapter file
 * implementing PaymentGateway with the provider's server SDK (its secret key from config), and no
 * browserRoutes, since the browser tokenises on the provider's own servers through its script.
 */
export function createPaymentProvider(config: Pick<Config, 'PAYMENT_GATEWAY' | 'PAYMENT_GATEWAY_SECRET'>): PaymentProvider {
  switch (config.PAYMENT_GATEWAY) {
    case 'test': {
      const gateway = createTestGateway({ secret: config.PAYMENT_GATEWAY_SECRET });
      return { gateway, browserRoutes: { prefix: '/payment-gateway/test', plugin: testGatewayRoutes(gateway) } };
    }
  }
}

/** Decorates `app.paymentGateway` and mounts the provider's browser endpoint, if it has one. */
export async function registerPayments(app: FastifyInstance, config: Config): Promise<void> {
  const provider = createPaymentProvider(config);
  app.decorate('paymentGateway', provider.gateway);
  if (provider.browserRoutes) await app.register(provider.browserRoutes.plugin, { prefix: provider.browserRoutes.prefix });
  if (provider.gateway.name === 'test') app.log.info('Cards go through the built-in test gateway: no card is ever charged.');
}
