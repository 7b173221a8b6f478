import { sql, type SQL } from 'drizzle-orm';

/** An int[] parameter; ids are validated integers. */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** A date[] parameter of ISO dates (YYYY-MM-DD, as the marks and the domain write them). */
export const dateArray = (days: readonly string[]): SQL => sql`${`{${days.join(',')}}`}::date[]`;
