import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { buildBuyerTemplate, guessHeaderRow, type ColumnMappingRequest, type SpreadsheetKind } from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { hasDistributorAccount } from './order-guides.repo';
import { readHeaderRows } from './order-guides.service';

/** Rows under the header shown to the buyer mapping the columns. */
const SAMPLE_ROWS = 3;
const MAX_COLUMNS = 200;

/**
 * POST distributor-order-guides/read-header (issue 31): the row of the file most like a header and
 * a few rows under it, for a buyer mapping the columns of a layout no template reads.
 */
export async function readFileHeader(
  bytes: Buffer,
  kind: SpreadsheetKind,
): Promise<{ headers: string[]; headerRow: number; sample: string[][] }> {
  const rows = await readHeaderRows(bytes, kind);
  const header = guessHeaderRow(rows);
  const index = rows.indexOf(header as string[]);
  const headers = header.slice(0, MAX_COLUMNS).map((cell) => cell.trim().slice(0, 200));
  if (index < 0 || headers.every((cell) => cell === ''))
    throw badRequest('The file is empty: choose the order guide file.', 'validation_error', [
      { field: 'file', message: 'The file is empty: choose the order guide file.' },
    ]);
  const sample = rows
    .slice(index + 1)
    .filter((row) => row.some((cell) => cell.trim() !== ''))
    .slice(0, SAMPLE_ROWS)
    .map((row) => headers.map((_, column) => (row[column] ?? '').slice(0, 200)));
  return { headers, headerRow: index + 1, sample };
}

/**
 * POST distributor-order-guides/column-mapping (issue 31 "Layouts without a template"): the buyer's
 * mapping of a file's header is saved as the location's template for the distributor, read after
 * the built-in and operator templates, so the next file of that layout needs nothing.
 */
export async function saveColumnMapping(
  db: Database,
  locationId: number,
  input: ColumnMappingRequest,
): Promise<{ key: string; name: string }> {
  if (!(await hasDistributorAccount(db, locationId, input.distributor_id))) throw notFound('Distributor');
  const [distributor] = await queryRows<{ nickname: string }>(
    db,
    sql`SELECT nickname FROM distributors WHERE id = ${input.distributor_id}`,
  );
  const name = `${distributor.nickname} layout (your column mapping)`;
  const { template, errors } = buildBuyerTemplate('pending', name, input.mapping, input.headers);
  if (!template)
    throw badRequest(
      errors[0].message,
      'validation_error',
      errors.map((e) => ({ field: `mapping.${e.field}`, message: e.message })),
    );
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO order_guide_templates (distributor_id, location_id, name, columns, required)
        VALUES (${input.distributor_id}, ${locationId}, ${name}, ${JSON.stringify(template.columns)}::jsonb,
                ${JSON.stringify(template.required)}::jsonb)
        RETURNING id`,
  );
  return { key: `custom-${row.id}`, name };
}
