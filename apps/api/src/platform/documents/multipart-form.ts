import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors';
import { checkUploadedArchive } from './zip-guard';

/** What a form's reader says, in its feature's words, when a file is refused. */
export interface UploadMessages {
  notMultipart: string;
  tooLarge: string;
  wrongType: string;
  /** Said of an empty file, where the feature words it apart from a wrong kind. */
  empty?: string;
}

export interface UploadedFile<Kind extends string> {
  name: string;
  bytes: Buffer;
  kind: Kind;
}

export interface MultipartForm<Kind extends string> {
  fields: Record<string, string>;
  file: UploadedFile<Kind> | null;
}

const fileError = (message: string, code: 'payload_too_large' | 'unsupported_media_type' | 'validation_error') =>
  badRequest(message, code, [{ field: 'file', message }]);

/**
 * Every upload route's form (order guides, accounting, POS): its text fields and its one file in
 * the field `file`, checked by size and then by content. The archive check comes before the kind
 * is read: an .xlsx or .ods is a zip, and no reader may inflate it before its parts are measured.
 * Other file fields are drained, so the size limit holds for them too, and ignored.
 */
export async function readMultipartForm<Kind extends string>(
  request: FastifyRequest,
  detectKind: (bytes: Buffer) => Kind | null,
  messages: UploadMessages,
  defaultStem = 'upload',
): Promise<MultipartForm<Kind>> {
  if (!request.isMultipart()) throw fileError(messages.notMultipart, 'validation_error');
  const fields: Record<string, string> = {};
  let file: UploadedFile<Kind> | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') {
      fields[part.fieldname] = String(part.value ?? '');
      continue;
    }
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(messages.tooLarge, 'payload_too_large');
      throw error;
    });
    if (part.fieldname !== 'file') continue;
    if (bytes.length === 0 && messages.empty) throw fileError(messages.empty, 'validation_error');
    const zipProblem = checkUploadedArchive(bytes);
    if (zipProblem === 'too-large') throw fileError(messages.tooLarge, 'payload_too_large');
    if (zipProblem === 'not-a-zip') throw fileError(messages.wrongType, 'unsupported_media_type');
    const kind = detectKind(bytes);
    if (!kind) throw fileError(messages.wrongType, 'unsupported_media_type');
    file = { name: part.filename || `${defaultStem}.${kind}`, bytes, kind };
  }
  return { fields, file };
}

/** The form's file, or a 400 naming the field when none was sent. */
export function requireUploadedFile<Kind extends string>(form: MultipartForm<Kind>, message: string): UploadedFile<Kind> {
  if (!form.file) throw fileError(message, 'validation_error');
  return form.file;
}
