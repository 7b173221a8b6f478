import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { INVOICE_MAIL_MAX_BYTES, INVOICE_MAIL_MAX_RECIPIENTS, parseInvoiceAddress } from '@stockpot/domain';
import { createFileStore, resolveFilesDir } from '../../platform/documents/file-store';
import { receiveInvoiceMail } from './invoice-mail.service';
import { INVOICE_OCR_QUEUE } from './invoice-ocr.job';
import { findLocationByMailToken } from './invoices.repo';

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbound mail listener's port once listening; null when INBOUND_SMTP_PORT is unset. */
    invoiceMailPort: () => number | null;
  }
}

/** An SMTP refusal: smtp-server answers the error's responseCode and message. */
function refusal(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

function readStream(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/**
 * Invoices by e-mail (issue 36): an SMTP listener for the locations' invoice addresses, on when
 * INBOUND_SMTP_PORT is set. Unknown addresses are refused at RCPT TO (550); after DATA the attached
 * files are imported and the reply says what happened (250, or 554 with the reason). It starts
 * when the app is ready and stops on close; with WORKERS=N every process listens and node:cluster
 * shares the port, as it does the HTTP one.
 */
export function registerInvoiceMail(app: FastifyInstance): void {
  const { INBOUND_SMTP_PORT: port, INBOUND_MAIL_DOMAIN: domain } = app.config;
  let server: SMTPServer | null = null;
  app.decorate('invoiceMailPort', () => (server ? ((server.server.address() as AddressInfo | null)?.port ?? null) : null));
  if (port === undefined || !domain) return;
  const ctx = { db: app.db, store: createFileStore(resolveFilesDir(app.config)), jobs: app.jobs };

  server = new SMTPServer({
    name: domain,
    banner: 'Stockpot invoices',
    size: INVOICE_MAIL_MAX_BYTES,
    authOptional: true,
    // No certificate of ours to offer, and nobody signs in to send invoices.
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    maxClients: 50,
    closeTimeout: 10_000,
    async onRcptTo(address, session, callback) {
      try {
        if (session.envelope.rcptTo.length >= INVOICE_MAIL_MAX_RECIPIENTS) return callback(refusal(452, 'Too many recipients'));
        const token = parseInvoiceAddress(address.address, domain);
        const locationId = token ? await findLocationByMailToken(app.db, token) : undefined;
        if (locationId === undefined) return callback(refusal(550, 'No such invoice address'));
        callback();
      } catch (error) {
        app.log.error({ err: error }, 'invoice mail: recipient check failed');
        callback(refusal(451, 'Temporary failure, try again later'));
      }
    },
    async onData(stream, session, callback) {
      try {
        const raw = await readStream(stream);
        if (stream.sizeExceeded)
          return callback(refusal(552, `Message too large: ${INVOICE_MAIL_MAX_BYTES / 1024 / 1024} MB at most`));
        const locationIds: number[] = [];
        for (const recipient of session.envelope.rcptTo) {
          const token = parseInvoiceAddress(recipient.address, domain);
          const locationId = token ? await findLocationByMailToken(app.db, token) : undefined;
          if (locationId !== undefined && !locationIds.includes(locationId)) locationIds.push(locationId);
        }
        const mailFrom = session.envelope.mailFrom;
        const reply = await receiveInvoiceMail(ctx, {
          raw,
          envelopeFrom: mailFrom ? mailFrom.address : null,
          locationIds,
        });
        app.log.info({ locationIds, accepted: reply.isAccepted, reply: reply.message }, 'invoice mail received');
        // Photos and PDFs were queued in their own transactions: read them now, not at the next poll.
        app.jobs.wake(INVOICE_OCR_QUEUE);
        if (!reply.isAccepted) return callback(refusal(554, reply.message));
        callback(null, reply.message);
      } catch (error) {
        app.log.error({ err: error }, 'invoice mail: import failed');
        callback(refusal(451, 'Temporary failure, try again later'));
      }
    },
  });
  server.on('error', (error) => app.log.error({ err: error }, 'invoice mail listener'));

  const listener = server;
  app.addHook('onReady', async () => {
    const host = app.config.INBOUND_SMTP_HOST ?? app.config.HOST;
    await new Promise<void>((resolve, reject) => {
      listener.server.once('error', reject);
      listener.listen(port, host, () => {
        listener.server.off('error', reject);
        resolve();
      });
    });
    app.log.info({ port: app.invoiceMailPort(), domain }, 'invoice mail listener started');
  });
  // Before the database closes: a message being imported finishes (or is cut after closeTimeout).
  app.addHook('onClose', async () => {
    if (!listener.server.listening) return;
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });
}
