import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@stockpot/db';
import { HELP_SUCCESS_TEXT } from '@stockpot/domain';
import type { Mailer } from '../../platform/mail/mailer';
import { sendNow } from '../../platform/mail/send-now';
import * as repo from './help.repo';

export interface HelpContext {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  supportEmail: string;
}

/**
 * POST contacts/help (doc 3 §2.10): the report is stored for the location first, so it is never
 * lost, then e-mailed to support with the reporter as the reply-to address.
 */
export async function sendHelpReport(
  ctx: HelpContext,
  input: { userId: number; locationId: number; message: string },
): Promise<{ id: number; message: string }> {
  const report = await repo.insertReport(ctx.db, input);
  const reporter = await repo.findReporter(ctx.db, input.userId, input.locationId);
  const name = reporter ? `${reporter.firstName} ${reporter.lastName}`.trim() : `user ${input.userId}`;
  await sendNow(ctx.db, ctx.mailer, ctx.log, {
    to: ctx.supportEmail,
    replyTo: reporter?.email,
    subject: `Help request #${report.id} from ${reporter?.location ?? `location ${input.locationId}`}`,
    text: [
      `${name}${reporter?.title ? ` (${reporter.title})` : ''} <${reporter?.email ?? ''}> at ${reporter?.location ?? ''} wrote:`,
      '',
      input.message,
      '',
      `Report #${report.id}, location ${input.locationId}.`,
    ].join('\n'),
    locationId: input.locationId,
  });
  return { id: report.id, message: HELP_SUCCESS_TEXT };
}
