import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as the server received it. */
  raw: string;
  subject: string;
  /** The text body, quoted-printable decoded. */
  text: string;
}

export interface SmtpInbox {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to `address` (already received or yet to come). */
  waitFor(address: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const isQuotedPrintable = /^Content-Transfer-Encoding: quoted-printable/im.test(headers);
  const isBase64 = /^Content-Transfer-Encoding: base64/im.test(headers);
  const text = isQuotedPrintable
    ? decodeQuotedPrintable(body)
    : isBase64
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : body;
  return { subject, text: text.replace(/\r\n/g, '\n').replace(/\n\.\n?$/, '') };
}

export interface SmtpInboxOptions {
  /** A fixed port (the e2e server is told it before the inbox starts); a free one by default. */
  port?: number;
  /** Called with each message as it arrives (the e2e inbox hands them to other processes). */
  onMail?: (mail: ReceivedMail) => void;
}

/** A real SMTP server on a local port that keeps every message it receives (tests read them). */
export async function startSmtpInbox(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiters: { address: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMessage(raw),
        };
        messages.push(mail);
        options.onMail?.(mail);
        for (const waiter of [...waiters]) {
          if (mail.to.includes(waiter.address)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(address) {
      const found = messages.find((m) => m.to.includes(address));
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ address, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
