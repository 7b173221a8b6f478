import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  authenticateRequestSchema,
  currentUserSchema,
  envelope,
  idSchema,
  signedInUserSchema,
  switchLocationRequestSchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { badRequest } from '../../platform/errors';
import { getCurrentUser, signIn, signOut, switchActiveLocation } from './auth.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/authenticate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: authenticateRequestSchema,
        response: { 200: envelope(signedInUserSchema), ...errorResponses },
      },
      config: { public: true, rateLimit: { max: app.config.SIGN_IN_MAX_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request) => {
      const body = request.body;
      const data = await signIn(
        app.db,
        app.config,
        {
          email: body.email,
          password: body.password,
          companyId: Number(body.company_id),
          secret: body.secret,
          clientAddress: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        },
        request.log,
      );
      return { data };
    },
  );

  app.get(
    '/users/current-user',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      return { data: await getCurrentUser(app.db, auth.userId, auth.activeLocationId) };
    },
  );

  app.post(
    '/users/logout',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        response: { 200: envelope(z.object({ loggedOut: z.literal(true) })), ...errorResponses },
      },
    },
    async (request) => {
      await signOut(app.db, getAuth(request).sessionId);
      return { data: { loggedOut: true as const } };
    },
  );

  app.put(
    '/users/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Switch the active location',
        params: z.object({ id: idSchema }),
        body: switchLocationRequestSchema,
        response: { 200: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request) => {
      if (request.body.id !== request.params.id) throw badRequest('id in the body must match the path.', 'id_mismatch');
      const data = await switchActiveLocation(app.db, getAuth(request), request.params.id, request.body.active_location_id);
      return { data };
    },
  );
};
