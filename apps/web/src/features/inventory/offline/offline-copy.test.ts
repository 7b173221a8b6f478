import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { GenericGroup, GroupItem, InventoryList } from '@stockpot/domain';
import {
  clearOfflineCopy,
  countUnsynced,
  downloadList,
  readOfflineGroups,
  readSyncBatch,
  recordOfflineCount,
} from './offline-copy';
import { OfflineInventoryDb } from './offline-db';

const list: InventoryList = {
  id: 1,
  name: 'Walk-in',
  merchantId: 9,
  hasRecipeGroups: false,
  sort: 0,
  userId: null,
  onInventory: false,
};

const item = (id: number, name: string): GroupItem =>
  ({
    id,
    name,
    packSize: '4/10 LB',
    unitMeasure: 'CS',
    price: 4000,
    onHand: 0,
    onHandPack: 0,
    onHandUom: 0,
    totalOnHand: 0,
    totalOnHandAmount: 0,
    collectiveOnHand: 0,
    collectiveOnHandUom: 'LB',
  }) as GroupItem;

const group = (id: number, name: string, sort: number, items: GroupItem[]): GenericGroup =>
  ({
    id,
    comparisonViewId: 1,
    name,
    sort,
    unitId: 1,
    totalOnHand: 0,
    totalOnHandAmount: 0,
    units: [],
    items,
  }) as unknown as GenericGroup;

let db: OfflineInventoryDb;
let n = 0;

async function downloaded(): Promise<OfflineInventoryDb> {
  db = new OfflineInventoryDb(`offline-test-${++n}`);
  const pages = [
    [group(10, 'Shallots', 2, [item(100, 'Shallots A'), item(101, 'Shallots B')])],
    [group(11, 'Butter', 1, [item(110, 'Butter unsalted')])],
  ];
  await downloadList(
    db,
    {
      lists: async () => [list],
      groupsPage: async (_listId, page) => ({ data: pages[page - 1] ?? [], pageCount: pages.length }),
      cart: async () => {
        throw new Error('no cart at this location');
      },
    },
    1,
  );
  return db;
}

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the offline copy', () => {
  it('holds every page of groups, in the custom order, and searches by name', async () => {
    await downloaded();
    expect(db.verno).toBe(3);
    expect((await readOfflineGroups(db, 1, 'custom', '')).map((g) => g.name)).toEqual(['Butter', 'Shallots']);
    expect((await readOfflineGroups(db, 1, 'desc', '')).map((g) => g.name)).toEqual(['Shallots', 'Butter']);
    const found = await readOfflineGroups(db, 1, 'custom', 'shal');
    expect(found.map((g) => g.items!.map((i) => i.name))).toEqual([['Shallots A', 'Shallots B']]);
    expect(await db.cart.get('cart')).toEqual({ id: 'cart', data: null });
    expect(await countUnsynced(db)).toBe(0);
  });

  it('applies counts locally, flags them, totals the group, and batches each item once', async () => {
    await downloaded();
    await recordOfflineCount(db, 100, { onHand: 1 }, new Date('2026-11-23T10:00:00.000Z'));
    await recordOfflineCount(db, 100, { onHandPack: 2 }, new Date('2026-11-23T10:01:00.000Z'));
    await recordOfflineCount(db, 101, { onHand: 2 }, new Date('2026-11-23T10:02:00.000Z'));
    const [shallots] = await readOfflineGroups(db, 1, 'custom', 'shal');
    expect(shallots.items![0]).toMatchObject({ onHand: 1, onHandPack: 2, totalOnHand: 1.5, totalOnHandAmount: 6000 });
    expect(shallots.totalOnHandAmount).toBe(6000 + 8000);
    expect(shallots.totalOnHand).toBe(3.5);
    expect(await countUnsynced(db)).toBe(2);
    expect(await readSyncBatch(db)).toEqual([
      { id: 100, genericGroupId: 10, onHand: 1, onHandPack: 2, onHandUom: 0, countedAt: '2026-11-23T10:01:00.000Z' },
      { id: 101, genericGroupId: 10, onHand: 2, onHandPack: 0, onHandUom: 0, countedAt: '2026-11-23T10:02:00.000Z' },
    ]);
    await clearOfflineCopy(db);
    expect(await countUnsynced(db)).toBe(0);
    expect(await readOfflineGroups(db, 1, 'custom', '')).toEqual([]);
  });

  it('refuses a count for an item it does not hold', async () => {
    await downloaded();
    await expect(recordOfflineCount(db, 999, { onHand: 1 })).rejects.toThrow('not in the offline copy');
  });
});
