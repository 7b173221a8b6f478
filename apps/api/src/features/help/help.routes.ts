import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope, helpRequestSchema } from '@stockpot/domain';
import { getAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { createMailer } from '../../platform/mail/mailer';
import { sendHelpReport } from './help.service';

/** The help form (doc 3 §2.10, §7 "Cards and help"). */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailer = createMailer({ smtpUrl: app.config.SMTP_URL || undefined, log: app.log });
  app.post(
    '/contacts/help',
    {
      schema: {
        tags: ['help'],
        summary: 'Send a help or issue report for the active location',
        body: helpRequestSchema,
        response: {
          200: envelope(z.object({ id: z.number().int(), message: z.string() })),
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      const data = await sendHelpReport(
        { db: app.db, mailer, log: request.log, supportEmail: app.config.SUPPORT_EMAIL },
        { userId: getAuth(request).userId, locationId, message: request.body.message },
      );
      return { data };
    },
  );
};
