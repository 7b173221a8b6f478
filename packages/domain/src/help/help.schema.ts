import { z } from 'zod';

/** Texts of /help (doc 3 §2.10, §8). */
export const HELP_TITLE = 'Get Help';
export const HELP_PROMPT = 'How can I help?';
export const HELP_SUCCESS_TEXT = 'Thank you for reporting the issue.';
export const HELP_REQUIRED_TEXT = 'Please describe the issue.';
export const HELP_MAX_LENGTH = 5000;

/** Help description (doc 3 §5): required, not empty. */
export function validateHelpMessage(message: string): string | null {
  if (!message.trim()) return HELP_REQUIRED_TEXT;
  if (message.length > HELP_MAX_LENGTH) return `Please keep the description under ${HELP_MAX_LENGTH} characters.`;
  return null;
}

/** POST contacts/help body (doc 3 §7). */
export const helpRequestSchema = z.object({
  message: z
    .string({ error: HELP_REQUIRED_TEXT })
    .trim()
    .min(1, HELP_REQUIRED_TEXT)
    .max(HELP_MAX_LENGTH, `Please keep the description under ${HELP_MAX_LENGTH} characters.`),
});
export type HelpRequest = z.input<typeof helpRequestSchema>;

export const helpReportSchema = z.object({ id: z.number().int(), message: z.string(), createdAt: z.string() });
export type HelpReport = z.infer<typeof helpReportSchema>;
