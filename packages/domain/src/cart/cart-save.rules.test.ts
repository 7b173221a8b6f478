import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CartSaveDeletedLine, CartSaveEntry, CartSaveInput, CartSaveItem, CartSaveLine } from './cart-save.rules';
import { planCartSave } from './cart-save-plan.rules';
import { getClientVersionStanding, parseCartVersion } from './cart-version.rules';

/** Microseconds since 1970 as the ISO text GET shopping-carts sends. */
const iso = (micros: number) => {
  const millis = Math.floor(micros / 1000);
  return `${new Date(millis).toISOString().slice(0, 19)}.${String(micros % 1_000_000).padStart(6, '0')}Z`;
};
const V = (n: number) => 1_700_000_000_000_000 + n;

const item = (id: number, overrides: Partial<CartSaveItem> = {}): CartSaveItem => ({
  itemDistributorId: id,
  name: `Item ${id}`,
  status: 'active',
  isUnpurchasable: false,
  isPunchedOut: false,
  ...overrides,
});
const line = (id: number, itemDistributorId: number | null, quantity: number, version: number): CartSaveLine => ({
  id,
  itemDistributorId,
  name: itemDistributorId === null ? `Special ${id}` : `Item ${itemDistributorId}`,
  quantity,
  version: V(version),
});
const deleted = (id: number, itemDistributorId: number | null, version: number): CartSaveDeletedLine => ({
  id,
  itemDistributorId,
  name: itemDistributorId === null ? `Special ${id}` : `Item ${itemDistributorId}`,
  version: V(version),
});

const plan = (overrides: Partial<CartSaveInput>) =>
  planCartSave({
    entries: [],
    lastModified: iso(V(10)),
    cartVersion: V(10),
    lines: [],
    deletedLines: [],
    items: [item(1), item(2), item(3)],
    location: { displayShoppingCart: true },
    ...overrides,
  });

describe('parseCartVersion', () => {
  it('reads the instants GET sends, and the same instant written with an offset', () => {
    expect(parseCartVersion('1970-01-01T00:00:00.000000Z')).toBe(0);
    expect(parseCartVersion('1970-01-01T00:00:01.000001Z')).toBe(1_000_001);
    expect(parseCartVersion('2026-11-02T10:00:00.5Z')).toBe(parseCartVersion('2026-11-02T10:00:00.500000Z'));
    expect(parseCartVersion('2026-11-02T12:30:00.000001+02:30')).toBe(parseCartVersion('2026-11-02T10:00:00.000001Z'));
    expect(parseCartVersion('2026-11-02T05:00:00-0500')).toBe(parseCartVersion('2026-11-02T10:00:00Z'));
  });

  it('refuses anything else', () => {
    for (const text of [
      'yesterday',
      '',
      '2026-11-02',
      '2026-11-02T10:00:00',
      '2026-02-31T10:00:00Z',
      '2026-11-02T25:00:00Z',
      '2026-11-02T10:00:00.1234567Z',
    ]) {
      expect(parseCartVersion(text), text).toBeNull();
    }
  });

  it('round-trips every microsecond instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000_000 }), (micros) => {
        expect(parseCartVersion(iso(micros))).toBe(micros);
      }),
    );
  });
});

describe('getClientVersionStanding', () => {
  it('trusts only the current version; none or a later one is unknown', () => {
    expect(getClientVersionStanding(V(10), V(10))).toBe('current');
    expect(getClientVersionStanding(V(9), V(10))).toBe('stale');
    expect(getClientVersionStanding(V(11), V(10))).toBe('unknown');
    expect(getClientVersionStanding(null, V(10))).toBe('unknown');
  });
});

describe('planCartSave', () => {
  const cases: [string, Partial<CartSaveInput>, ReturnType<typeof planCartSave>][] = [
    [
      'adds, changes and removes at the current version',
      {
        entries: [
          { itemDistributorId: 1, quantity: 2 },
          { itemDistributorId: 2, quantity: 5 },
          { shoppingCartId: 13, quantity: 0 },
        ],
        lines: [line(12, 2, 1, 3), line(13, 3, 4, 3)],
      },
      {
        kind: 'planned',
        deletes: [13],
        updates: [{ id: 12, quantity: 5, special: null }],
        inserts: [{ itemDistributorId: 1, quantity: 2, special: null }],
        conflicts: [],
      },
    ],
    [
      'a save that changes nothing plans nothing',
      { entries: [{ itemDistributorId: 2, quantity: 1 }], lines: [line(12, 2, 1, 3)] },
      { kind: 'planned', deletes: [], updates: [], inserts: [], conflicts: [] },
    ],
    [
      'a stale save reports a line changed after its version and applies the rest',
      {
        lastModified: iso(V(5)),
        entries: [
          { itemDistributorId: 2, quantity: 7 },
          { itemDistributorId: 3, quantity: 0 },
        ],
        lines: [line(12, 2, 4, 8), line(13, 3, 1, 2)],
      },
      {
        kind: 'planned',
        deletes: [13],
        updates: [],
        inserts: [],
        conflicts: [{ shoppingCartId: 12, itemDistributorId: 2, name: 'Item 2', currentQuantity: 4, requestedQuantity: 7 }],
      },
    ],
    [
      'a stale save reports a line deleted after its version instead of re-creating it',
      {
        lastModified: iso(V(5)),
        entries: [
          { itemDistributorId: 1, quantity: 3 },
          { itemDistributorId: 2, quantity: 1 },
        ],
        deletedLines: [deleted(11, 1, 4), deleted(21, 1, 9)],
      },
      {
        kind: 'planned',
        deletes: [],
        updates: [],
        inserts: [{ itemDistributorId: 2, quantity: 1, special: null }],
        conflicts: [{ shoppingCartId: 21, itemDistributorId: 1, name: 'Item 1', currentQuantity: 0, requestedQuantity: 3 }],
      },
    ],
    [
      'a deletion before the client version is no conflict: the item is added again',
      { lastModified: iso(V(5)), entries: [{ itemDistributorId: 1, quantity: 3 }], deletedLines: [deleted(11, 1, 4)] },
      {
        kind: 'planned',
        deletes: [],
        updates: [],
        inserts: [{ itemDistributorId: 1, quantity: 3, special: null }],
        conflicts: [],
      },
    ],
    [
      'a deleted line addressed by its id is reported, the rest applies',
      {
        lastModified: iso(V(5)),
        entries: [
          { shoppingCartId: 11, quantity: 2 },
          { shoppingCartId: 12, quantity: 3 },
        ],
        lines: [line(12, 2, 1, 1)],
        deletedLines: [deleted(11, null, 7)],
      },
      {
        kind: 'planned',
        deletes: [],
        updates: [{ id: 12, quantity: 3, special: null }],
        inserts: [],
        conflicts: [
          { shoppingCartId: 11, itemDistributorId: null, name: 'Special 11', currentQuantity: 0, requestedQuantity: 2 },
        ],
      },
    ],
    [
      'removing a line that is already gone is no conflict',
      {
        lastModified: iso(V(5)),
        entries: [
          { shoppingCartId: 11, quantity: 0 },
          { itemDistributorId: 1, quantity: 0 },
        ],
        deletedLines: [deleted(11, 1, 7)],
      },
      { kind: 'planned', deletes: [], updates: [], inserts: [], conflicts: [] },
    ],
    [
      'a lastModified from the future is not trusted: every existing line is reported',
      {
        lastModified: iso(V(99)),
        entries: [
          { itemDistributorId: 2, quantity: 7 },
          { itemDistributorId: 1, quantity: 1 },
        ],
        lines: [line(12, 2, 4, 1)],
      },
      {
        kind: 'planned',
        deletes: [],
        updates: [],
        inserts: [{ itemDistributorId: 1, quantity: 1, special: null }],
        conflicts: [{ shoppingCartId: 12, itemDistributorId: 2, name: 'Item 2', currentQuantity: 4, requestedQuantity: 7 }],
      },
    ],
    [
      'no lastModified reports every existing line, but not an old deletion',
      {
        lastModified: null,
        entries: [
          { itemDistributorId: 2, quantity: 7 },
          { itemDistributorId: 1, quantity: 1 },
        ],
        lines: [line(12, 2, 4, 1)],
        deletedLines: [deleted(11, 1, 9)],
      },
      {
        kind: 'planned',
        deletes: [],
        updates: [],
        inserts: [{ itemDistributorId: 1, quantity: 1, special: null }],
        conflicts: [{ shoppingCartId: 12, itemDistributorId: 2, name: 'Item 2', currentQuantity: 4, requestedQuantity: 7 }],
      },
    ],
    [
      'a second entry for a line this save already changed is no conflict',
      {
        lastModified: iso(V(5)),
        entries: [
          { itemDistributorId: 1, quantity: 2 },
          { itemDistributorId: 1, quantity: 4 },
        ],
      },
      {
        kind: 'planned',
        deletes: [],
        updates: [],
        inserts: [{ itemDistributorId: 1, quantity: 4, special: null }],
        conflicts: [],
      },
    ],
    [
      'adds a special request and rewrites an existing one',
      {
        entries: [
          { specialItem: { distributorId: 5, description: 'Duck fat', uom: 'CS', din: '', packSize: '' }, quantity: 2 },
          {
            shoppingCartId: 14,
            specialItem: { distributorId: 5, description: 'Goose fat', uom: 'EA', din: 'D1', packSize: '6/1' },
            quantity: 1,
          },
        ],
        lines: [line(14, null, 1, 2)],
      },
      {
        kind: 'planned',
        deletes: [],
        updates: [
          { id: 14, quantity: 1, special: { distributorId: 5, description: 'Goose fat', uom: 'EA', din: 'D1', packSize: '6/1' } },
        ],
        inserts: [
          {
            itemDistributorId: null,
            quantity: 2,
            special: { distributorId: 5, description: 'Duck fat', uom: 'CS', din: '', packSize: '' },
          },
        ],
        conflicts: [],
      },
    ],
    [
      'refuses an item that is not the location’s',
      {
        entries: [
          { itemDistributorId: 1, quantity: 1 },
          { itemDistributorId: 99, quantity: 0 },
        ],
      },
      { kind: 'refused', refusal: { kind: 'item-not-found', index: 1 } },
    ],
    [
      'refuses a line id that is neither in the cart nor deleted from it',
      { entries: [{ shoppingCartId: 77, quantity: 1 }] },
      { kind: 'refused', refusal: { kind: 'line-not-found', index: 0 } },
    ],
    [
      'refuses to raise an item that cannot be bought, but lets it go down',
      {
        entries: [
          { itemDistributorId: 2, quantity: 1 },
          { itemDistributorId: 1, quantity: 1 },
        ],
        items: [item(1, { status: 'inactive' }), item(2)],
      },
      { kind: 'refused', refusal: { kind: 'blocked', reason: 'out-of-stock', index: 1, name: 'Item 1' } },
    ],
    [
      'refuses a catalogue line turned into a special request',
      {
        entries: [
          {
            shoppingCartId: 12,
            specialItem: { distributorId: 5, description: 'Duck fat', uom: 'CS', din: '', packSize: '' },
            quantity: 1,
          },
        ],
        lines: [line(12, 2, 1, 3)],
      },
      { kind: 'refused', refusal: { kind: 'special-on-catalogue-line', index: 0 } },
    ],
    [
      'refuses every write where the location turned its cart off',
      { entries: [{ itemDistributorId: 1, quantity: 0 }], location: { displayShoppingCart: false } },
      { kind: 'refused', refusal: { kind: 'cart-disabled' } },
    ],
    [
      'refuses a lastModified GET cannot have sent',
      { entries: [{ itemDistributorId: 1, quantity: 1 }], lastModified: 'yesterday' },
      { kind: 'refused', refusal: { kind: 'invalid-last-modified' } },
    ],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => expect(plan(input)).toEqual(expected));
  }

  it('lets a punched-out line already in the cart be raised (review order), but not be added anew', () => {
    const items = [item(1, { isPunchedOut: true })];
    expect(plan({ items, lines: [line(12, 1, 4, 3)], entries: [{ itemDistributorId: 1, quantity: 6 }] })).toMatchObject({
      kind: 'planned',
      updates: [{ id: 12, quantity: 6 }],
    });
    expect(plan({ items, entries: [{ itemDistributorId: 1, quantity: 1 }] })).toMatchObject({
      kind: 'refused',
      refusal: { kind: 'blocked', reason: 'punched-out' },
    });
  });

  it('lets a blocked item that is already in the cart go down and out', () => {
    const items = [item(1, { isUnpurchasable: true })];
    const lines = [line(12, 1, 4, 3)];
    expect(plan({ items, lines, entries: [{ itemDistributorId: 1, quantity: 2 }] })).toMatchObject({
      kind: 'planned',
      updates: [{ id: 12, quantity: 2 }],
    });
    expect(plan({ items, lines, entries: [{ itemDistributorId: 1, quantity: 0 }] })).toMatchObject({
      kind: 'planned',
      deletes: [12],
    });
    expect(plan({ items, lines, entries: [{ itemDistributorId: 1, quantity: 5 }] })).toMatchObject({
      kind: 'refused',
      refusal: { kind: 'blocked', reason: 'call-in' },
    });
  });
});

describe('planCartSave properties', () => {
  const ITEMS = [1, 2, 3, 4, 5, 6];
  /** A cart of catalogue lines (line id = 100 + item), lines deleted earlier (id 200 + item), at versions 1..20. */
  const world = fc
    .record({
      present: fc.subarray(ITEMS),
      versions: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: ITEMS.length, maxLength: ITEMS.length }),
      quantities: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: ITEMS.length, maxLength: ITEMS.length }),
      deletedVersions: fc.array(fc.option(fc.integer({ min: 1, max: 20 })), { minLength: ITEMS.length, maxLength: ITEMS.length }),
      client: fc.option(fc.integer({ min: 0, max: 25 })),
      entries: fc.array(
        fc.record({
          item: fc.constantFrom(...ITEMS),
          byLine: fc.boolean(),
          quantity: fc.integer({ min: 0, max: 9 }),
        }),
        { minLength: 1, maxLength: 12 },
      ),
    })
    .map(({ present, versions, quantities, deletedVersions, client, entries }) => {
      const lines = present.map((id) => line(100 + id, id, quantities[id - 1], versions[id - 1]));
      const deletedLines = ITEMS.flatMap((id) => {
        const version = deletedVersions[id - 1];
        return version === null || present.includes(id) ? [] : [deleted(200 + id, id, version)];
      });
      const cartVersion = V(Math.max(20, ...lines.map((l) => l.version - V(0)), ...deletedLines.map((l) => l.version - V(0))));
      const saveEntries: CartSaveEntry[] = entries.map((e) => {
        const known =
          lines.find((l) => l.itemDistributorId === e.item) ?? deletedLines.find((l) => l.itemDistributorId === e.item);
        return e.byLine && known
          ? { shoppingCartId: known.id, quantity: e.quantity }
          : { itemDistributorId: e.item, quantity: e.quantity };
      });
      const input: CartSaveInput = {
        entries: saveEntries,
        lastModified: client === null ? null : iso(V(client)),
        cartVersion,
        lines,
        deletedLines,
        items: ITEMS.map((id) => item(id)),
        location: { displayShoppingCart: true },
      };
      return input;
    });

  /** The quantity of each item after the plan is applied. */
  const applyPlan = (input: CartSaveInput, result: ReturnType<typeof planCartSave>) => {
    if (result.kind !== 'planned') throw new Error('refused');
    const after = new Map(input.lines.map((l) => [l.itemDistributorId!, l.quantity]));
    const itemOfLine = new Map(input.lines.map((l) => [l.id, l.itemDistributorId!]));
    for (const id of result.deletes) after.delete(itemOfLine.get(id)!);
    for (const u of result.updates) after.set(itemOfLine.get(u.id)!, u.quantity);
    for (const n of result.inserts) after.set(n.itemDistributorId!, n.quantity);
    return after;
  };
  const itemOf = (input: CartSaveInput, entry: CartSaveEntry) =>
    entry.itemDistributorId ??
    [...input.lines, ...input.deletedLines].find((l) => l.id === entry.shoppingCartId)!.itemDistributorId!;

  it('at the current version applies every entry in order, last one wins, and reports only lines that are gone', () => {
    fc.assert(
      fc.property(world, (input) => {
        const current = { ...input, lastModified: iso(input.cartVersion) };
        const result = planCartSave(current);
        if (result.kind !== 'planned') throw new Error('refused');
        const gone = current.entries.filter(
          (e) => e.shoppingCartId != null && e.quantity > 0 && !current.lines.some((l) => l.id === e.shoppingCartId),
        );
        expect(result.conflicts.map((c) => [c.shoppingCartId, c.requestedQuantity])).toEqual(
          gone.map((e) => [e.shoppingCartId, e.quantity]),
        );
        const expected = new Map(current.lines.map((l) => [l.itemDistributorId!, l.quantity]));
        for (const entry of current.entries) {
          const id = itemOf(current, entry);
          // A line id of a deleted line cannot bring the line back.
          if (entry.shoppingCartId != null && !current.lines.some((l) => l.id === entry.shoppingCartId)) continue;
          if (entry.quantity === 0) expected.delete(id);
          else expected.set(id, entry.quantity);
        }
        expect(applyPlan(current, result)).toEqual(expected);
      }),
    );
  });

  it('never silently overwrites or re-creates a line someone else changed or deleted after the client version', () => {
    fc.assert(
      fc.property(world, (input) => {
        const result = planCartSave(input);
        if (result.kind !== 'planned') throw new Error('refused');
        const client = input.lastModified === null ? null : parseCartVersion(input.lastModified)!;
        const standing = getClientVersionStanding(client, input.cartVersion);
        if (standing === 'current') return;
        const after = applyPlan(input, result);
        for (const l of input.lines) {
          if (standing === 'unknown' || l.version > client!) {
            expect(after.get(l.itemDistributorId!)).toBe(l.quantity);
            const named = input.entries.some((e) => itemOf(input, e) === l.itemDistributorId);
            expect(result.conflicts.some((c) => c.shoppingCartId === l.id)).toBe(named);
          }
        }
        for (const d of input.deletedLines) {
          if (standing === 'stale' && d.version > client!) expect(after.has(d.itemDistributorId!)).toBe(false);
        }
      }),
    );
  });

  it('applies the entries of lines nobody else touched, and touches nothing else', () => {
    fc.assert(
      fc.property(world, (input) => {
        const result = planCartSave(input);
        if (result.kind !== 'planned') throw new Error('refused');
        const after = applyPlan(input, result);
        const client = input.lastModified === null ? null : parseCartVersion(input.lastModified)!;
        const standing = getClientVersionStanding(client, input.cartVersion);
        // Items whose line someone else changed or deleted after the client's version: no entry applies.
        const isProtected = (id: number) => {
          if (standing === 'current') return false;
          const existing = input.lines.find((l) => l.itemDistributorId === id);
          if (existing) return standing === 'unknown' || existing.version > client!;
          return input.deletedLines.some((d) => d.itemDistributorId === id && standing === 'stale' && d.version > client!);
        };
        const last = new Map<number, number>();
        for (const entry of input.entries) {
          const id = itemOf(input, entry);
          // A line id of a deleted line never brings the line back.
          if (entry.shoppingCartId != null && !input.lines.some((l) => l.id === entry.shoppingCartId)) continue;
          if (!isProtected(id)) last.set(id, entry.quantity);
        }
        for (const id of ITEMS) {
          const before = input.lines.find((l) => l.itemDistributorId === id)?.quantity;
          const wanted = last.has(id) ? last.get(id)! || undefined : before;
          expect(after.get(id)).toBe(wanted);
        }
        // Each line is written at most once, and only when it changes.
        const written = [...result.deletes, ...result.updates.map((u) => u.id)];
        expect(new Set(written).size).toBe(written.length);
        for (const u of result.updates) expect(u.quantity).not.toBe(input.lines.find((l) => l.id === u.id)!.quantity);
      }),
    );
  });

  it('treats a lastModified later than the cart version exactly like none', () => {
    fc.assert(
      fc.property(world, fc.integer({ min: 1, max: 1_000_000_000 }), (input, ahead) => {
        expect(planCartSave({ ...input, lastModified: iso(input.cartVersion + ahead) })).toEqual(
          planCartSave({ ...input, lastModified: null }),
        );
      }),
    );
  });
});
