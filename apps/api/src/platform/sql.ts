import { sql, type SQL } from 'drizzle-orm';

/** An instant as ISO 8601 UTC text, the same on both drivers (they differ on timestamptz objects). */
export const isoTimestamp = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An int[] parameter; ids are validated integers. */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
