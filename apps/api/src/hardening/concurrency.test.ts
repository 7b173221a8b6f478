/**
 * Concurrency (issue 14 "Suites"): two people save one cart at once, N times each, with
 * deletions, and no acknowledged change is lost without the other being told; concurrent order
 * submits with one Idempotency-Key make one order, with different keys never order a line twice.
 * N is small in the quick profile and 1,000 in the full one (HARDENING_PROFILE=full).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { applyCartChanges, cartChangesResponseSchema, cartUpdateResponseSchema } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../test-support/test-app';
import { addCartLine, buildOrderPayload, findOrderableItems } from '../features/checkout/checkout-test-fixtures';
import { byProfile, SUITE_TIMEOUT } from './hardening-support';

const GRILL = DEMO_IDS.locations.harborGrill;
const HARBORLINE = DEMO_IDS.distributors.harborline;
const SAVES_PER_CLIENT = byProfile(40, 1_000);
const SEED = Number(process.env.HARDENING_SEED ?? 20261123);

let t: TestApp;
let owner: string;
let chef: string;
const db = () => t.handle.db;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
});
afterAll(async () => {
  await t?.close();
});

interface Entry {
  itemDistributorId: number;
  /** Sent by cart line id when the client knows one. */
  shoppingCartId: number | null;
  quantity: number;
}

interface Save {
  client: string;
  /** The cart version the client had seen. */
  base: string;
  entries: Entry[];
  status: number;
  body: string;
  /** The cart's version after the save, and the cart as the save left it (read in its transaction). */
  version: string;
  cart: Map<number, number>;
  /** The line ids of the cart as the save left it. */
  lineIds: Set<number>;
  /** Items the answer reported as changed by someone else (not applied). */
  conflicts: Set<number>;
}

type Quantities = Map<number, number>;

async function readCart(
  token: string,
): Promise<{ version: string; lines: { id: number; itemDistributorId: number | null; quantity: number }[] }> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/shopping-carts', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  const data = response.json().data as {
    lastModified: string;
    shoppingCart: { id: number; itemDistributorId: number | null; quantity: number }[];
  };
  return { version: data.lastModified, lines: data.shoppingCart };
}

const quantitiesOf = (lines: { itemDistributorId: number | null; quantity: number }[], items: number[]): Quantities =>
  new Map(items.map((id) => [id, lines.find((l) => l.itemDistributorId === id)?.quantity ?? 0]));

describe('two people saving one cart', () => {
  // `cart`: every answer is the whole cart (the locked save). `changes`: what the web app asks for;
  // a current client's save goes the optimistic way and its answer is applied to the client's copy.
  it.each(['cart', 'changes'] as const)(
    `loses no acknowledged change in 2 × ${SAVES_PER_CLIENT} interleaved saves with deletions (answer=%s)`,
    async (answer) => {
      await db().execute(sql`DELETE FROM cart_items WHERE location_id = ${GRILL}`);
      const items = await findOrderableItems(db(), GRILL, HARBORLINE, 6);
      // Each client's plan: 1 to 3 different items per save, a quarter of them deletions, some by line id.
      const plan = fc.array(
        fc.uniqueArray(
          fc.record({
            item: fc.constantFrom(...items),
            quantity: fc.oneof(
              { arbitrary: fc.constant(0), weight: 1 },
              { arbitrary: fc.integer({ min: 1, max: 9 }), weight: 3 },
            ),
            byLine: fc.boolean(),
          }),
          { minLength: 1, maxLength: 3, selector: (e) => e.item },
        ),
        { minLength: SAVES_PER_CLIENT, maxLength: SAVES_PER_CLIENT },
      );
      const [planA, planB] = fc.sample(fc.tuple(plan, plan), { numRuns: 1, seed: SEED })[0];
      const saves: Save[] = [];
      const initial = await readCart(owner);

      async function runClient(client: string, token: string, steps: typeof planA): Promise<void> {
        let { version } = initial;
        let copy = initial.lines;
        let lineIds = new Map<number, number>();
        for (const step of steps) {
          const entries: Entry[] = step.map((s) => ({
            itemDistributorId: s.item,
            shoppingCartId: s.byLine ? (lineIds.get(s.item) ?? null) : null,
            quantity: s.quantity,
          }));
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/v1/shopping-carts?answer=${answer}`,
            headers: bearer(token),
            payload: {
              lastModified: version,
              itemList: entries.map((e) =>
                e.shoppingCartId
                  ? { shoppingCartId: e.shoppingCartId, quantity: e.quantity }
                  : { itemDistributorId: e.itemDistributorId, quantity: e.quantity },
              ),
            },
          });
          const save: Save = {
            client,
            base: version,
            entries,
            status: response.statusCode,
            body: response.body,
            version: '',
            cart: new Map(),
            lineIds: new Set(),
            conflicts: new Set(),
          };
          saves.push(save);
          if (response.statusCode !== 200) {
            // The client reloads, as the web app does after a failed save.
            const reloaded = await readCart(token);
            version = reloaded.version;
            copy = reloaded.lines;
            lineIds = new Map(
              reloaded.lines.flatMap((l) =>
                l.itemDistributorId === null ? [] : [[l.itemDistributorId, l.id] as [number, number]],
              ),
            );
            continue;
          }
          const raw = response.json().data as Record<string, unknown>;
          const data = 'shoppingCart' in raw ? cartUpdateResponseSchema.parse(raw) : cartChangesResponseSchema.parse(raw);
          copy = 'shoppingCart' in data ? data.shoppingCart : applyCartChanges(copy, data);
          save.version = data.lastModified;
          save.cart = quantitiesOf(copy, items);
          save.lineIds = new Set(copy.map((l) => l.id));
          for (const conflict of data.sameModifiedItems) {
            const entry = entries.find(
              (e) =>
                (conflict.itemDistributorId !== null && e.itemDistributorId === conflict.itemDistributorId) ||
                (conflict.shoppingCartId !== null && e.shoppingCartId === conflict.shoppingCartId),
            );
            if (entry) save.conflicts.add(entry.itemDistributorId);
          }
          version = data.lastModified;
          lineIds = new Map(
            copy.flatMap((l) => (l.itemDistributorId === null ? [] : [[l.itemDistributorId, l.id] as [number, number]])),
          );
        }
      }

      await Promise.all([runClient('owner', owner, planA), runClient('chef', chef, planB)]);

      const problems: string[] = [];
      for (const save of saves.filter((s) => s.status !== 200))
        problems.push(
          `${save.client}'s save of ${JSON.stringify(save.entries)} answered ${save.status}: ${save.body.slice(0, 200)}`,
        );
      const done = saves.filter((s) => s.status === 200);

      // Every applied entry is what the answer shows.
      for (const save of done)
        for (const entry of save.entries) {
          // Removing a line by its id removes that line: someone may have added the item again since,
          // as a new line of their own, which the answer then shows (and is no loss of this save's).
          if (entry.shoppingCartId !== null && entry.quantity === 0 && !save.conflicts.has(entry.itemDistributorId)) {
            if (save.lineIds.has(entry.shoppingCartId))
              problems.push(`${save.client}'s acknowledged ${JSON.stringify(entry)} left its line in its own answer`);
            continue;
          }
          if (!save.conflicts.has(entry.itemDistributorId) && save.cart.get(entry.itemDistributorId) !== entry.quantity)
            problems.push(
              `${save.client}'s acknowledged ${JSON.stringify(entry)} is not in its own answer (${save.cart.get(entry.itemDistributorId)})`,
            );
        }

      // The versions in commit order, and for each the save that made it: the one whose applied
      // entries are the change (saves that changed nothing answer the version they found).
      const versions = [...new Set(done.map((s) => s.version))].sort();
      let previous = quantitiesOf(initial.lines, items);
      const changes: { save: Save; items: Set<number> }[] = [];
      for (const version of versions) {
        const group = done.filter((s) => s.version === version);
        const state = group[0].cart;
        const changed = new Set(items.filter((id) => state.get(id) !== previous.get(id)));
        previous = state;
        if (!changed.size) continue;
        const maker = group.find((s) =>
          [...changed].every((id) =>
            s.entries.some((e) => e.itemDistributorId === id && e.quantity === state.get(id) && !s.conflicts.has(id)),
          ),
        );
        if (!maker) problems.push(`items ${[...changed].join(', ')} changed at ${version} and no save asked for it`);
        else changes.push({ save: maker, items: changed });
      }
      const ordered = changes.map((c) => c.save);
      // A save that changed an item another person had changed after the version it was based on,
      // without reporting it, overwrote that change silently.
      let silentLosses = 0;
      for (const { save, items: changed } of changes) {
        for (const item of changed) {
          const overwritten = changes.find(
            (other) =>
              other.save.client !== save.client &&
              other.items.has(item) &&
              other.save.version > save.base &&
              other.save.version < save.version,
          );
          if (overwritten) {
            silentLosses += 1;
            const by = save.entries.find((e) => e.itemDistributorId === item);
            problems.push(
              `${save.client}'s save based on ${save.base} set item ${item} to ${by?.quantity} and silently overwrote ${overwritten.save.client}'s ` +
                `change to ${overwritten.save.cart.get(item)} (at ${overwritten.save.version})`,
            );
          }
        }
      }

      // The cart ends as the last save left it.
      const final = await readCart(owner);
      const last = ordered.at(-1);
      if (last) expect(quantitiesOf(final.lines, items)).toEqual(last.cart);
      // The run did meet conflicts, or it proved nothing about them.
      expect(done.some((s) => s.conflicts.size > 0)).toBe(true);
      expect({ silentLosses, problems: problems.slice(0, 15), failedSaves: saves.length - done.length }).toEqual({
        silentLosses: 0,
        problems: [],
        failedSaves: 0,
      });
    },
    SUITE_TIMEOUT,
  );
  it(
    "treats a lastModified from the future as stale: the other person's change is reported, not overwritten",
    async () => {
      await db().execute(sql`DELETE FROM cart_items WHERE location_id = ${GRILL}`);
      const [item] = await findOrderableItems(db(), GRILL, HARBORLINE, 1, 50);
      const save = (token: string, lastModified: string | null, quantity: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/shopping-carts',
          headers: bearer(token),
          payload: { lastModified, itemList: [{ itemDistributorId: item, quantity }] },
        });
      const first = await save(owner, (await readCart(owner)).version, 3);
      expect(first.statusCode).toBe(200);
      const stale = await save(chef, '2999-01-01T00:00:00.000000Z', 7);
      expect(stale.statusCode).toBe(200);
      expect(cartUpdateResponseSchema.parse(stale.json().data).sameModifiedItems).toMatchObject([
        { itemDistributorId: item, currentQuantity: 3, requestedQuantity: 7 },
      ]);
      expect(quantitiesOf((await readCart(owner)).lines, [item]).get(item)).toBe(3);
    },
    SUITE_TIMEOUT,
  );
});

describe('concurrent order submits', () => {
  const orderPayload = (cartIds: number[]) => buildOrderPayload(db(), GRILL, HARBORLINE, cartIds);

  async function addLines(count: number, offset: number): Promise<number[]> {
    const ids: number[] = [];
    for (const item of await findOrderableItems(db(), GRILL, HARBORLINE, count, offset))
      ids.push(await addCartLine(db(), GRILL, item, 2));
    return ids;
  }

  const submit = (token: string, key: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: payload as Record<string, unknown>,
    });

  it(
    'makes one order of many simultaneous submits with the same Idempotency-Key',
    async () => {
      await db().execute(sql`DELETE FROM cart_items WHERE location_id = ${GRILL}`);
      const lines = await addLines(3, 0);
      const payload = await orderPayload(lines);
      const key = `same-key-${SEED}`;
      const answers = await Promise.all([owner, chef, owner, chef, owner, chef].map((token) => submit(token, key, payload)));
      expect(answers.map((a) => a.statusCode).filter((s) => s >= 500)).toEqual([]);
      const created = answers.filter((a) => a.statusCode === 201);
      expect(created).toHaveLength(1);
      const orderId = created[0].json().data.id as number;
      for (const answer of answers) {
        // A retry answers the same order (200); never a second one.
        expect([200, 201]).toContain(answer.statusCode);
        expect(answer.json().data.id).toBe(orderId);
      }
      const [count] = await queryRows<{ orders: number; lines: number }>(
        db(),
        sql`SELECT (SELECT count(*)::int FROM orders WHERE location_id = ${GRILL} AND idempotency_key = ${key}) AS orders,
                 (SELECT count(*)::int FROM order_items WHERE order_id = ${orderId}) AS lines`,
      );
      expect(count).toEqual({ orders: 1, lines: 3 });
    },
    SUITE_TIMEOUT,
  );

  it(
    'orders a cart line once when submits with different keys race for it',
    async () => {
      await db().execute(sql`DELETE FROM cart_items WHERE location_id = ${GRILL}`);
      const lines = await addLines(2, 10);
      const payload = await orderPayload(lines);
      const [before] = await queryRows<{ count: number }>(
        db(),
        sql`SELECT count(*)::int AS count FROM orders WHERE location_id = ${GRILL}`,
      );
      const answers = await Promise.all([0, 1, 2, 3].map((n) => submit(n % 2 ? chef : owner, `race-${SEED}-${n}`, payload)));
      expect(answers.map((a) => a.statusCode).filter((s) => s >= 500)).toEqual([]);
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.statusCode !== 201)) {
        expect(answer.statusCode).toBeGreaterThanOrEqual(400);
        expect(answer.json().message).toEqual(expect.any(String));
      }
      const [after] = await queryRows<{ count: number }>(
        db(),
        sql`SELECT count(*)::int AS count FROM orders WHERE location_id = ${GRILL}`,
      );
      expect(after.count).toBe(before.count + 1);
    },
    SUITE_TIMEOUT,
  );

  it(
    'places every order of simultaneous submits with different keys for different lines',
    async () => {
      await db().execute(sql`DELETE FROM cart_items WHERE location_id = ${GRILL}`);
      const groups = [await addLines(2, 20), await addLines(2, 30), await addLines(2, 40)];
      const payloads = await Promise.all(groups.map((g) => orderPayload(g)));
      const answers = await Promise.all(payloads.map((p, n) => submit(n % 2 ? chef : owner, `apart-${SEED}-${n}`, p)));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      const ids = answers.map((a) => a.json().data.id as number);
      expect(new Set(ids).size).toBe(3);
      const [left] = await queryRows<{ count: number }>(
        db(),
        sql`SELECT count(*)::int AS count FROM cart_items WHERE location_id = ${GRILL}`,
      );
      expect(left.count).toBe(0);
    },
    SUITE_TIMEOUT,
  );
});
