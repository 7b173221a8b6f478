import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareLookupItems, getLookupMatchRank, rankLookupItems } from './item-lookup.rules';

const item = (id: number, description: string, brand: string, spentCents: number, category = 'Seafood', din = `10${id}`) => ({
  id,
  description,
  brand,
  category,
  din,
  spentCents,
});

describe('getLookupMatchRank', () => {
  it('ranks a match in the name or item number before one in the brand or category', () => {
    const bass = item(1, 'Sea Bass Fillet 10/12 oz', 'Gulf Shore Shrimp Co.', 0);
    expect(getLookupMatchRank('shrimp', bass)).toBe(1);
    expect(getLookupMatchRank('SHRIMP', item(2, 'Shrimp 16/20 P&D', 'Gulf Shore Shrimp Co.', 0))).toBe(0);
    expect(getLookupMatchRank('seafood', bass)).toBe(1);
    expect(getLookupMatchRank('101', bass)).toBe(0);
    expect(getLookupMatchRank('lobster', bass)).toBeNull();
    expect(getLookupMatchRank('  ', bass)).toBe(0);
  });
});

describe('rankLookupItems', () => {
  it('lists "shrimp" by name first, then by what the location spent, then A–Z', () => {
    const items = [
      item(1, 'Anchovies Marinated', 'Gulf Shore Shrimp Co.', 90_000),
      item(2, 'Branzino Whole', 'Gulf Shore Shrimp Co.', 0),
      item(3, 'Shrimp 21/25 Raw', 'Ocean Prime', 1_500),
      item(4, 'Popcorn Shrimp Breaded', 'Ocean Prime', 0),
      item(5, 'Shrimp 16/20 P&D', 'Gulf Shore Shrimp Co.', 48_000),
      item(6, 'Cod Loin', 'Ocean Prime', 0),
      item(7, 'Breaded Shrimp', 'Ocean Prime', 0),
    ];
    expect(rankLookupItems('shrimp', items).map((i) => i.id)).toEqual([5, 3, 7, 4, 1, 2]);
  });

  const candidate = fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    description: fc.string({ maxLength: 12 }),
    brand: fc.string({ maxLength: 8 }),
    category: fc.constantFrom('Seafood', 'Produce', 'Dairy'),
    din: fc.stringMatching(/^\d{1,6}$/),
    spentCents: fc.integer({ min: 0, max: 10_000_000 }),
  });

  it('never puts a brand or category match before a name match, and is a total order', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 3 }),
        fc.uniqueArray(candidate, { selector: (c) => c.id, maxLength: 30 }),
        (search, items) => {
          const ranked = rankLookupItems(search, items);
          const ranks = ranked.map((i) => getLookupMatchRank(search, i)!);
          expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
          for (let i = 1; i < ranked.length; i += 1) {
            if (ranks[i] === ranks[i - 1]) expect(ranked[i].spentCents).toBeLessThanOrEqual(ranked[i - 1].spentCents);
          }
          expect(ranked).toHaveLength(items.filter((i) => getLookupMatchRank(search, i) !== null).length);
          expect(rankLookupItems(search, [...items].reverse())).toEqual(ranked);
        },
      ),
    );
  });

  it('breaks ties by name, then id', () => {
    const a = { id: 2, description: 'Shrimp', matchRank: 0 as const, spentCents: 0 };
    expect(compareLookupItems(a, { ...a, id: 1 })).toBeGreaterThan(0);
    expect(compareLookupItems(a, { ...a, id: 3, description: 'shrimp a' })).toBeLessThan(0);
  });
});
