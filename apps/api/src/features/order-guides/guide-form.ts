import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { detectSpreadsheetKind, DISTRIBUTOR_MESSAGES, humanErrorMap, type SpreadsheetKind } from '@stockpot/domain';
import { checkUploadedArchive } from '../../platform/documents/zip-guard';
import { badRequest } from '../../platform/errors';
import { InputValidationError } from '../../platform/validation';

/** The multipart forms of the order-guide routes: an uploaded file checked by content and size, and its fields. */

export interface ReadForm {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer; kind: SpreadsheetKind } | null;
}

/** The multipart form: its text fields and its one file, checked by content and size. */
export async function readForm(request: FastifyRequest): Promise<ReadForm> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data with a file.', 'validation_error');
  const fields: Record<string, string> = {};
  let file: ReadForm['file'] = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw badRequest(DISTRIBUTOR_MESSAGES.fileSize, 'payload_too_large', [
            { field: 'file', message: DISTRIBUTOR_MESSAGES.fileSize },
          ]);
        throw error;
      });
      if (part.fieldname !== 'file') continue;
      const kind = detectSpreadsheetKind(bytes);
      if (!kind)
        throw badRequest(DISTRIBUTOR_MESSAGES.fileType, 'unsupported_media_type', [
          { field: 'file', message: DISTRIBUTOR_MESSAGES.fileType },
        ]);
      // An .xlsx is a zip: its parts are checked before any reader inflates them (no zip bombs).
      const zipProblem = checkUploadedArchive(bytes);
      if (zipProblem === 'too-large')
        throw badRequest(DISTRIBUTOR_MESSAGES.fileSize, 'payload_too_large', [
          { field: 'file', message: DISTRIBUTOR_MESSAGES.fileSize },
        ]);
      if (zipProblem === 'not-a-zip')
        throw badRequest(DISTRIBUTOR_MESSAGES.fileType, 'unsupported_media_type', [
          { field: 'file', message: DISTRIBUTOR_MESSAGES.fileType },
        ]);
      file = { name: part.filename || `order-guide.${kind}`, bytes, kind };
    } else fields[part.fieldname] = String(part.value ?? '');
  }
  return { fields, file };
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
