import { z } from 'zod';
import { recordIdSchema } from '../common/input.schema';

/** A location message (doc 3 §3 "Messages": id, message). */
export const locationMessageSchema = z.object({ id: z.number().int(), message: z.string() });
export type LocationMessage = z.infer<typeof locationMessageSchema>;

/** A broadcast message; the client reads the first entry's broadcast_message (doc 3 §7). */
export const broadcastMessageSchema = z.object({ id: z.number().int(), broadcast_message: z.string() });
export type BroadcastMessage = z.infer<typeof broadcastMessageSchema>;

/** GET users/get-message and users/get-broadcast-message take the location as merchant_id. */
export const messagesQuerySchema = z.object({ merchant_id: recordIdSchema() });

/** POST users/read-message: the ids seen (doc 3 §7 "list of ids"). */
export const readMessagesRequestSchema = z.object({
  ids: z
    .array(recordIdSchema(), { error: 'ids must be a list of message ids.' })
    .min(1, 'ids must name at least one message.')
    .max(100, 'ids may name at most 100 messages.'),
});
export type ReadMessagesRequest = z.input<typeof readMessagesRequestSchema>;

/** POST users/read-broadcast-message (id). */
export const readBroadcastRequestSchema = z.object({ id: recordIdSchema() });
export type ReadBroadcastRequest = z.input<typeof readBroadcastRequestSchema>;

export const BROADCAST_MAX_LENGTH = 2000;

/** What an operator may broadcast: non-blank text of a sensible length. */
export function validateBroadcastText(text: string): string | null {
  if (!text.trim()) return 'The broadcast message is empty.';
  if (text.length > BROADCAST_MAX_LENGTH) return `The broadcast message is longer than ${BROADCAST_MAX_LENGTH} characters.`;
  return null;
}
