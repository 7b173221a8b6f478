import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DIRECTORY_DISTRIBUTOR_IDS, mergeDistributor, MergeRefusal, queryRows } from '@stockpot/db';
import { NEW_DISTRIBUTOR_ID } from '@stockpot/domain';
import { bearer, createTestApp, type TestApp } from '../../test-support/test-app';
import { fromAddress, signUpWithNewDistributor } from './directory-test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signUpSearch = async (text: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/sign-up/distributors?search=${text}`, remoteAddress: fromAddress() })).json()
    .data as { id: number; nickname: string }[];
const listOf = async (authKey: string) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/v1/distributors', headers: bearer(authKey) })).json().data as {
      id: number;
      nickname: string;
    }[]
  ).map((d) => d.nickname);

describe('the operator merge (npm run distributor -- merge)', () => {
  it('promotes a restaurant’s distributor into the directory, so every company finds it', async () => {
    const owner = await signUpWithNewDistributor(t, 'promote', [{ id: NEW_DISTRIBUTOR_ID, nickname: 'Texas Meat Purveyors' }]);
    const [{ id }] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM distributors WHERE nickname = 'Texas Meat Purveyors'`,
    );
    expect(await signUpSearch('texas')).toEqual([]);
    expect(await mergeDistributor(t.handle.db, id)).toEqual({ kind: 'promoted', id, nickname: 'Texas Meat Purveyors' });
    expect(await signUpSearch('texas')).toEqual([{ id, nickname: 'Texas Meat Purveyors' }]);
    expect(await listOf(owner.authKey)).toEqual(['Texas Meat Purveyors']);
    await expect(mergeDistributor(t.handle.db, id)).rejects.toThrow(MergeRefusal);
  });

  it('folds one into a directory entry, moving the account and its rep, and deletes it', async () => {
    const owner = await signUpWithNewDistributor(t, 'fold', [{ id: NEW_DISTRIBUTOR_ID, nickname: 'Sysco Central Texas' }]);
    const [{ id }] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM distributors WHERE nickname = 'Sysco Central Texas'`,
    );
    const result = await mergeDistributor(t.handle.db, id, DIRECTORY_DISTRIBUTOR_IDS.sysco);
    expect(result).toMatchObject({ kind: 'folded', from: id, into: DIRECTORY_DISTRIBUTOR_IDS.sysco, nickname: 'Sysco' });
    expect(result.kind === 'folded' && result.tables).toMatchObject({ location_distributors: 1, sales_reps: 1 });
    expect(await listOf(owner.authKey)).toEqual(['Sysco']);
    const gone = await queryRows(t.handle.db, sql`SELECT 1 FROM distributors WHERE id = ${id}`);
    expect(gone).toEqual([]);
  });

  it('refuses to fold when the location already buys from the entry, or into one outside the directory, changing nothing', async () => {
    await signUpWithNewDistributor(t, 'both', [
      { id: DIRECTORY_DISTRIBUTOR_IDS.sysco, nickname: 'Sysco' },
      { id: NEW_DISTRIBUTOR_ID, nickname: 'Sysco Again' },
    ]);
    const [{ id }] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM distributors WHERE nickname = 'Sysco Again'`,
    );
    await expect(mergeDistributor(t.handle.db, id, DIRECTORY_DISTRIBUTOR_IDS.sysco)).rejects.toThrow(
      /already buy\(s\) from Sysco/,
    );
    await expect(mergeDistributor(t.handle.db, id, 531)).rejects.toThrow('Distributor 531 is not in the directory.');
    await expect(mergeDistributor(t.handle.db, 531)).rejects.toThrow(/demo data/);
    const still = await queryRows(t.handle.db, sql`SELECT 1 FROM location_distributors WHERE distributor_id = ${id}`);
    expect(still).toHaveLength(1);
  });
});
