import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readsTypesAsText, readTypesAsText, withoutRedundantParsers } from './pglite-parsers';

/** What drizzle's PGlite driver passes with every statement: new functions each time, returning their input. */
const drizzleOptions = () => ({
  rowMode: 'object' as const,
  parsers: Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
      oid,
      (value: string) => value,
    ]),
  ),
});

let plain: PGlite;
let textual: PGlite;
beforeAll(async () => {
  plain = await PGlite.create('memory://');
  textual = await PGlite.create('memory://');
  readTypesAsText(textual);
  // Two engines start here; on a busy machine that takes longer than the default ten seconds.
}, 60_000);
afterAll(async () => {
  await plain.close();
  await textual.close();
});

describe('withoutRedundantParsers', () => {
  it("drops drizzle's parsers on a database that reads those types as text already", () => {
    const options = drizzleOptions();
    expect(withoutRedundantParsers(textual, options)).toEqual({ rowMode: 'object', parsers: undefined });
  });

  it('keeps them on a database that parses those types', () => {
    const options = drizzleOptions();
    expect(withoutRedundantParsers(plain, options)).toBe(options);
  });

  it('keeps parsers that do something, or that name a type the database parses', () => {
    const converting = { parsers: { [types.DATE]: (value: string) => new Date(value) } };
    expect(withoutRedundantParsers(textual, converting)).toBe(converting);
    const numeric = { parsers: { [types.INT4]: (value: string) => value } };
    expect(withoutRedundantParsers(textual, numeric)).toBe(numeric);
    expect(withoutRedundantParsers(textual, undefined)).toBeUndefined();
  });
});

describe('readsTypesAsText', () => {
  it('tells a database set to read those types as text (the named path then skips drizzle’s parsers) from one that parses them', () => {
    expect(readsTypesAsText(textual)).toBe(true);
    expect(readsTypesAsText(plain)).toBe(false);
  });
});

describe('a drizzle database over it', () => {
  const read = sql`SELECT '2026-11-02 10:30:00+00'::timestamptz AS at, '2026-11-02 10:30'::timestamp AS local,
                          '2026-02-28'::date AS day, interval '1 day 2 hours' AS span, ARRAY['2026-11-02'::date] AS days,
                          ARRAY[1.50]::numeric[] AS prices, 1.50::numeric AS price, 7 AS n, true AS yes, NULL::date AS none`;

  it('answers rows exactly as over a database with PGlite’s own parsers, in and out of a transaction', async () => {
    const expected = (await drizzle(plain).execute(read)).rows;
    expect(expected[0]).toMatchObject({ day: '2026-02-28', span: '1 day 02:00:00', days: '{2026-11-02}', n: 7 });
    const db = drizzle(textual);
    expect((await db.execute(read)).rows).toEqual(expected);
    expect(await db.transaction(async (tx) => (await tx.execute(read)).rows)).toEqual(expected);
  });

  it('leaves PGlite’s own query, with no parsers of its own, reading those types as text', async () => {
    const { rows } = await textual.query<{ day: unknown }>(`SELECT '2026-02-28'::date AS day`);
    expect(rows[0].day).toBe('2026-02-28');
  });
});
