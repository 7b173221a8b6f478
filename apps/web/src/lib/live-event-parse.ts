import { liveEventSchema, type LiveEvent } from '@stockpot/domain';

/** An event of the stream as the domain's schema reads it, or null for anything else. */
export function parseLiveEvent(value: unknown): LiveEvent | null {
  const parsed = liveEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
