/**
 * The cart of the active location (doc 1 §3 "Cart line", §4 "Cart update", "Simultaneous
 * shopping", "Blocked adds", §7 shopping-carts). A save is one transaction holding the cart row's
 * lock, so two saves of one cart run one after the other and neither overwrites what the other did
 * without saying so: a line changed by someone else since the client loaded the cart is left as it
 * is and reported back in sameModifiedItems.
 */
import type { z } from 'zod';
import type { Database } from '@stockpot/db';
import {
  parseCartVersion,
  type cartSchema,
  type cartUpdateRequestSchema,
  type cartChangesResponseSchema,
  type cartUpdateResponseSchema,
} from '@stockpot/domain';
import { readCartVersion } from '../../platform/cart/cart-version.repo';
import { getLocationContext, selectItemRows, type LocationContext } from '../catalog/catalog.public';
import { toCartLine } from './cart-lines';
import { toRefusalError } from './cart-save-plan';
import { saveLocked, saveOptimistically, saveSingleLine, toChangesAnswer } from './cart-save.service';
import { cartItemsSource, selectCartLines } from './cart.repo';

type Cart = z.infer<typeof cartSchema>;
type CartUpdate = z.infer<typeof cartUpdateRequestSchema>;
type CartUpdateResponse = z.infer<typeof cartUpdateResponseSchema>;
type CartChangesResponse = z.infer<typeof cartChangesResponseSchema>;

/** The whole cart as the client reads it: lines in the order they were added, items from the list's projection. */
async function readCart(db: Database, ctx: LocationContext, version?: string): Promise<Cart> {
  // A save knows the version it wrote (or locked): no need to read it again.
  const lastModified = version ?? (await readCartVersion(db, ctx.locationId));
  const lines = await selectCartLines(db, ctx.locationId);
  const rows = await selectItemRows(db, ctx, cartItemsSource(ctx.locationId));
  const byId = new Map(rows.map((row) => [row.itemDistributorId, row]));
  return {
    shoppingCart: lines.map((line) =>
      toCartLine(line, line.itemDistributorId === null ? undefined : byId.get(line.itemDistributorId), ctx),
    ),
    lastModified,
    unsyncedItems: [],
  };
}

/** GET shopping-carts. */
export async function getCart(db: Database, locationId: number): Promise<Cart> {
  return readCart(db, await getLocationContext(db, locationId));
}

/** How POST shopping-carts answers: the whole cart (the default), or only what the save changed. */
export type CartAnswer = 'cart' | 'changes';

/**
 * POST shopping-carts (doc 1 §4 "Cart update", "Simultaneous shopping", "Blocked adds"): one
 * catalogue line from a current client is written in one statement; another save from a current
 * client goes the optimistic way (reads, then writes if nothing moved; no transaction); a save that
 * meets another one, or carries a special request, the locked way; either way planCartSave decides and a refused
 * save writes nothing. The answer is the whole cart, or with `answer: 'changes'` and a client
 * whose copy was current (its lastModified is the version the save started from) only the lines
 * written and removed: the client applies them to its copy instead of reading the cart again.
 */
export async function saveCart(
  db: Database,
  locationId: number,
  userId: number,
  body: CartUpdate,
  answer: CartAnswer = 'cart',
): Promise<CartUpdateResponse | CartChangesResponse> {
  if (body.lastModified !== null && parseCartVersion(body.lastModified) === null) {
    throw toRefusalError({ kind: 'invalid-last-modified' });
  }
  if (answer === 'changes') {
    const single = await saveSingleLine(db, locationId, userId, body);
    if (single) return single;
  }
  const ctx = await getLocationContext(db, locationId);
  const optimistic = answer === 'changes' ? await saveOptimistically(db, ctx, userId, body) : null;
  if (optimistic) return toChangesAnswer(ctx, optimistic);
  // The whole cart is read in the save's transaction, so it is the cart at the version it answers.
  return db.transaction(async (tx) => {
    const outcome = await saveLocked(tx, ctx, userId, body, answer === 'changes');
    if (answer === 'changes' && body.lastModified === outcome.before) return toChangesAnswer(ctx, outcome);
    const version = outcome.written?.version ?? outcome.before;
    return { ...(await readCart(tx, ctx, version)), sameModifiedItems: outcome.conflicts };
  });
}
