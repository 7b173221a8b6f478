/**
 * The group item answer carries the order list's item fields with the same meaning (doc 2 §3
 * "Group item", issue 34): unitType, isElectronicInvoiceItem, matchId, matchType, savings, showSavings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericGroupSchema, type GenericGroup, type GroupItem, type InventoryList } from '@stockpot/domain';
import { openInventoryTestApp } from '../../test-support/inventory-lists';
import { bearer, type TestApp } from '../../test-support/test-app';

const FIELDS = ['unitType', 'isElectronicInvoiceItem', 'matchId', 'matchType', 'savings', 'showSavings'] as const;

let t: TestApp;
let owner: string;
let lists: InventoryList[];

const api = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(owner) });

async function allItems(): Promise<GroupItem[]> {
  const items: GroupItem[] = [];
  for (const list of lists) {
    const response = await api(`comparison-views/${list.id}/groups?expand=items&limit=200`);
    expect(response.statusCode, response.body).toBe(200);
    for (const group of response.json().data as GenericGroup[]) items.push(...genericGroupSchema.parse(group).items!);
  }
  return items;
}

beforeAll(async () => {
  let kitchen: InventoryList;
  let bar: InventoryList;
  ({ t, owner, kitchen, bar } = await openInventoryTestApp());
  lists = [kitchen, bar];
});
afterAll(async () => {
  await t?.close();
});

describe('group item fields (issue 34)', () => {
  it("answers each catalogue item's unit type, invoice mark, match and savings as the order list does", async () => {
    const items = (await allItems()).filter((i) => !i.isCustomItem && !i.isSubRecipe && i.itemDistributorId !== null);
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) {
      const listed = await api(`items/${item.itemDistributorId}`);
      expect(listed.statusCode, listed.body).toBe(200);
      const expected = Object.fromEntries(FIELDS.map((f) => [f, listed.json().data[f]]));
      expect(Object.fromEntries(FIELDS.map((f) => [f, item[f]])), item.name).toEqual(expected);
      expect(item.showSavings).toBe(item.savings > 0);
      if (item.isElectronicInvoiceItem) expect(item.invoiceDate).toMatch(/^\d{4}-\d{2}-\d{2}/);
    }
    // The demo's views hold items of each kind, so the comparison above is not vacuous.
    expect(items.some((i) => i.isElectronicInvoiceItem)).toBe(true);
    expect(items.some((i) => i.matchId !== null)).toBe(true);
  });

  it('answers custom items and sub-recipes without a match, savings or invoice mark', async () => {
    const own = (await allItems()).filter((i) => i.isCustomItem || i.isSubRecipe);
    expect(own.length).toBeGreaterThan(0);
    for (const item of own) {
      expect(item).toMatchObject({
        isElectronicInvoiceItem: false,
        matchId: null,
        matchType: null,
        savings: 0,
        showSavings: false,
      });
      expect(item.unitType).toBe(item.unitMeasure);
    }
  });
});
