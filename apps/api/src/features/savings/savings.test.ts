import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import {
  areEquivalentProducts,
  getSwapQuantity,
  shoppingCartMatchSchema,
  swapResponseSchema,
  type ShoppingCartMatch,
} from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { addCartLine, addSpecialLine, countRows, findOrderableItems } from '../checkout/checkout-test-fixtures';

const GRILL = DEMO_IDS.locations.harborGrill;
const EXPRESS = DEMO_IDS.locations.harborGrillExpress;
const HARBORLINE = DEMO_IDS.distributors.harborline;

let t: TestApp;
let token: string;
/** The cart line under test: a Harborline item with at least two matches, at quantity 3. */
let line: ShoppingCartMatch;
const db = () => t.handle.db;

beforeAll(async () => {
  t = await createTestApp();
  token = await signInAs(t.app, 'owner@demo.test');
  for (const id of await findOrderableItems(db(), GRILL, HARBORLINE, 40)) await addCartLine(db(), GRILL, id, 3);
  await addSpecialLine(db(), GRILL, HARBORLINE, 'Whole turbot, about 4 lb');
  const lines = await getMatches();
  const found = lines.find((l) => l.matches.length >= 2);
  if (!found) throw new Error('the demo cart has no line with two matches');
  line = found;
});
afterAll(async () => {
  await t?.close();
});

async function getMatches(authKey = token): Promise<ShoppingCartMatch[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/items/shopping-cart-matches', headers: bearer(authKey) });
  expect(response.statusCode).toBe(200);
  return z.array(shoppingCartMatchSchema).parse(response.json().data);
}

const post = (path: 'swap' | 'swap-reject', swaps: unknown[], authKey = token) =>
  t.app.inject({ method: 'POST', url: `/api/v1/items/${path}`, headers: bearer(authKey), payload: { swaps } });

const entry = (oldId: number, newId: number, type: string, reason = 'Savings') => ({
  old_item_dist_id: oldId,
  new_item_dist_id: newId,
  type,
  reason_name: reason,
});

async function cartQuantity(itemDistributorId: number): Promise<number | null> {
  const [row] = await queryRows<{ quantity: number }>(
    db(),
    sql`SELECT quantity FROM cart_items WHERE location_id = ${GRILL} AND item_distributor_id = ${itemDistributorId}`,
  );
  return row?.quantity ?? null;
}

async function decisions(oldId: number, newId: number) {
  return queryRows<{
    id: number;
    type: string;
    original_quantity: number;
    swapped_quantity: number;
    savings_per_case: string;
    old_unit_price: string;
    new_unit_price: string;
    reason_name: string;
  }>(
    db(),
    sql`SELECT id, type, original_quantity, swapped_quantity, savings_per_case::text, old_unit_price::text, new_unit_price::text, reason_name
        FROM item_swaps WHERE location_id = ${GRILL} AND old_item_distributor_id = ${oldId} AND new_item_distributor_id = ${newId}`,
  );
}

async function cartVersion(): Promise<string> {
  const [row] = await queryRows<{ v: string }>(
    db(),
    sql`SELECT to_char(last_modified AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS v FROM carts WHERE location_id = ${GRILL}`,
  );
  return row?.v ?? '';
}

describe('GET /api/v1/items/shopping-cart-matches', () => {
  it('answers each catalogue line of the cart with its matches, special requests left out', async () => {
    const lines = await getMatches();
    expect(lines).toHaveLength(40);
    expect(lines.every((l) => l.distributorId === HARBORLINE && l.quantity === 3 && l.swap === null)).toBe(true);
    const match = line.matches[0];
    expect(match.itemDistributorId).not.toBe(line.itemDistributorId);
    expect(match.swapQuantity).toBe(getSwapQuantity(3, line.packSize, match.packSize));
    expect(['ExactMatch', 'SavingsOption']).toContain(match.matchType);
    expect(match.reasons.length).toBeGreaterThan(0);
  });

  it('offers only equivalent products, each saving on its line, with figures that add up', async () => {
    const lines = await getMatches();
    const matches = lines.flatMap((l) => l.matches.map((m) => ({ l, m })));
    expect(matches.some(({ m }) => m.matchType === 'SavingsOption')).toBe(true);
    for (const { l, m } of matches) {
      if (m.matchType === 'SavingsOption') {
        expect(areEquivalentProducts(l.name, m.name), `${l.name} ~ ${m.name}`).toBe(true);
        expect(m.lineSavings).toBeGreaterThan(0);
        expect(m.unitPrice).toBeLessThanOrEqual(m.originalUnitPrice);
      }
      // the per-case figure is the line's savings per case in the cart, never the other way
      expect(Math.sign(m.savings) * Math.sign(m.lineSavings)).toBeGreaterThanOrEqual(0);
      expect(2 * Math.abs(m.savings * l.quantity - m.lineSavings)).toBeLessThanOrEqual(l.quantity);
      if (l.unitMeasure === 'CS' && m.unitMeasure === 'CS') {
        expect(m.lineSavings).toBe(l.quantity * l.price - m.swapQuantity * m.price);
      }
    }
  });

  it('answers an empty list for a location with an empty cart', async () => {
    const chef = await signInAs(t.app, 'chef@demo.test');
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.chef}`,
      headers: bearer(chef),
      payload: { id: DEMO_IDS.users.chef, active_location_id: EXPRESS },
    });
    expect(await getMatches(chef)).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/items/shopping-cart-matches' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/v1/items/swap', () => {
  it('replaces the line with the match, covering the same quantity, and records the swap', async () => {
    const match = line.matches[0];
    const linesBefore = (await getMatches()).map((l) => l.shoppingCartId);
    const before = await cartVersion();
    const response = await post('swap', [entry(line.itemDistributorId, match.itemDistributorId, 'swap')]);
    expect(response.statusCode).toBe(200);
    const body = swapResponseSchema.parse(response.json().data);
    // The line stays where it was: the same cart line now holds the new item.
    expect(body.swaps[0]).toMatchObject({ outcome: 'swap', quantity: match.swapQuantity, shoppingCartId: line.shoppingCartId });
    expect((await getMatches()).map((l) => l.shoppingCartId)).toEqual(linesBefore);
    expect(body.lastModified).toBe(await cartVersion());
    expect(body.lastModified > before).toBe(true);

    expect(await cartQuantity(line.itemDistributorId)).toBeNull();
    expect(await cartQuantity(match.itemDistributorId)).toBe(match.swapQuantity);
    // The cart area sees the same version, and the swapped-in line carries it (simultaneous shopping).
    const cart = await t.app.inject({ method: 'GET', url: '/api/v1/shopping-carts', headers: bearer(token) });
    expect(cart.json().data.lastModified).toBe(body.lastModified);
    const [stamped] = await queryRows<{ same: boolean }>(
      db(),
      sql`SELECT c.updated_at = k.last_modified AS same FROM cart_items c JOIN carts k ON k.location_id = c.location_id
          WHERE c.location_id = ${GRILL} AND c.item_distributor_id = ${match.itemDistributorId}`,
    );
    expect(stamped.same).toBe(true);
    const [row] = await decisions(line.itemDistributorId, match.itemDistributorId);
    expect(row).toMatchObject({
      type: 'swap',
      original_quantity: 3,
      swapped_quantity: match.swapQuantity,
      reason_name: 'Savings',
    });
    expect(row.id).toBe(body.swaps[0].swapId);
    // Prices as the buyer saw them: savings in dollars, unit prices to 4 decimals.
    expect(Math.round(Number(row.savings_per_case) * 100)).toBe(match.savings);
    expect(Math.round(Number(row.new_unit_price) * 10000)).toBe(match.unitPrice);
    expect(Math.round(Number(row.old_unit_price) * 10000)).toBe(match.originalUnitPrice);

    const swapped = (await getMatches()).find((l) => l.itemDistributorId === match.itemDistributorId);
    expect(swapped?.swap).toMatchObject({
      itemDistributorId: line.itemDistributorId,
      originalQuantity: 3,
      swappedQuantity: match.swapQuantity,
      swapId: row.id,
    });
    // The original is offered through Swap back, not as a match of its replacement.
    expect(swapped?.matches.map((m) => m.itemDistributorId)).not.toContain(line.itemDistributorId);
  });

  it('swaps back: the swap is removed and the original line returns at its quantity', async () => {
    const match = line.matches[0];
    const response = await post('swap', [entry(match.itemDistributorId, line.itemDistributorId, 'swap')]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.swaps[0]).toMatchObject({
      outcome: 'swap-back',
      quantity: 3,
      swapId: null,
      shoppingCartId: line.shoppingCartId,
    });
    expect(await cartQuantity(line.itemDistributorId)).toBe(3);
    expect(await cartQuantity(match.itemDistributorId)).toBeNull();
    expect(await decisions(line.itemDistributorId, match.itemDistributorId)).toEqual([]);
    const restored = (await getMatches()).find((l) => l.itemDistributorId === line.itemDistributorId);
    expect(restored).toMatchObject({ quantity: 3, swap: null });
    expect(restored?.matches.map((m) => m.itemDistributorId)).toContain(match.itemDistributorId);
  });

  it('keeps a line the buyer already had when swapping into it and back', async () => {
    const match = line.matches[1];
    await addCartLine(db(), GRILL, match.itemDistributorId, 2);
    const swapped = await post('swap', [entry(line.itemDistributorId, match.itemDistributorId, 'swap')]);
    expect(swapped.statusCode).toBe(200);
    expect(await cartQuantity(match.itemDistributorId)).toBe(2 + match.swapQuantity);
    await post('swap', [entry(match.itemDistributorId, line.itemDistributorId, 'swap')]);
    expect(await cartQuantity(match.itemDistributorId)).toBe(2);
    expect(await cartQuantity(line.itemDistributorId)).toBe(3);
    await db().execute(
      sql`DELETE FROM cart_items WHERE location_id = ${GRILL} AND item_distributor_id = ${match.itemDistributorId}`,
    );
  });

  it('refuses an item that is not a match, unknown ids, and a line that is not in the cart', async () => {
    const [unrelated] = await findOrderableItems(db(), GRILL, HARBORLINE, 1);
    const notMatch = await post('swap', [entry(line.itemDistributorId, unrelated, 'swap')]);
    expect(notMatch.statusCode).toBe(400);
    expect(notMatch.json().code).toBe('not_a_match');

    const unknown = await post('swap', [entry(line.itemDistributorId, 99_999_999, 'swap')]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Item not found.');

    const notInCart = await post('swap', [entry(unrelated, line.itemDistributorId, 'swap')]);
    expect(notInCart.statusCode).toBe(404);
    expect(notInCart.json().message).toBe('Cart item not found.');

    const wrongType = await post('swap', [entry(line.itemDistributorId, line.matches[0].itemDistributorId, 'reject')]);
    expect(wrongType.statusCode).toBe(400);
  });

  it("refuses another location's cart line and its distributors' items with 404", async () => {
    // An item of Prime Cut Meats, which Harbor Grill Express does not buy from.
    const [primeCut] = await findOrderableItems(db(), GRILL, DEMO_IDS.distributors.primeCutMeats, 1);
    const [expressItem] = await findOrderableItems(db(), EXPRESS, HARBORLINE, 1);
    await addCartLine(db(), EXPRESS, expressItem, 1);
    const notOurs = await post('swap', [entry(expressItem, line.matches[0].itemDistributorId, 'swap')]);
    expect(notOurs.statusCode).toBe(404);

    const chef = await signInAs(t.app, 'chef@demo.test'); // active at Harbor Grill Express since the test above
    const foreign = await post('swap-reject', [entry(expressItem, primeCut, 'reject')], chef);
    expect(foreign.statusCode).toBe(404);
  });

  it('applies a batch all or nothing', async () => {
    const response = await post('swap', [
      entry(line.itemDistributorId, line.matches[0].itemDistributorId, 'swap'),
      entry(line.itemDistributorId, 99_999_999, 'swap'),
    ]);
    expect(response.statusCode).toBe(404);
    expect(await cartQuantity(line.itemDistributorId)).toBe(3);
    expect(await decisions(line.itemDistributorId, line.matches[0].itemDistributorId)).toEqual([]);
  });
});

describe('POST /api/v1/items/swap-reject', () => {
  it('a reject undoes the swap of that pair and stops suggesting it', async () => {
    const match = line.matches[0];
    await post('swap', [entry(line.itemDistributorId, match.itemDistributorId, 'swap')]);
    const response = await post('swap-reject', [
      entry(line.itemDistributorId, match.itemDistributorId, 'reject', 'Prefer our brand'),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.swaps[0]).toMatchObject({ outcome: 'reject', quantity: 3 });
    expect(await cartQuantity(line.itemDistributorId)).toBe(3);
    expect(await cartQuantity(match.itemDistributorId)).toBeNull();
    const rows = await decisions(line.itemDistributorId, match.itemDistributorId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'reject', reason_name: 'Prefer our brand' });

    const after = (await getMatches()).find((l) => l.itemDistributorId === line.itemDistributorId);
    expect(after?.matches.map((m) => m.itemDistributorId)).not.toContain(match.itemDistributorId);
    expect(after?.matches.map((m) => m.itemDistributorId)).toContain(line.matches[1].itemDistributorId);
    expect(after?.rejected).toEqual([
      expect.objectContaining({ itemDistributorId: match.itemDistributorId, reasonName: 'Prefer our brand' }),
    ]);
  });

  it('a swap clears the reject of that pair', async () => {
    const match = line.matches[0];
    const response = await post('swap', [entry(line.itemDistributorId, match.itemDistributorId, 'swap')]);
    expect(response.statusCode).toBe(200);
    const rows = await decisions(line.itemDistributorId, match.itemDistributorId);
    expect(rows.map((r) => r.type)).toEqual(['swap']);
    const swapped = (await getMatches()).find((l) => l.itemDistributorId === match.itemDistributorId);
    expect(swapped?.swap?.itemDistributorId).toBe(line.itemDistributorId);
    await post('swap', [entry(match.itemDistributorId, line.itemDistributorId, 'swap')]);
  });

  it("cancelling a reject (type 'swap' on swap-reject: doc 1 §3 has only swap and reject) makes the pair a suggestion again", async () => {
    const other = line.matches[1];
    await post('swap-reject', [entry(line.itemDistributorId, other.itemDistributorId, 'reject')]);
    let current = (await getMatches()).find((l) => l.itemDistributorId === line.itemDistributorId);
    expect(current?.matches.map((m) => m.itemDistributorId)).not.toContain(other.itemDistributorId);

    const before = await cartVersion();
    // The old third type is no longer on the wire.
    const legacy = await post('swap-reject', [entry(line.itemDistributorId, other.itemDistributorId, 'cancel-reject')]);
    expect(legacy.statusCode).toBe(400);
    expect(await decisions(line.itemDistributorId, other.itemDistributorId)).toHaveLength(1);
    const response = await post('swap-reject', [entry(line.itemDistributorId, other.itemDistributorId, 'swap')]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ swaps: [{ outcome: 'cancel-reject', swapId: null }], lastModified: before });
    expect(await decisions(line.itemDistributorId, other.itemDistributorId)).toEqual([]);
    current = (await getMatches()).find((l) => l.itemDistributorId === line.itemDistributorId);
    expect(current?.matches.map((m) => m.itemDistributorId)).toContain(other.itemDistributorId);
  });

  it('refuses unknown ids and unknown types', async () => {
    expect((await post('swap-reject', [entry(99_999_998, line.itemDistributorId, 'reject')])).statusCode).toBe(404);
    expect(
      (await post('swap-reject', [entry(line.itemDistributorId, line.matches[1].itemDistributorId, 'swap-back')])).statusCode,
    ).toBe(400);
    expect((await post('swap', [entry(line.itemDistributorId, line.matches[1].itemDistributorId, 'reject')])).statusCode).toBe(
      400,
    );
    expect((await post('swap-reject', [])).statusCode).toBe(400);
  });

  it('keeps one open decision per pair', async () => {
    const count = await countRows(
      db(),
      sql`SELECT count(*)::int AS count FROM (SELECT 1 FROM item_swaps WHERE location_id = ${GRILL} AND order_id IS NULL
          GROUP BY old_item_distributor_id, new_item_distributor_id HAVING count(*) > 1) t`,
    );
    expect(count).toBe(0);
  });
});

describe("only the location's catalogue (issue 14 defects 4 and 12)", () => {
  /** Takes an item out of Harbor Grill's catalogue (its distributor still serves the grill) until the returned restore runs. */
  async function takeOutOfCatalogue(itemDistributorId: number): Promise<() => Promise<void>> {
    const [row] = await queryRows<{ row: unknown }>(
      db(),
      sql`SELECT to_jsonb(li) AS row FROM location_items li WHERE location_id = ${GRILL} AND item_distributor_id = ${itemDistributorId}`,
    );
    await db().execute(
      sql`DELETE FROM location_items WHERE location_id = ${GRILL} AND item_distributor_id = ${itemDistributorId}`,
    );
    return async () => {
      await db().execute(
        sql`INSERT INTO location_items SELECT * FROM jsonb_populate_record(null::location_items, ${JSON.stringify(row.row)}::jsonb)`,
      );
    };
  }

  it('refuses to swap in an item outside the catalogue, as a direct add does', async () => {
    const match = line.matches[0];
    const restore = await takeOutOfCatalogue(match.itemDistributorId);
    try {
      const direct = await t.app.inject({
        method: 'POST',
        url: '/api/v1/shopping-carts',
        headers: bearer(token),
        payload: { lastModified: null, itemList: [{ itemDistributorId: match.itemDistributorId, quantity: 1 }] },
      });
      expect(direct.statusCode).toBe(404);

      const swapped = await post('swap', [entry(line.itemDistributorId, match.itemDistributorId, 'swap')]);
      expect(swapped.statusCode).toBe(404);
      expect(swapped.json()).toMatchObject({ code: 'not_found', message: 'Item not found.' });
      expect(await cartQuantity(line.itemDistributorId)).toBe(3);
      expect(await cartQuantity(match.itemDistributorId)).toBeNull();
      expect(await decisions(line.itemDistributorId, match.itemDistributorId)).toEqual([]);
    } finally {
      await restore();
    }
  });

  it('refuses rejects of items outside the catalogue or of another location, with 404', async () => {
    const match = line.matches[1];
    const restore = await takeOutOfCatalogue(match.itemDistributorId);
    try {
      for (const type of ['reject', 'swap']) {
        const outside = await post('swap-reject', [entry(line.itemDistributorId, match.itemDistributorId, type)]);
        expect(outside.statusCode).toBe(404);
        expect(outside.json()).toMatchObject({ code: 'not_found' });
      }
      expect(await decisions(line.itemDistributorId, match.itemDistributorId)).toEqual([]);
    } finally {
      await restore();
    }

    // On Harbor Catering's guides, from a distributor Harbor Grill also buys from, but not on Harbor Grill's.
    const [cateringOnly] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT li.item_distributor_id AS id FROM location_items li
          JOIN item_distributors d ON d.id = li.item_distributor_id
          JOIN location_distributors ld ON ld.location_id = ${GRILL} AND ld.distributor_id = d.distributor_id
          WHERE li.location_id = ${DEMO_IDS.locations.harborCatering}
            AND NOT EXISTS (SELECT 1 FROM location_items g WHERE g.location_id = ${GRILL} AND g.item_distributor_id = d.id)
          ORDER BY li.item_distributor_id LIMIT 1`,
    );
    expect(cateringOnly).toBeDefined();
    for (const pair of [
      [line.itemDistributorId, cateringOnly.id],
      [cateringOnly.id, line.itemDistributorId],
    ]) {
      const foreign = await post('swap-reject', [entry(pair[0], pair[1], 'reject')]);
      expect(foreign.statusCode).toBe(404);
      expect(await decisions(pair[0], pair[1])).toEqual([]);
    }
  });

  it('reads ids only from whole numbers: true is no item id, 2^31 is out of range', async () => {
    const [first] = await queryRows<{ id: number }>(db(), sql`SELECT min(id)::int AS id FROM item_distributors`);
    for (const bad of [true, 2_147_483_648, '12', 1.5]) {
      for (const path of ['swap', 'swap-reject'] as const) {
        const type = path === 'swap' ? 'swap' : 'reject';
        const response = await post(path, [{ ...entry(line.itemDistributorId, 0, type), new_item_dist_id: bad }]);
        expect(response.statusCode, `${path} with ${String(bad)}`).toBe(400);
        expect(response.json().message).toMatch(/^swaps\.0\.new_item_dist_id: Item ids must be/);
      }
    }
    expect(await decisions(line.itemDistributorId, first.id)).toEqual([]);
  });
});

describe('a location whose cart is turned off (issue 14 defect 11)', () => {
  it('refuses swaps and rejects like any cart write, and changes nothing', async () => {
    const setCart = (on: boolean) =>
      queryRows(db(), sql`UPDATE locations SET display_shopping_cart = ${on} WHERE id = ${GRILL} RETURNING id`);
    const [match] = line.matches;
    const snapshot = async () => ({
      quantities: [await cartQuantity(line.itemDistributorId), await cartQuantity(match.itemDistributorId)],
      version: await cartVersion(),
      decisions: await decisions(line.itemDistributorId, match.itemDistributorId),
    });
    const before = await snapshot();
    await setCart(false);
    try {
      for (const [path, type] of [
        ['swap', 'swap'],
        ['swap-reject', 'reject'],
      ] as const) {
        const response = await post(path, [entry(line.itemDistributorId, match.itemDistributorId, type)]);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: 'The shopping cart is turned off for this location.', code: 'cart_disabled' });
      }
      expect(await snapshot()).toEqual(before);
    } finally {
      await setCart(true);
    }
  });
});
