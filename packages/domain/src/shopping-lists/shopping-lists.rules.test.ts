import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addOneRequestSchema,
  createShoppingListRequestSchema,
  getDuplicateListNameMessage,
  reorderListItemRequestSchema,
  renameShoppingListRequestSchema,
  shoppingListIdParamsSchema,
  validateShoppingListName,
} from './shopping-lists.schema';
import {
  buildListReorderBody,
  getListCartTargets,
  LIST_SORT_STEP,
  parseListQuantity,
  parseShoppingListId,
} from './shopping-lists.rules';
import {
  computeSortIndexBetween as computeListSortIndex,
  getAppendSortIndex,
  moveArrayItem,
  renumberSortIndexes as renumberListIndexes,
} from '../common/sort-order.rules';

describe('shopping list name', () => {
  it('refuses a blank name with the spec text', () => {
    expect(validateShoppingListName('')).toBe('Name cannot be blank.');
    expect(validateShoppingListName('   ')).toBe('Name cannot be blank.');
  });
  it('accepts one character and refuses overly long names', () => {
    expect(validateShoppingListName('B')).toBeNull();
    expect(validateShoppingListName('x'.repeat(101))).toBe('Name must be at most 100 characters.');
  });
  it('explains a duplicate', () => {
    expect(getDuplicateListNameMessage(' Bar ')).toBe('A shopping list named "Bar" already exists. Choose another name.');
  });
  it('trims the name in the request schemas and refuses a missing one', () => {
    expect(renameShoppingListRequestSchema.parse({ name: '  Bar ' })).toEqual({ name: 'Bar' });
    expect(renameShoppingListRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('Name cannot be blank.');
    expect(createShoppingListRequestSchema.parse({ name: 'Bar' })).toEqual({ name: 'Bar', itemList: [] });
  });
});

describe('request schemas', () => {
  it('reads ids from path segments and refuses the rest', () => {
    expect(shoppingListIdParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
    expect(shoppingListIdParamsSchema.safeParse({ id: 'abc' }).success).toBe(false);
    expect(shoppingListIdParamsSchema.safeParse({ id: '0' }).success).toBe(false);
  });
  it('needs an itemDistributorId to add one item', () => {
    expect(addOneRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('itemDistributorId is required.');
    expect(addOneRequestSchema.parse({ itemDistributorId: '7' })).toEqual({ itemDistributorId: 7 });
  });
  it('fills the reorder defaults and refuses an unknown special', () => {
    expect(reorderListItemRequestSchema.parse({ item_distributor_id: 3, tag_id: 1, special: 'top' })).toEqual({
      item_distributor_id: 3,
      item_distributor_ids: [],
      reference_sort_index: null,
      tag_id: 1,
      special: 'top',
    });
    expect(reorderListItemRequestSchema.safeParse({ item_distributor_id: 3, tag_id: 1, special: 'middle' }).success).toBe(false);
    expect(reorderListItemRequestSchema.safeParse({ item_distributor_id: 3 }).success).toBe(false);
  });
});

describe('list sort indexes', () => {
  it('appends a step after the last item, or starts at one step', () => {
    expect(getAppendSortIndex(null)).toBe(LIST_SORT_STEP);
    expect(getAppendSortIndex(4096)).toBe(4096 + LIST_SORT_STEP);
  });
  it('puts a moved item halfway between its neighbours, or a step past a single one', () => {
    expect(computeListSortIndex(1024, 2048)).toBe(1536);
    expect(computeListSortIndex(null, 1024)).toBe(0);
    expect(computeListSortIndex(2048, null)).toBe(3072);
    expect(computeListSortIndex(null, null)).toBe(LIST_SORT_STEP);
  });
  it('asks for a renumbering when the neighbours are adjacent', () => {
    expect(computeListSortIndex(5, 6)).toBeNull();
    expect(computeListSortIndex(1_999_999_999, null)).toBeNull();
  });
  it('always lands strictly between the neighbours when it answers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (lo, gap) => {
        const index = computeListSortIndex(lo, lo + gap);
        if (gap < 2) return index === null;
        return index !== null && index > lo && index < lo + gap;
      }),
    );
  });
  it('renumbers a list with a step between rows', () => {
    expect(renumberListIndexes(3)).toEqual([1024, 2048, 3072]);
  });
});

describe('reorder body', () => {
  const rows = [
    { itemDistributorId: 10, sortIndex: 1024 },
    { itemDistributorId: 20, sortIndex: 2048 },
    { itemDistributorId: 30, sortIndex: 3072 },
  ];
  it('moves an element in a copy', () => {
    expect(moveArrayItem([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moveArrayItem([1, 2, 3], 0, 9)).toEqual([1, 2, 3]);
  });
  it('sends special top with the item now below when moved first', () => {
    expect(buildListReorderBody(rows, 2, 0, 4)).toEqual({
      item_distributor_id: 30,
      item_distributor_ids: [10],
      reference_sort_index: null,
      tag_id: 4,
      special: 'top',
    });
  });
  it('sends special bottom when moved last', () => {
    expect(buildListReorderBody(rows, 0, 2, 4)).toEqual({
      item_distributor_id: 10,
      item_distributor_ids: [30],
      reference_sort_index: 3072,
      tag_id: 4,
      special: 'bottom',
    });
  });
  it('sends both neighbours, the one above first, for a move into the middle', () => {
    expect(buildListReorderBody(rows, 0, 1, 4)).toEqual({
      item_distributor_id: 10,
      item_distributor_ids: [20, 30],
      reference_sort_index: 2048,
      tag_id: 4,
      special: null,
    });
  });
  it('sends nothing when nothing moves', () => {
    expect(buildListReorderBody(rows, 1, 1, 4)).toBeNull();
    expect(buildListReorderBody(rows, 1, 7, 4)).toBeNull();
  });
});

describe('adding a list to the cart', () => {
  it('reads typed quantities: digits only, at most five', () => {
    expect(parseListQuantity('')).toBe(0);
    expect(parseListQuantity(' 3 ')).toBe(3);
    expect(parseListQuantity('-1')).toBeNull();
    expect(parseListQuantity('1.5')).toBeNull();
    expect(parseListQuantity('123456')).toBeNull();
  });
  it('raises the cart quantity by the chosen quantity and leaves zero rows out', () => {
    const cart = new Map([[2, 4]]);
    expect(
      getListCartTargets(
        [
          { itemDistributorId: 1, quantity: 2 },
          { itemDistributorId: 2, quantity: 1 },
          { itemDistributorId: 3, quantity: 0 },
        ],
        (id) => cart.get(id) ?? 0,
      ),
    ).toEqual([
      { itemDistributorId: 1, quantity: 2 },
      { itemDistributorId: 2, quantity: 5 },
    ]);
  });
});

describe('list id in a path', () => {
  it('accepts positive whole numbers only', () => {
    expect(parseShoppingListId('12')).toBe(12);
    expect(parseShoppingListId('012')).toBeNull();
    expect(parseShoppingListId('abc')).toBeNull();
    expect(parseShoppingListId('99999999999')).toBeNull();
    expect(parseShoppingListId(undefined)).toBeNull();
  });
});
