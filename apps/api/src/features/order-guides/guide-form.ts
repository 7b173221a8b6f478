import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { detectSpreadsheetKind, DISTRIBUTOR_MESSAGES, humanErrorMap, type SpreadsheetKind } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import {
  readMultipartForm,
  requireUploadedFile,
  type MultipartForm,
  type UploadedFile,
} from '../../platform/documents/multipart-form';
import { notFound } from '../../platform/errors';
import { InputValidationError } from '../../platform/validation';
import { hasDistributorAccount } from './order-guides.repo';

/** The multipart forms of the order-guide routes: an uploaded file checked by content and size, and its fields. */

export type ReadForm = MultipartForm<SpreadsheetKind>;

/** The multipart form: its text fields and its one spreadsheet, checked by content and size. */
export function readForm(request: FastifyRequest): Promise<ReadForm> {
  return readMultipartForm(
    request,
    detectSpreadsheetKind,
    {
      notMultipart: 'Send the form as multipart/form-data with a file.',
      tooLarge: DISTRIBUTOR_MESSAGES.fileSize,
      wrongType: DISTRIBUTOR_MESSAGES.fileType,
    },
    'order-guide',
  );
}

export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const result = schema.safeParse(fields, { error: humanErrorMap });
  if (!result.success) {
    throw new InputValidationError(
      result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'request', message: issue.message })),
    );
  }
  return result.data;
}

export const distributorIdField = z.coerce
  .number({ message: 'distributor_id must be a number.' })
  .int({ message: 'distributor_id must be a number.' })
  .positive({ message: 'distributor_id must be a positive number.' })
  .max(2_147_483_647, { message: 'distributor_id is not a distributor.' });

/** The form's spreadsheet, or "Choose a file." on the field file. */
export function requireGuideFile(form: ReadForm): UploadedFile<SpreadsheetKind> {
  return requireUploadedFile(form, 'Choose a file.');
}

/** A file for one of the location's distributors (multipart: file, distributor_id); another distributor is not found. */
export async function readDistributorUpload(
  db: Database,
  request: FastifyRequest,
  locationId: number,
): Promise<{ distributorId: number; file: UploadedFile<SpreadsheetKind> }> {
  const form = await readForm(request);
  const { distributor_id: distributorId } = parseFields(z.object({ distributor_id: distributorIdField }), form.fields);
  if (!(await hasDistributorAccount(db, locationId, distributorId))) throw notFound('Distributor');
  return { distributorId, file: requireGuideFile(form) };
}
