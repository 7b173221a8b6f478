/**
 * The ways a cart save is written (doc 1 §4 "Cart update", "Simultaneous shopping"): one catalogue
 * line in one statement, the optimistic save without a lock, and the save under the cart row's lock;
 * and the answer of only what a save changed.
 */
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@stockpot/db';
import type { CartLine, cartChangesResponseSchema, cartUpdateRequestSchema, cartUpdateResponseSchema } from '@stockpot/domain';
import { itemRowsSql, type LocationContext } from '../catalog/catalog.public';
import { createSpecialRequestCheck } from '../special-requests/special-requests.public';
import { toCartLine } from './cart-lines';
import { findSaveInputs, readSaveInputs } from './cart-save-inputs.repo';
import { hasWrites, planSave, toSaveIds, toWrites } from './cart-save-plan';
import { writeSave, type SaveWritten } from './cart-save.repo';
import { writeSingleLineIfCurrent } from './cart-single-line.repo';
import { lockCart } from './cart.repo';

type CartUpdate = z.infer<typeof cartUpdateRequestSchema>;
type CartUpdateResponse = z.infer<typeof cartUpdateResponseSchema>;
type CartChangesResponse = z.infer<typeof cartChangesResponseSchema>;

/** The list's item projection over the lines a write returns, read by that same statement. */
const itemsAnswer =
  (ctx: LocationContext) =>
  (source: SQL): SQL =>
    itemRowsSql(ctx, source);

/** What a save leads to, before the answer is read. */
interface SaveOutcome {
  /** The cart's version the save started from (what the client's copy must equal for a delta). */
  before: string;
  written: SaveWritten | null;
  conflicts: CartUpdateResponse['sameModifiedItems'];
}

/**
 * The common save, without a lock or a transaction: one statement reads the cart's version with
 * the save's inputs, planCartSave decides, and one statement writes only if the cart is still at
 * that version. Taken only by a client that asked for changes and whose copy is current (so
 * nothing can conflict and the answer is what the write statement returned); answers null when
 * that is not so, when the save writes nothing or carries a special request (its check reads in a
 * transaction), or when someone saved in between: the caller then takes the locked path.
 */
export async function saveOptimistically(
  db: Database,
  ctx: LocationContext,
  userId: number,
  body: CartUpdate,
): Promise<SaveOutcome | null> {
  const { locationId } = ctx;
  if (body.itemList.some((e) => e.specialItem) || body.lastModified === null) return null;
  const { lineIds, itemIds } = toSaveIds(body.itemList);
  const inputs = await readSaveInputs(db, locationId, itemIds, lineIds);
  if (inputs.version !== body.lastModified) return null;
  const plan = planSave(body, inputs.version, inputs.displayShoppingCart, inputs);
  const writes = toWrites(plan);
  if (!hasWrites(writes)) return null;
  const written = await writeSave(db, locationId, userId, writes, {
    ifVersion: inputs.version,
    answerItems: itemsAnswer(ctx),
  });
  return written ? { before: inputs.version, written, conflicts: plan.conflicts } : null;
}

/**
 * The commonest save in one round trip: one catalogue entry from a client whose copy is current
 * (see writeSingleLineIfCurrent for when it writes). Null when it wrote nothing: the caller goes on
 * to the paths that read first.
 */
export async function saveSingleLine(
  db: Database,
  locationId: number,
  userId: number,
  body: CartUpdate,
): Promise<CartChangesResponse | null> {
  const [entry, ...rest] = body.itemList;
  if (!entry || rest.length > 0 || entry.specialItem || body.lastModified === null) return null;
  if (entry.shoppingCartId == null && entry.itemDistributorId == null) return null;
  const written = await writeSingleLineIfCurrent(
    db,
    locationId,
    userId,
    {
      shoppingCartId: entry.shoppingCartId ?? null,
      itemDistributorId: entry.itemDistributorId ?? null,
      quantity: entry.quantity,
    },
    body.lastModified,
  );
  if (!written) return null;
  return toChangesAnswer(written.ctx, { before: body.lastModified, written, conflicts: [] });
}

/**
 * The save under the cart row's lock, in one transaction: saves of one cart queue here. With
 * `withItems` the write also answers its lines' items (for an answer of changes).
 */
export async function saveLocked(
  tx: Database,
  ctx: LocationContext,
  userId: number,
  body: CartUpdate,
  withItems: boolean,
): Promise<SaveOutcome> {
  const { locationId } = ctx;
  const cart = await lockCart(tx, locationId);
  const entries = body.itemList;
  const { lineIds, itemIds } = toSaveIds(entries);
  if (cart.displayShoppingCart && entries.some((e) => e.specialItem)) {
    const checkSpecial = await createSpecialRequestCheck(tx, locationId);
    for (const entry of entries) if (entry.specialItem) checkSpecial(entry.specialItem, entry.quantity);
  }
  const inputs = await findSaveInputs(tx, locationId, itemIds, lineIds);
  const plan = planSave(body, cart.version, cart.displayShoppingCart, inputs);
  const writes = toWrites(plan);
  const answerItems = withItems ? itemsAnswer(ctx) : undefined;
  const written = hasWrites(writes) ? await writeSave(tx, locationId, userId, writes, { answerItems }) : null;
  return { before: cart.version, written, conflicts: plan.conflicts };
}

/** The lines a save wrote, with their items (the write statement read them through the list's projection). */
function toWrittenLines(ctx: LocationContext, written: SaveWritten | null): CartLine[] {
  const byId = new Map((written?.items ?? []).map((row) => [row.itemDistributorId, row]));
  return (written?.lines ?? []).map((line) =>
    toCartLine(line, line.itemDistributorId === null ? undefined : byId.get(line.itemDistributorId), ctx),
  );
}

export function toChangesAnswer(ctx: LocationContext, outcome: SaveOutcome): CartChangesResponse {
  return {
    lastModified: outcome.written?.version ?? outcome.before,
    unsyncedItems: [],
    sameModifiedItems: outcome.conflicts,
    changedLines: toWrittenLines(ctx, outcome.written),
    removedLineIds: outcome.written?.removedLineIds ?? [],
  };
}
