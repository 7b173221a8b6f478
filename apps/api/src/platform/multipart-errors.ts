/**
 * Multipart bodies the parser cannot finish (issue 33, defect 2). @fastify/busboy throws plain
 * Errors with no code for a body cut off before its closing boundary or a header without one; they
 * are the client's doing, so they answer 400 in words a person can act on, never a logged 500.
 */
const CUT_SHORT = ['Unexpected end of multipart data', 'Multipart: Boundary not found'];

export const UPLOAD_CUT_SHORT_MESSAGE = 'The upload was cut short before the whole file arrived. Please send the file again.';

export function isCutShortMultipart(error: { message?: string; statusCode?: number }): boolean {
  return error.statusCode === undefined && CUT_SHORT.includes(error.message ?? '');
}
