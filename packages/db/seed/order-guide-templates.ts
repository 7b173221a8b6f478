/**
 * The operator's side of Request Template (issue 20): list the open requests and map one request's
 * columns once, which stores an approved template for its distributor, so the next
 * check-for-template of that layout finds it. Used by `npm run template` and its tests.
 */
import { sql } from 'drizzle-orm';
import { buildTemplateFromMapping, guessHeaderRow, type ColumnMapping } from '@stockpot/domain';
import type { Database } from '../src/client';
import { queryRows } from './sql-helpers';

export interface TemplateRequestSummary {
  id: number;
  location: string;
  distributorId: number;
  distributor: string;
  fileName: string;
  status: 'requested' | 'approved';
  createdAt: string;
  /** The row that looks like the file's header. */
  header: string[];
}

export async function listTemplateRequests(db: Database, options: { all?: boolean } = {}): Promise<TemplateRequestSummary[]> {
  const rows = await queryRows<Omit<TemplateRequestSummary, 'header'> & { headerRows: string[][] }>(
    db,
    sql`SELECT r.id, l.nickname AS location, r.distributor_id AS "distributorId", d.nickname AS distributor, r.file_name AS "fileName",
               r.status, to_char(r.created_at, 'YYYY-MM-DD HH24:MI') AS "createdAt", r.header_rows AS "headerRows"
        FROM order_guide_template_requests r
        JOIN locations l ON l.id = r.location_id
        JOIN distributors d ON d.id = r.distributor_id
        ${options.all ? sql`` : sql`WHERE r.status = 'requested'`}
        ORDER BY r.id`,
  );
  return rows.map(({ headerRows, ...row }) => ({ ...row, header: [...guessHeaderRow(headerRows)] }));
}

/**
 * Maps a request's columns: checks the mapping against the file's header row, stores the template
 * for the request's distributor and marks every open request of that distributor whose file it
 * reads as approved, in one transaction. Throws with the problems when the mapping does not fit.
 */
export async function approveTemplateRequest(
  db: Database,
  input: { requestId: number; name: string; mapping: ColumnMapping },
): Promise<{ templateId: number; approvedRequests: number[] }> {
  return db.transaction(async (tx) => {
    const [request] = await queryRows<{ id: number; distributorId: number; status: string; headerRows: string[][] }>(
      tx,
      sql`SELECT id, distributor_id AS "distributorId", status, header_rows AS "headerRows"
          FROM order_guide_template_requests WHERE id = ${input.requestId} FOR UPDATE`,
    );
    if (!request) throw new Error(`There is no template request ${input.requestId}.`);
    if (request.status !== 'requested') throw new Error(`Template request ${input.requestId} is already approved.`);
    const name = input.name.trim();
    if (name === '') throw new Error('Give the template a name (--name).');
    const { template, errors } = buildTemplateFromMapping('new', name, input.mapping, guessHeaderRow(request.headerRows));
    if (!template) throw new Error(errors.join('\n'));
    const [stored] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO order_guide_templates (distributor_id, name, columns, required)
          VALUES (${request.distributorId}, ${name}, ${JSON.stringify(template.columns)}::jsonb, ${JSON.stringify(template.required)}::jsonb)
          RETURNING id`,
    );
    const approved = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE order_guide_template_requests SET status = 'approved', template_id = ${stored.id}
          WHERE id = ${request.id} RETURNING id`,
    );
    return { templateId: stored.id, approvedRequests: approved.map((row) => row.id) };
  });
}
