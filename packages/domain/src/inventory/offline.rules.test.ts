import { describe, expect, it } from 'vitest';
import {
  applyOfflineCount,
  buildSyncBatch,
  countUnsyncedItems,
  isPathAllowedOffline,
  sumGroupOnHandAmount,
  type OfflineItem,
} from './offline.rules';

const item = (overrides: Partial<OfflineItem> = {}): OfflineItem => ({
  id: 7,
  genericGroupId: 3,
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
  toUpdate: false,
  ...overrides,
});

describe('applyOfflineCount', () => {
  it('applies the typed field, recomputes the totals in cents and flags the item', () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    const counted = applyOfflineCount(item({ onHandPack: 2 }), { onHand: 1 }, now);
    // 1 case + 2 of 4 packs = 1.5 cases of $40.00.
    expect(counted).toMatchObject({ onHand: 1, onHandPack: 2, totalOnHand: 1.5, totalOnHandAmount: 6000, collectiveOnHand: 60 });
    expect(counted.toUpdate).toBe(true);
    expect(counted.countedAt).toBe('2026-11-23T10:00:00.000Z');
  });

  it('back to zero is still a change to send', () => {
    const counted = applyOfflineCount(item({ onHand: 3, totalOnHand: 3, totalOnHandAmount: 12000 }), { onHand: 0 }, new Date());
    expect(counted).toMatchObject({ onHand: 0, totalOnHandAmount: 0, toUpdate: true });
  });
});

describe('buildSyncBatch', () => {
  it('sends only flagged items, once each, with their latest counts, oldest first', () => {
    const fallback = new Date('2026-11-23T12:00:00.000Z');
    const batch = buildSyncBatch(
      [
        item({ id: 1, toUpdate: false, onHand: 9 }),
        item({ id: 2, toUpdate: true, onHand: 1, countedAt: '2026-11-23T10:05:00.000Z' }),
        item({ id: 2, toUpdate: true, onHand: 4, countedAt: '2026-11-23T10:09:00.000Z' }),
        item({ id: 3, genericGroupId: 5, toUpdate: true, onHandUom: 2.5, countedAt: '2026-11-23T10:01:00.000Z' }),
        item({ id: 4, toUpdate: true, onHand: 2 }),
      ],
      fallback,
    );
    expect(batch).toEqual([
      { id: 3, genericGroupId: 5, onHand: 0, onHandPack: 0, onHandUom: 2.5, countedAt: '2026-11-23T10:01:00.000Z' },
      { id: 2, genericGroupId: 3, onHand: 4, onHandPack: 0, onHandUom: 0, countedAt: '2026-11-23T10:09:00.000Z' },
      { id: 4, genericGroupId: 3, onHand: 2, onHandPack: 0, onHandUom: 0, countedAt: '2026-11-23T12:00:00.000Z' },
    ]);
  });

  it('is empty when nothing was counted', () => {
    expect(buildSyncBatch([item(), item({ id: 8 })], new Date())).toEqual([]);
  });
});

describe('unsynced count and group value', () => {
  it('counts flagged items and sums cents exactly', () => {
    const items = [item({ toUpdate: true, totalOnHandAmount: 1 }), item({ totalOnHandAmount: 2 }), item({ toUpdate: true })];
    expect(countUnsyncedItems(items)).toBe(2);
    expect(sumGroupOnHandAmount(items)).toBe(3);
  });
});

describe('isPathAllowedOffline', () => {
  it('allows home and the inventory paths only', () => {
    for (const path of [
      '/',
      '/place-order/inventory',
      '/place-order/inventory/',
      '/place-order/inventory/analytics',
      '/place-order/inventory?x=1',
    ])
      expect(isPathAllowedOffline(path)).toBe(true);
    for (const path of ['/place-order/list', '/help', '/place-order/inventory-x', '/inventory-view/inventories'])
      expect(isPathAllowedOffline(path)).toBe(false);
  });
});
