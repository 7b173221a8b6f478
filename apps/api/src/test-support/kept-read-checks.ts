/**
 * The check every kept read's test makes (platform/kept-reads.ts): the answer sent is the one
 * computed from scratch; it is the kept one while no mark says otherwise (a write whose mark is
 * taken away behind the read's back is not seen); and each write it reads changes what is sent
 * and matches a fresh computation.
 */
import { expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@stockpot/db';
import { bearer, type TestApp } from './test-app';

/** The 200 bodies of GET `urls` (under /api/v1/), in order. */
export async function getBodies(t: TestApp, token: string, urls: string[]): Promise<string[]> {
  const bodies: string[] = [];
  for (const url of urls) {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    bodies.push(response.body);
  }
  return bodies;
}

export async function expectKeptRead<T>(check: {
  db: Database;
  locationId: number;
  served: () => Promise<T>;
  fresh: () => Promise<T>;
  /** A write the answer reads, made with its mark taken away: the kept answer must still be sent. */
  unmarkedWrite: SQL;
  writes: SQL[];
}): Promise<void> {
  const { db, locationId, served, fresh } = check;
  const first = await served();
  expect(first).toEqual(await fresh());
  await db.execute(check.unmarkedWrite);
  await db.execute(sql`DELETE FROM kept_read_marks WHERE location_id = ${locationId}`);
  expect(await served(), 'the kept answer while unmarked').toEqual(first);
  await db.execute(sql`INSERT INTO kept_read_marks (location_id) VALUES (${locationId})`);
  for (const [index, write] of check.writes.entries()) {
    const before = await served();
    await db.execute(write);
    const after = await served();
    expect(after, `write ${index}`).toEqual(await fresh());
    expect(after, `write ${index} changes the answer`).not.toEqual(before);
  }
}
