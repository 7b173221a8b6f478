import { guessHeaderRow, type SpreadsheetKind } from '@stockpot/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { badRequest } from '../../platform/errors';
import { cleanUploadFileName } from '../../platform/documents/file-name';
import type { Mailer } from '../../platform/mail/mailer';
import { sendNow } from '../../platform/mail/send-now';
import { insertTemplateRequest } from './order-guides.repo';
import { readHeaderRows, requireUploadTargets, type GuideContext } from './order-guides.service';

export interface TemplateRequestContext extends GuideContext {
  mailer: Mailer;
  supportEmail: string;
}

export interface TemplateRequestInput {
  userId: number;
  locationId: number;
  distributorId: number;
  merchantIds: number[];
  fileName: string;
  bytes: Buffer;
  kind: SpreadsheetKind;
}

/** Rows and columns of the file kept with the request and shown to the operator. */
const KEPT_ROWS = 10;
const KEPT_COLUMNS = 40;

/**
 * POST distributor-order-guides/upload-template/{id} (doc 3 §5 Request Template): the file no
 * approved template reads is kept with its first rows, and support is e-mailed at once with what
 * to run to map it (`npm run template`). The request is stored before the mail goes, so a mail
 * server that is down loses nothing (the outbox keeps the mail).
 */
export async function requestTemplate(ctx: TemplateRequestContext, input: TemplateRequestInput): Promise<{ id: number }> {
  const { merchantIds } = await requireUploadTargets(ctx.db, input);
  const headerRows = (await readHeaderRows(input.bytes, input.kind))
    .slice(0, KEPT_ROWS)
    .map((row) => row.slice(0, KEPT_COLUMNS).map((cell) => cell.slice(0, 200)));
  if (headerRows.every((row) => row.every((cell) => cell.trim() === '')))
    throw badRequest('The file is empty: choose the order guide file.', 'validation_error', [
      { field: 'file', message: 'The file is empty: choose the order guide file.' },
    ]);

  const storedAs = `template-requests/${input.locationId}/${Date.now()}-${Math.random().toString(36).slice(2, 10)}.${input.kind}`;
  await ctx.store.write(storedAs, input.bytes);
  const fileName = cleanUploadFileName(input.fileName, `order-guide.${input.kind}`, 200);
  const id = await insertTemplateRequest(ctx.db, {
    locationId: input.locationId,
    distributorId: input.distributorId,
    userId: input.userId,
    merchantIds,
    fileName,
    storedAs,
    fileKind: input.kind,
    headerRows,
  });
  const [names] = await queryRows<{ location: string; distributor: string; email: string | null }>(
    ctx.db,
    sql`SELECT l.nickname AS location, d.nickname AS distributor, (SELECT email FROM users WHERE id = ${input.userId}) AS email
        FROM locations l, distributors d WHERE l.id = ${input.locationId} AND d.id = ${input.distributorId}`,
  );
  await sendNow(ctx.db, ctx.mailer, ctx.log, {
    to: ctx.supportEmail,
    replyTo: names?.email ?? undefined,
    subject: `Order guide template request #${id}: ${names?.distributor ?? ''} for ${names?.location ?? ''}`,
    text: [
      `${names?.location ?? `Location ${input.locationId}`} asks for an order guide template for ${names?.distributor ?? `distributor ${input.distributorId}`}.`,
      `File: ${fileName} (${input.kind}), kept as ${storedAs}.`,
      '',
      `Its header row looks like: ${guessHeaderRow(headerRows).join(' | ')}`,
      '',
      'Map its columns once (din, name and price, plus pack_size or pack and size):',
      `  npm run template -- approve ${id} --name "${names?.distributor ?? 'Distributor'} order guide" din="…" name="…" price="…" pack_size="…"`,
      `See every open request with: npm run template -- list`,
    ].join('\n'),
    locationId: input.locationId,
  });
  return { id };
}
