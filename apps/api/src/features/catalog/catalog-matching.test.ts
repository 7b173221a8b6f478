/**
 * The SQL of the list (item-sql.ts) against the domain rules it mirrors, on every item of the demo
 * data: pack sizes (parsePackSize), effective price (getEffectivePrice), savings matches
 * (findMatches, getMatchCasePrice). Plus the endpoints built on matching: items/matches and
 * items/get-last-purchased.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import {
  areEquivalentProducts,
  findMatches,
  getEffectivePrice,
  itemMatchesSchema,
  lastPurchasedItemSchema,
  parseCents,
  parsePackSize,
  type ListItem,
  type Match,
} from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { itemCalcLateral } from './item-sql';
import {
  compareNames,
  getAllItems,
  selectStoredItems,
  toCandidate,
  todayIn,
  toPriced,
  type StoredItem,
} from './catalog.test-support';

const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The domain's matches of every stored item among the location's other items, minus rejected pairs. */
function expectedMatches(stored: StoredItem[], today: string, rejected: Set<string> = new Set()): Map<number, Match[]> {
  const candidates = stored.map((item) => ({ item, candidate: toCandidate(item, today) }));
  const result = new Map<number, Match[]>();
  for (const { item, candidate } of candidates) {
    const others = candidates
      .filter(
        ({ item: other }) =>
          other.id !== item.id &&
          !rejected.has(`${item.id}/${other.id}`) &&
          (sameText(other.genericName, item.genericName) ||
            (item.manufacturerCode !== '' && sameText(other.manufacturerCode, item.manufacturerCode))),
      )
      .map((c) => c.candidate);
    result.set(item.id, findMatches(candidate, others));
  }
  return result;
}

/** What the list should say about an item's matches. */
function summarise(matches: Match[]) {
  const saving = matches.filter((m) => m.savings > 0);
  return {
    matchId: matches[0]?.itemDistributorId ?? null,
    matchType: matches[0]?.matchType ?? null,
    savings: saving.length ? Math.max(...saving.map((m) => m.savings)) : 0,
    savingItems: saving.length,
  };
}

const pick = (row: ListItem) => ({
  matchId: row.matchId,
  matchType: row.matchType,
  savings: row.savings,
  savingItems: row.savingItems,
});

describe('the SQL agrees with the domain rules', () => {
  it('reads every pack size as parsePackSize does', async () => {
    const rows = await queryRows<{ pack_size: string; pack_key: string | null; pack_base: string | null }>(
      t.handle.db,
      sql`SELECT d.pack_size, x.pack_key, x.pack_base::text AS pack_base
          FROM item_distributors d JOIN location_items li ON li.item_distributor_id = d.id
          ${itemCalcLateral('li', 'd', 'x', '2026-01-01')}`,
    );
    expect(rows.length).toBeGreaterThan(1000);
    for (const row of rows) {
      const pack = parsePackSize(row.pack_size);
      expect(row.pack_key, row.pack_size).toBe(pack?.comparableKey ?? null);
      if (!pack) continue;
      // pack_base is an exact decimal: base × den must equal num.
      const [whole, fraction = ''] = row.pack_base!.split('.');
      const scaled = BigInt(whole + fraction);
      const scale = 10n ** BigInt(fraction.length);
      expect(scaled * pack.totalBase.den, row.pack_size).toBe(pack.totalBase.num * scale);
    }
  });

  it('gives every item of Harbor Grill the matches, savings and top match of findMatches', async () => {
    const stored = await selectStoredItems(t.handle.db, L.harborGrill);
    const expected = expectedMatches(stored, todayIn());
    const rows = await getAllItems(t.app, owner);
    expect(rows).toHaveLength(stored.length);
    const mismatches = rows.filter(
      (row) => JSON.stringify(pick(row)) !== JSON.stringify(summarise(expected.get(row.itemDistributorId)!)),
    );
    expect(
      mismatches.map((row) => ({
        id: row.itemDistributorId,
        got: pick(row),
        want: summarise(expected.get(row.itemDistributorId)!),
      })),
    ).toEqual([]);
    // The demo data exercises every branch: exact matches that save and that cost more, savings options, catch weight.
    const all = [...expected.values()].flat();
    expect(all.some((m) => m.matchType === 'ExactMatch' && m.savings > 0)).toBe(true);
    expect(all.some((m) => m.matchType === 'ExactMatch' && m.savings < 0)).toBe(true);
    expect(all.some((m) => m.matchType === 'SavingsOption')).toBe(true);
    expect(rows.some((row) => row.isCatchWeight && row.savings > 0)).toBe(true);
  });

  it('never pairs different sizes beyond the tolerance on the demo catalogue, in the list or in items/matches', async () => {
    const stored = await selectStoredItems(t.handle.db, L.harborGrill);
    const today = todayIn();
    const byId = new Map(stored.map((item) => [item.id, item]));
    const expected = expectedMatches(stored, today);
    // The demo offers the buyer's traps: the same generic product, another size, cheaper per unit.
    const traps = stored.flatMap((item) =>
      stored
        .filter(
          (other) =>
            other.id !== item.id &&
            sameText(other.genericName, item.genericName) &&
            !areEquivalentProducts(item.name, other.name) &&
            !(item.manufacturerCode !== '' && sameText(item.manufacturerCode, other.manufacturerCode)),
        )
        .map((other) => `${item.id}/${other.id}`),
    );
    expect(traps.length).toBeGreaterThan(100);
    const options = [...expected.entries()].flatMap(([id, matches]) =>
      matches
        .filter((m) => m.matchType === 'SavingsOption')
        .map((m) => ({ item: byId.get(id)!, alt: byId.get(m.itemDistributorId)! })),
    );
    expect(options.length).toBeGreaterThan(0);
    for (const { item, alt } of options)
      expect(areEquivalentProducts(item.name, alt.name), `${item.name} ~ ${alt.name}`).toBe(true);
    const rows = await getAllItems(t.app, owner);
    for (const row of rows.filter((r) => r.matchType === 'SavingsOption')) {
      expect(areEquivalentProducts(row.name, byId.get(row.matchId!)!.name), row.name).toBe(true);
    }
    // items/matches of an item with a trap: the trap is not among its matches
    const [itemId, trapId] = traps[0].split('/').map(Number);
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/items/matches/${itemId}`, headers: bearer(owner) });
    const answer = itemMatchesSchema.parse(response.json().data);
    expect(answer.matches.map((m) => m.itemDistributorId)).not.toContain(trapId);
  });

  it('sorts by Greatest Savings on those same savings', async () => {
    const stored = await selectStoredItems(t.handle.db, L.harborGrill);
    const expected = expectedMatches(stored, todayIn());
    const savings = (item: StoredItem) => summarise(expected.get(item.id)!).savings;
    const order = [...stored]
      .sort((a, b) => savings(b) - savings(a) || compareNames(a.name, b.name) || a.id - b.id)
      .map((s) => s.id);
    const rows = await getAllItems(t.app, owner, { sort: 'greatest-savings' });
    expect(rows.map((r) => r.itemDistributorId)).toEqual(order);
    expect(rows[0].savings).toBeGreaterThan(0);
  });

  it('follows every branch of the effective-price rule, as getEffectivePrice does', async () => {
    const today = todayIn();
    // Put items on each branch: price still valid, stale with an invoice, stale without, ending today,
    // outdated by an invoice, an invoice price of 0.
    const items = (await selectStoredItems(t.handle.db, L.harborGrill))
      .filter((s) => !s.isMarketPrice)
      .slice(0, 7)
      .map((s) => s.id);
    const setRow = (id: number, values: ReturnType<typeof sql>) =>
      t.handle.db.execute(
        sql`UPDATE location_items SET ${values} WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${id}`,
      );
    await setRow(
      items[0],
      sql`end_date = ${today}::date + 5, purchased_price = 1.00, invoice_date = ${today}::date, is_price_outdated = true`,
    );
    await setRow(
      items[1],
      sql`end_date = ${today}::date - 1, purchased_price = 2.00, invoice_date = ${today}::date - 3, is_price_outdated = false`,
    );
    await setRow(
      items[2],
      sql`end_date = ${today}::date - 1, purchased_price = NULL, invoice_date = NULL, is_price_outdated = false`,
    );
    await setRow(
      items[3],
      sql`end_date = ${today}::date, purchased_price = 3.00, invoice_date = ${today}::date, is_price_outdated = false`,
    );
    await setRow(items[4], sql`end_date = NULL, purchased_price = 4.00, invoice_date = ${today}::date, is_price_outdated = true`);
    await setRow(
      items[5],
      sql`end_date = ${today}::date - 10, purchased_price = 0, invoice_date = ${today}::date, is_price_outdated = true`,
    );
    await setRow(
      items[6],
      sql`end_date = ${today}::date - 10, purchased_price = 5.00, invoice_date = NULL, is_price_outdated = true`,
    );

    const stored = await selectStoredItems(t.handle.db, L.harborGrill);
    const expected = expectedMatches(stored, today);
    const rows = await getAllItems(t.app, owner, { sort: 'price-low' });
    const price = new Map(stored.map((s) => [s.id, getEffectivePrice(toPriced(s), today)]));
    const byPrice = [...stored].sort(
      (a, b) => price.get(a.id)! - price.get(b.id)! || compareNames(a.name, b.name) || a.id - b.id,
    );
    expect(rows.map((r) => r.itemDistributorId)).toEqual(byPrice.map((s) => s.id));
    // Only the stale or outdated prices with a real invoice price switch to it.
    const guide = (id: number) => parseCents(stored.find((s) => s.id === id)!.price);
    expect(items.map((id) => price.get(id))).toEqual([
      guide(items[0]),
      200,
      guide(items[2]),
      guide(items[3]),
      400,
      guide(items[5]),
      guide(items[6]),
    ]);
    // Matching reads the same prices.
    const mismatches = rows.filter(
      (row) => JSON.stringify(pick(row)) !== JSON.stringify(summarise(expected.get(row.itemDistributorId)!)),
    );
    expect(mismatches).toEqual([]);
  });
});

describe('GET items/matches/{id}', () => {
  const getMatches = (id: number, token = owner) =>
    t.app.inject({ method: 'GET', url: `/api/v1/items/matches/${id}`, headers: bearer(token) });

  it('answers the matches of findMatches with their reasons, and agrees with the list', async () => {
    const rows = await getAllItems(t.app, owner);
    const exact = rows.find((r) => r.matchType === 'ExactMatch' && r.savings > 0)!;
    const option = rows.find((r) => r.matchType === 'SavingsOption')!;
    for (const row of [exact, option]) {
      const response = await getMatches(row.itemDistributorId);
      expect(response.statusCode).toBe(200);
      const body = itemMatchesSchema.parse(response.json().data);
      expect(body.itemDistributorId).toBe(row.itemDistributorId);
      expect(body.matches[0].itemDistributorId).toBe(row.matchId);
      expect(body.matches[0].matchType).toBe(row.matchType);
      expect(Math.max(...body.matches.map((m) => m.savings))).toBe(row.savings);
      expect(body.matches.filter((m) => m.savings > 0)).toHaveLength(row.savingItems);
      for (const match of body.matches) {
        expect(match.matchId).toBe(row.itemDistributorId);
        expect(match.reasons.length).toBeGreaterThanOrEqual(3);
        expect(match.normalisedUnitPrice).toBeGreaterThan(0);
      }
    }
    const exactMatches = itemMatchesSchema.parse((await getMatches(exact.itemDistributorId)).json().data).matches;
    expect(exactMatches[0].reasons[0]).toMatch(/^Same manufacturer item \(/);
    expect(exactMatches[0].reasons).toContain(`Same pack size (${exactMatches[0].packSize})`);
    const optionMatches = itemMatchesSchema.parse((await getMatches(option.itemDistributorId)).json().data).matches;
    expect(optionMatches[0].reasons[0]).toMatch(/^Same product: /);
    expect(optionMatches[0].reasons[2]).toBe('Lower price per unit');
  });

  it('leaves out a match the location rejected, in the matches and in the list', async () => {
    const rows = await getAllItems(t.app, owner);
    const item = rows.find((r) => r.matchType === 'SavingsOption' && r.savingItems >= 1)!;
    await t.handle.db.execute(sql`INSERT INTO item_swaps (location_id, old_item_distributor_id, new_item_distributor_id, type)
                                  VALUES (${L.harborGrill}, ${item.itemDistributorId}, ${item.matchId}, 'reject')`);
    const matches = itemMatchesSchema.parse((await getMatches(item.itemDistributorId)).json().data).matches;
    expect(matches.map((m) => m.itemDistributorId)).not.toContain(item.matchId);
    const after = (await getAllItems(t.app, owner)).find((r) => r.itemDistributorId === item.itemDistributorId)!;
    expect(after.matchId).not.toBe(item.matchId);
    expect(after.matchId).toBe(matches[0]?.itemDistributorId ?? null);
  });

  it("answers 404 for an item that is not the location's", async () => {
    const [foreign] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM item_distributors WHERE id NOT IN (SELECT item_distributor_id FROM location_items WHERE location_id = ${L.harborGrill}) LIMIT 1`,
    );
    const response = await getMatches(foreign.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Item not found.', code: 'not_found' });
  });
});

describe('GET items/get-last-purchased', () => {
  it('lists purchased items with a cheaper match, largest savings first, three by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/items/get-last-purchased', headers: bearer(owner) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(3);
    const rows = await getAllItems(t.app, owner, { product: 'PURCHASED', sort: 'greatest-savings' });
    const saving = rows.filter((r) => r.savings > 0);
    expect(body._meta).toEqual({ totalCount: saving.length, currentPage: 1, pageCount: Math.ceil(saving.length / 3) });
    body.data.forEach((entry: unknown, index: number) => {
      const item = lastPurchasedItemSchema.strict().parse(entry);
      expect(item.itemDistributorId).toBe(saving[index].itemDistributorId);
      expect(item.savingsSavings).toBe(saving[index].savings);
      expect(item.purchasedPrice).toBe(saving[index].lastPurchasedPrice);
      expect(item.savingsItemDistributorId).not.toBe(item.itemDistributorId);
    });
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/v1/items/get-last-purchased?page=2&limit=5',
      headers: bearer(owner),
    });
    expect(second.json().data.map((d: { itemDistributorId: number }) => d.itemDistributorId)).toEqual(
      saving.slice(5, 10).map((r) => r.itemDistributorId),
    );
  });

  it('is empty where the location does not display matches', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.owner}`,
      headers: bearer(owner),
      payload: { id: DEMO_IDS.users.owner, active_location_id: L.harborCatering },
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/items/get-last-purchased', headers: bearer(owner) });
      expect(response.json()).toEqual({ data: [], _meta: { totalCount: 0, currentPage: 1, pageCount: 1 } });
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${DEMO_IDS.users.owner}`,
        headers: bearer(owner),
        payload: { id: DEMO_IDS.users.owner, active_location_id: L.harborGrill },
      });
    }
  });
});
