import { sql, type SQL } from 'drizzle-orm';

/** An int[] parameter; ids are validated integers. */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
