import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { cardTokenRequestSchema, type GatewayError } from '@stockpot/domain';
import type { TestGateway } from './test-gateway';

/** Tokenise calls per client address per minute: enough for a person, too few for card testing. */
const TOKENIZE_MAX_PER_MINUTE = 30;

const reply4xx = (type: GatewayError['type'], code: string, message: string, param?: string): { error: GatewayError } => ({
  error: { type, code, message, ...(param ? { param } : {}) },
});

/**
 * The test gateway's own endpoint, outside /api/v1 as a provider's would be: POST /tokens with the
 * card and billing address, answered with a token or { error: { type, code, message, param } }.
 * It never touches the database, and nothing about a request is logged: the route logs only at
 * warn level (so no request lines), errors are answered here without their body, and messages
 * that could quote the body (a JSON parse error does) are replaced by fixed text.
 */
export function testGatewayRoutes(gateway: TestGateway): FastifyPluginAsync {
  return async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply
          .code(429)
          .send(reply4xx('rate_limit_error', 'rate_limit', 'Too many requests. Please wait a minute and try again.'));
      }
      if (status >= 400 && status < 500) {
        return reply
          .code(status)
          .send(reply4xx('invalid_request_error', 'invalid_request', 'The card details could not be read.'));
      }
      request.log.error({ code: error.code }, 'test gateway tokenise failed');
      return reply.code(500).send({ error: { type: 'api_error', code: 'api_error', message: 'Something went wrong.' } });
    });

    app.post(
      '/tokens',
      {
        logLevel: 'warn',
        bodyLimit: 4096,
        schema: { hide: true },
        config: { rateLimit: { max: TOKENIZE_MAX_PER_MINUTE, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        const parsed = cardTokenRequestSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          const param = parsed.error.issues[0]?.path.join('.') || undefined;
          return reply
            .code(400)
            .send(reply4xx('invalid_request_error', 'parameter_invalid', `Invalid value for ${param ?? 'the request'}.`, param));
        }
        const result = gateway.tokenize(parsed.data);
        if (!result.ok) return reply.code(result.status).send({ error: result.error });
        return reply.code(200).send(result.token);
      },
    );
  };
}
