import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  envelope,
  requestPasswordResetSchema,
  resetPasswordBodySchema,
  resetPasswordQuerySchema,
} from '@stockpot/domain';
import { createMailer } from '../../platform/mail/mailer';
import { requestPasswordReset, resetPassword } from './password-reset.service';

const errorResponses = { 400: apiErrorSchema, 429: apiErrorSchema };
const messageResponse = envelope(z.object({ message: z.string() }));

/** Forgot password and /change-password/{token} (doc 3 §2.1, §7): both public. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailer = createMailer({ smtpUrl: app.config.SMTP_URL || undefined, log: app.log });

  app.post(
    '/users/request-password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a single-use password reset link',
        body: requestPasswordResetSchema,
        response: { 200: messageResponse, ...errorResponses },
      },
      // Each request may send an e-mail: limited per client address.
      config: { public: true, rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request) => {
      const data = await requestPasswordReset(
        { db: app.db, mailer, log: request.log, appUrl: app.config.APP_URL },
        request.body.email,
      );
      return { data };
    },
  );

  app.post(
    '/users/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the token of a reset e-mail',
        querystring: resetPasswordQuerySchema,
        body: resetPasswordBodySchema,
        response: { 200: messageResponse, ...errorResponses },
      },
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => ({ data: await resetPassword(app.db, request.query.token, request.body.password) }),
  );
};
