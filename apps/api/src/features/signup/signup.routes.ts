import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  envelope,
  signUpDistributorOptionSchema,
  signUpDistributorSearchQuerySchema,
  signUpRequestSchema,
  signUpResponseSchema,
} from '@stockpot/domain';
import { searchSignUpDistributors, signUp } from './signup.service';

/** Sign-up wizard calls (doc 3 §7 "Authentication and sign-up"): both public, both rate limited. */
export const signUpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sign-up',
    {
      schema: {
        tags: ['signup'],
        summary: 'Sign up a restaurant: owner, locations, distributors and reps, paid by card',
        description:
          'Writes everything in one transaction after the card is authorised for the one-time fee. A broken rule answers 400 ' +
          'with the first message of the wizard’s flat list (all of them in errors); a declined card answers 402 with the ' +
          'card provider’s message; nothing is written in either case.',
        body: signUpRequestSchema,
        response: {
          201: envelope(signUpResponseSchema),
          400: apiErrorSchema,
          402: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      // As sign-in: each attempt hashes a password and may authorise a card.
      config: { public: true, rateLimit: { max: app.config.SIGN_IN_MAX_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const data = await signUp({ db: app.db, gateway: app.paymentGateway, log: request.log }, request.body);
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/sign-up/distributors',
    {
      schema: {
        tags: ['signup'],
        summary: 'Distributor search of the sign-up wizard (name contains the text)',
        querystring: signUpDistributorSearchQuerySchema,
        response: { 200: envelope(z.array(signUpDistributorOptionSchema)), 400: apiErrorSchema, 429: apiErrorSchema },
      },
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => ({ data: await searchSignUpDistributors(app.db, request.query.search) }),
  );
};
