import type { FastifyReply } from 'fastify';

/**
 * A CSV the browser saves under `fileName` (a name the server makes, never a user's). Every such
 * file holds a location's prices or orders, so no cache keeps it.
 */
export function sendCsvAttachment(reply: FastifyReply, fileName: string, csv: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
