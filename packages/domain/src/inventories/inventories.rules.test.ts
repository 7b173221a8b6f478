import { describe, expect, it } from 'vitest';
import {
  canReopenInventory,
  filterInventoryDetail,
  getInventoryStatusLabel,
  getListUnderInventoryText,
  INVENTORIES_TEXTS,
  isMissingOnHand,
  OFFLINE_STORAGE_VERSION,
  PAST_INVENTORIES_PAGE_SIZE,
  resolveCountConflict,
  sumOnHandAmounts,
} from './inventories.rules';
import { startInventoryRequestSchema, updateItemBatchRequestSchema } from './inventories.schema';

const item = (description: string, distributor: string, onHand = 0, onHandPack = 0, onHandUom = 0) => ({
  description,
  distributor,
  onHand,
  onHandPack,
  onHandUom,
  totalOnHandAmount: onHand * 100,
});

const views = [
  {
    id: 1,
    name: 'Kitchen',
    groups: [
      { id: 10, name: 'Butter', items: [item('Butter Unsalted', 'Harborline', 2), item('Butter Salted', 'Coastal')] },
      { id: 11, name: 'Lemons', items: [item('Lemon 115 ct', 'Green Pier', 0, 0, 40)] },
    ],
  },
  { id: 2, name: 'Bar', groups: [{ id: 20, name: 'Tonic water', items: [item('Tonic Water 24/10 oz', 'Harborline')] }] },
];

describe('inventory lifecycle rules', () => {
  it('has the constants of doc 2 §9 and the texts as spelled', () => {
    expect(PAST_INVENTORIES_PAGE_SIZE).toBe(12);
    expect(OFFLINE_STORAGE_VERSION).toBe(3.01);
    expect(INVENTORIES_TEXTS.completed).toBe("The inventory's complete!");
    expect(INVENTORIES_TEXTS.reopenOwnerOnly).toBe('Only users with the owner title can reopen inventories.');
    expect(getListUnderInventoryText('Bar')).toBe(
      'Bar list is under inventory, you need to refresh the page to have latest updates.',
    );
  });

  it('labels the status control by the active inventory', () => {
    expect(getInventoryStatusLabel(null)).toBe('Start Inventory');
    expect(getInventoryStatusLabel(undefined)).toBe('Start Inventory');
    expect(getInventoryStatusLabel(7)).toBe('Review Inventory');
  });

  it("lets only a title containing 'owner' reopen, in any case", () => {
    expect(canReopenInventory('Owner')).toBe(true);
    expect(canReopenInventory('Co-owner & GM')).toBe(true);
    expect(canReopenInventory('OWNER')).toBe(true);
    expect(canReopenInventory('Chef')).toBe(false);
    expect(canReopenInventory('')).toBe(false);
    expect(canReopenInventory(null)).toBe(false);
  });

  it('calls an item with no case, pack or unit missing', () => {
    expect(isMissingOnHand({ onHand: 0, onHandPack: 0, onHandUom: 0 })).toBe(true);
    expect(isMissingOnHand({ onHand: 0, onHandPack: 0.5, onHandUom: 0 })).toBe(false);
  });

  it('filters the detail by search and missing on hand, dropping emptied groups and storage groups', () => {
    expect(filterInventoryDetail(views, { search: '', missingOnHandOnly: false })).toEqual(views);
    const missing = filterInventoryDetail(views, { search: '', missingOnHandOnly: true });
    expect(missing.map((v) => v.groups.map((g) => g.items.map((i) => i.description)))).toEqual([
      [['Butter Salted']],
      [['Tonic Water 24/10 oz']],
    ]);
    const search = filterInventoryDetail(views, { search: '  LEMON ', missingOnHandOnly: false });
    expect(search).toHaveLength(1);
    expect(search[0].groups.map((g) => g.name)).toEqual(['Lemons']);
    expect(filterInventoryDetail(views, { search: 'bar', missingOnHandOnly: false }).map((v) => v.name)).toEqual(['Bar']);
    expect(filterInventoryDetail(views, { search: 'harborline', missingOnHandOnly: true })[0].groups[0].items).toHaveLength(1);
    expect(filterInventoryDetail(views, { search: 'nothing like it', missingOnHandOnly: false })).toEqual([]);
  });

  it('sums values in cents', () => {
    expect(sumOnHandAmounts([{ totalOnHandAmount: 1999 }, { totalOnHandAmount: 1 }])).toBe(2000);
  });

  it('keeps the later of two counts', () => {
    expect(resolveCountConflict(null, '2026-01-01T10:00:00Z')).toBe('apply');
    expect(resolveCountConflict('2026-01-01T10:00:00Z', '2026-01-01T10:00:01Z')).toBe('apply');
    expect(resolveCountConflict('2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z')).toBe('apply');
    expect(resolveCountConflict(new Date('2026-01-01T11:00:00Z'), '2026-01-01T10:00:00Z')).toBe('keep');
  });
});

describe('inventory lifecycle schemas', () => {
  it('takes a real calendar start date only', () => {
    expect(startInventoryRequestSchema.safeParse({ start_date: '2026-02-28' }).success).toBe(true);
    for (const bad of ['2026-02-30', '02/01/2026', '', '1999-01-01', 20260101, null]) {
      const result = startInventoryRequestSchema.safeParse({ start_date: bad });
      expect(result.success, String(bad)).toBe(false);
    }
  });

  it('validates a sync batch', () => {
    const ok = {
      batchId: 'a1b2c3d4-0000',
      batch: [{ id: 1, genericGroupId: 2, onHand: 1, onHandPack: 0, onHandUom: 2.5, countedAt: '2026-01-01T10:00:00.000Z' }],
    };
    expect(updateItemBatchRequestSchema.safeParse(ok).success).toBe(true);
    expect(updateItemBatchRequestSchema.safeParse({ ...ok, batchId: 'x' }).success).toBe(false);
    expect(updateItemBatchRequestSchema.safeParse({ ...ok, batch: [{ ...ok.batch[0], onHand: -1 }] }).success).toBe(false);
    expect(updateItemBatchRequestSchema.safeParse({ ...ok, batch: [{ ...ok.batch[0], countedAt: 'yesterday' }] }).success).toBe(
      false,
    );
  });
});
