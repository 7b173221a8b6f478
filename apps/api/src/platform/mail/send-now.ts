import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@stockpot/db';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * Platform mail a person waits for (a reset link, a help report): kept in the outbox and sent at
 * once after the write that needs it has committed. A failed send is logged and the row stays
 * queued with the error (docs/decisions.md "Account access"); the caller's answer does not depend
 * on the mail server, so a visitor learns nothing from how it behaves.
 */
export async function sendNow(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  mail: Omit<OutgoingMail, 'attachments' | 'orderId' | 'locationId'> & { locationId?: number | null },
): Promise<{ outboxId: number; outcome: 'sent' | 'kept' | 'failed' }> {
  const outgoing: OutgoingMail = { ...mail, locationId: mail.locationId ?? null, orderId: null, attachments: [] };
  const { outboxId } = await mailer.queue(db, outgoing);
  try {
    return { outboxId, outcome: await mailer.deliver(db, outboxId, outgoing) };
  } catch (error) {
    log.warn({ err: error, outboxId }, 'platform mail not sent; kept queued in the outbox');
    return { outboxId, outcome: 'failed' };
  }
}
