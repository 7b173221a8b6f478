import { sql, type SQL } from 'drizzle-orm';

/** An instant as ISO 8601 UTC text, the same on both drivers (they differ on timestamptz objects). */
export const isoTimestamp = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An int[] parameter (one definition, in the db package). */
export { intArray } from '@stockpot/db';
