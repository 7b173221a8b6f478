import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { outboxMessages, type Database } from '@stockpot/db';

/** Sender of the platform's mail. */
export const MAIL_FROM = 'Stockpot Orders <orders@stockpot.example>';

export interface MailAttachment {
  filename: string;
  /** Path inside the file store, as kept in outbox_messages.attachments. */
  storedAs: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  attachments: MailAttachment[];
  locationId: number | null;
  orderId: number | null;
}

export type OutboxStatus = 'queued' | 'sent' | 'failed';

export interface Mailer {
  /** True when SMTP_URL is set and mail really leaves. */
  readonly isSending: boolean;
  /**
   * Keeps the message in the outbox (status queued) and, with SMTP, sends it: the row becomes sent
   * or failed. Without SMTP the message stays queued and is logged (ARCHITECTURE.md "mail").
   * `onSettled` hears the final status of a send, which runs after this returns.
   */
  send(db: Database, mail: OutgoingMail, onSettled?: (status: OutboxStatus) => Promise<void>): Promise<{ outboxId: number }>;
  /** Records a message that could not even be prepared, with the reason, as failed. */
  recordFailure(db: Database, mail: Omit<OutgoingMail, 'attachments'>, error: string): Promise<{ outboxId: number }>;
}

interface MailerOptions {
  smtpUrl?: string;
  log: FastifyBaseLogger;
}

/** A slow mail server must not hold a connection for minutes: timeouts unless the URL sets its own. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' };
  for (const [name, value] of Object.entries(defaults)) if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  return url.toString();
}

/** Mail through nodemailer when SMTP_URL is set; otherwise the outbox table is the mailbox. */
export function createMailer({ smtpUrl, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(withTimeouts(smtpUrl), { from: MAIL_FROM }) : null;

  async function setStatus(db: Database, outboxId: number, status: OutboxStatus, error: string | null): Promise<void> {
    await db
      .update(outboxMessages)
      .set({ status, error, sentAt: status === 'sent' ? sql`now()` : null })
      .where(eq(outboxMessages.id, outboxId));
  }

  return {
    isSending: transport !== null,

    async send(db, mail, onSettled) {
      const [row] = await db
        .insert(outboxMessages)
        .values({
          locationId: mail.locationId,
          orderId: mail.orderId,
          toAddress: mail.to,
          subject: mail.subject,
          body: mail.text,
          attachments: mail.attachments.map((a) => a.storedAs),
          status: 'queued',
        })
        .returning({ id: outboxMessages.id });
      if (!transport) {
        log.info(
          { outboxId: row.id, to: mail.to, subject: mail.subject, attachments: mail.attachments.map((a) => a.storedAs) },
          'mail kept in the outbox (no SMTP_URL)',
        );
        return { outboxId: row.id };
      }
      // Sent after the caller has answered: the outbox row tracks how it went.
      void transport
        .sendMail({
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        })
        .then(
          async () => {
            await setStatus(db, row.id, 'sent', null);
            await onSettled?.('sent');
          },
          async (error: Error) => {
            log.error({ err: error, outboxId: row.id }, 'mail could not be sent');
            await setStatus(db, row.id, 'failed', error.message.slice(0, 1000));
            await onSettled?.('failed');
          },
        )
        .catch((error: unknown) => log.error({ err: error, outboxId: row.id }, 'mail status could not be recorded'));
      return { outboxId: row.id };
    },

    async recordFailure(db, mail, error) {
      const [row] = await db
        .insert(outboxMessages)
        .values({
          locationId: mail.locationId,
          orderId: mail.orderId,
          toAddress: mail.to,
          subject: mail.subject,
          body: mail.text,
          attachments: [],
          status: 'failed',
          error: error.slice(0, 1000),
        })
        .returning({ id: outboxMessages.id });
      log.error({ outboxId: row.id, to: mail.to, subject: mail.subject, error }, 'mail could not be prepared');
      return { outboxId: row.id };
    },
  };
}
