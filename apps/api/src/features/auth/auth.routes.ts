import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  authenticateRequestSchema,
  currentUserSchema,
  DEVICE_COOKIE_NAME,
  deviceTokenSchema,
  envelope,
  idSchema,
  KNOWN_DEVICE_DAYS,
  signedInUserSchema,
  switchLocationRequestSchema,
  unlockSignInRequestSchema,
} from '@stockpot/domain';
import type { Config } from '../../config';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { readCookie, serializeCookie } from '../../platform/cookies';
import { badRequest } from '../../platform/errors';
import { createMailer } from '../../platform/mail/mailer';
import { getCurrentUser, signIn, signOut, switchActiveLocation } from './auth.service';
import { unlockSignIn } from './sign-in-unlock.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/** Only POST authenticate and authenticate/unlock read the device cookie, so no other request carries it. */
const DEVICE_COOKIE_PATH = '/api/v1/authenticate';

/**
 * The browser's device token: a malformed or foreign cookie reads as none (the browser sends it
 * on its own, so it is never the person's mistake to answer with a 400).
 */
function readDeviceToken(request: FastifyRequest): string | undefined {
  const parsed = deviceTokenSchema.safeParse(readCookie(request.headers.cookie, DEVICE_COOKIE_NAME));
  return parsed.success ? parsed.data : undefined;
}

function setDeviceCookie(reply: FastifyReply, request: FastifyRequest, config: Config, deviceToken: string): void {
  const cookie = serializeCookie(DEVICE_COOKIE_NAME, deviceToken, {
    maxAgeSeconds: KNOWN_DEVICE_DAYS * 86_400,
    path: DEVICE_COOKIE_PATH,
    isSecure: request.protocol === 'https' || config.APP_URL.startsWith('https:'),
  });
  void reply.header('set-cookie', cookie);
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailer = createMailer({ smtpUrl: app.config.SMTP_URL || undefined, log: app.log });

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
    async (request, reply) => {
      const body = request.body;
      const { user, deviceToken } = await signIn(
        { db: app.db, config: app.config, mailer, log: request.log },
        {
          email: body.email,
          password: body.password,
          companyId: Number(body.company_id),
          secret: body.secret,
          clientAddress: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          deviceToken: readDeviceToken(request),
        },
      );
      setDeviceCookie(reply, request, app.config, deviceToken);
      return { data: user };
    },
  );

  app.post(
    '/authenticate/unlock',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the one-time link mailed when the account was locked, and lift the lock',
        body: unlockSignInRequestSchema,
        response: { 200: envelope(signedInUserSchema), ...errorResponses },
      },
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { user, deviceToken } = await unlockSignIn(app.db, app.config, {
        token: request.body.token,
        clientAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        deviceToken: readDeviceToken(request),
      });
      setDeviceCookie(reply, request, app.config, deviceToken);
      return { data: user };
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
