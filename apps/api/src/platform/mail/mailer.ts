import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { outboxMessages, queryRowsPrepared, type Database } from '@stockpot/db';

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
  /** Keeps the message in the outbox, status queued, until deliver() settles it. */
  queue(db: Database, mail: OutgoingMail): Promise<{ outboxId: number }>;
  /**
   * Sends a queued message and waits for the mail server: the row becomes sent. Without SMTP the
   * message stays queued in the outbox and is logged (ARCHITECTURE.md "mail"): 'kept'. A refused or
   * failed send keeps the row queued with the error and throws, so the job that called it retries.
   */
  deliver(db: Database, outboxId: number, mail: OutgoingMail): Promise<'sent' | 'kept'>;
  /** Marks a queued message failed for good, with the reason (its job gave up). */
  markFailed(db: Database, outboxId: number, error: string): Promise<void>;
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
    // Named (drizzle builds it; one text per kind of status): a purchase order writes it every order.
    await queryRowsPrepared(
      db,
      db
        .update(outboxMessages)
        .set({ status, error, sentAt: status === 'sent' ? sql`now()` : null })
        .where(eq(outboxMessages.id, outboxId))
        .getSQL(),
    );
  }

  /** The mail's outbox row: where it goes and what it says, with its state. */
  async function insertOutbox(
    db: Database,
    mail: Omit<OutgoingMail, 'attachments'>,
    state: { attachments: string[]; status: OutboxStatus; error?: string },
  ): Promise<number> {
    const [row] = await queryRowsPrepared<{ id: number }>(
      db,
      db
        .insert(outboxMessages)
        .values({
          locationId: mail.locationId,
          orderId: mail.orderId,
          toAddress: mail.to,
          subject: mail.subject,
          body: mail.text,
          ...state,
        })
        .returning({ id: outboxMessages.id })
        .getSQL(),
    );
    return row.id;
  }

  return {
    isSending: transport !== null,

    async queue(db, mail) {
      return {
        outboxId: await insertOutbox(db, mail, { attachments: mail.attachments.map((a) => a.storedAs), status: 'queued' }),
      };
    },

    async deliver(db, outboxId, mail) {
      if (!transport) {
        log.info(
          { outboxId, to: mail.to, subject: mail.subject, attachments: mail.attachments.map((a) => a.storedAs) },
          'mail kept in the outbox (no SMTP_URL)',
        );
        return 'kept';
      }
      try {
        await transport.sendMail({
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        });
      } catch (error) {
        const message = (error as Error).message.slice(0, 1000);
        log.warn({ err: error, outboxId }, 'mail could not be sent; it will be retried');
        await setStatus(db, outboxId, 'queued', message);
        throw error;
      }
      await setStatus(db, outboxId, 'sent', null);
      return 'sent';
    },

    async markFailed(db, outboxId, error) {
      log.error({ outboxId, error }, 'mail could not be sent; giving up');
      await setStatus(db, outboxId, 'failed', error.slice(0, 1000));
    },

    async recordFailure(db, mail, error) {
      const outboxId = await insertOutbox(db, mail, { attachments: [], status: 'failed', error: error.slice(0, 1000) });
      log.error({ outboxId, to: mail.to, subject: mail.subject, error }, 'mail could not be prepared');
      return { outboxId };
    },
  };
}
