/**
 * Crash safety of the embedded engine (issue 33 "Cases never tried"): the server runs on a PGlite
 * data folder as `npm start` does (DATA_DIR/pglite) and is killed with SIGKILL while orders are
 * submitted and carts saved at once. Started again on the same folder, it must open it, every
 * acknowledged order must be there exactly once with all its lines (the clients retry with their
 * keys, as the web app does), every acknowledged cart save must be in the cart, and nothing may be
 * half-written. Runs in the embedded run (without TEST_DATABASE_URL); crash.test.ts is PostgreSQL's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@stockpot/db';
import { findOrderableItems } from '../features/checkout/checkout-test-fixtures';
import type { ServerProcess } from '../test-support/server-process';
import {
  callApi,
  crashServerEnv,
  expectEachOrderOnce,
  GRILL,
  HARBORLINE,
  loadUntilKilled,
  openEmbeddedFolder,
  orderSends,
  prepareOrders,
  retryOrders,
  signIn,
  startTimed,
} from './crash-support';
import { byProfile, SUITE_TIMEOUT } from './hardening-support';

const isEmbeddedRun = !process.env.TEST_DATABASE_URL;
/** Orders submitted and cart saves sent at once, and how many must be answered before the kill. */
const ORDERS = byProfile(6, 30);
const CART_SAVES = byProfile(12, 60);
const ANSWERED_BEFORE_KILL = byProfile(5, 25);

interface CartSave {
  item: number;
  quantity: number;
  acknowledged: boolean;
}

/** One save per item (distinct items: no save conflicts with another), with the quantity it sets. */
const cartSends = (server: ServerProcess, token: string, saves: CartSave[]) =>
  saves.map((save) => async () => {
    const response = await callApi(server, token, 'POST', 'shopping-carts', {
      json: { lastModified: null, itemList: [{ itemDistributorId: save.item, quantity: save.quantity }] },
    });
    if (response.status !== 200) return false;
    const body = (await response.json()) as { data: { sameModifiedItems: unknown[] } };
    save.acknowledged = body.data.sameModifiedItems.length === 0;
    return save.acknowledged;
  });

/** Alternates the two loads so both are in flight when the kill comes. */
function interleave<T>(a: T[], b: T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i += 1)
    out.push(...(i < a.length ? [a[i]] : []), ...(i < b.length ? [b[i]] : []));
  return out;
}

describe.skipIf(!isEmbeddedRun)('crash safety: kill -9 of the embedded server under order submits and cart saves', () => {
  it(
    'opens its data folder again with every acknowledged order once and every acknowledged cart save kept',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'stockpot-crash-embedded-'));
      const env = crashServerEnv({ DATA_DIR: dataDir });
      let handle: DatabaseHandle | null = await openEmbeddedFolder(dataDir, { isNew: true });
      let server: ServerProcess | null = null;
      try {
        const orders = await prepareOrders(handle.db, ORDERS);
        const saves: CartSave[] = (await findOrderableItems(handle.db, GRILL, HARBORLINE, CART_SAVES, 0)).map((item, n) => ({
          item,
          quantity: 3 + n,
          acknowledged: false,
        }));
        // One process per data folder: the server opens it once the test has let go.
        await handle.close();
        handle = null;

        ({ server } = await startTimed(env));
        const token = await signIn(server);
        const load = await loadUntilKilled(
          server,
          interleave(orderSends(server, token, orders), cartSends(server, token, saves)),
          ANSWERED_BEFORE_KILL,
        );
        const acknowledgedOrders = orders.filter((o) => o.acknowledged !== null).length;
        const acknowledgedSaves = saves.filter((s) => s.acknowledged).length;
        expect(load.acknowledged).toBeGreaterThanOrEqual(1);
        expect(load.acknowledged, 'the kill cut writes off in flight').toBeLessThan(ORDERS + CART_SAVES);

        // The same folder, after kill -9: it opens, and the acknowledged writes are there.
        const restart = await startTimed(env);
        server = restart.server;
        const retryToken = await signIn(server);
        const cart = await callApi(server, retryToken, 'GET', 'shopping-carts');
        expect(cart.status).toBe(200);
        const lines = (
          (await cart.json()) as { data: { shoppingCart: { itemDistributorId: number | null; quantity: number }[] } }
        ).data.shoppingCart;
        for (const save of saves.filter((s) => s.acknowledged)) {
          expect(lines.find((l) => l.itemDistributorId === save.item)?.quantity, `cart save of item ${save.item}`).toBe(
            save.quantity,
          );
        }
        await retryOrders(server, retryToken, orders);
        await server.stop();
        server = null;

        handle = await openEmbeddedFolder(dataDir);
        await expectEachOrderOnce(handle.db, orders);
        // Nothing half-written: no order of the location without lines, no cart line without its item.
        const [loose] = await queryRows<{ orders: number; lines: number }>(
          handle.db,
          sql`SELECT (SELECT count(*)::int FROM orders o WHERE o.location_id = ${GRILL}
                        AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)) AS orders,
                     (SELECT count(*)::int FROM cart_items c WHERE c.location_id = ${GRILL}
                        AND c.item_distributor_id IS NOT NULL
                        AND NOT EXISTS (SELECT 1 FROM item_distributors d WHERE d.id = c.item_distributor_id)) AS lines`,
        );
        expect(loose).toEqual({ orders: 0, lines: 0 });
        console.info(
          `crash-embedded: ${acknowledgedOrders} of ${ORDERS} orders and ${acknowledgedSaves} of ${CART_SAVES} cart saves acknowledged before kill -9, all found after the restart; the folder opened again in ${restart.seconds.toFixed(1)} s`,
        );
      } finally {
        await server?.stop();
        await handle?.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // Two starts of the server on PGlite: 142 s on a 2-core machine at load 16.
    byProfile(420_000, SUITE_TIMEOUT),
  );
});
