/**
 * The cart of the active location (doc 1 §3 "Cart line", §4 "Cart update", "Simultaneous
 * shopping", "Blocked adds", §7 shopping-carts). A save is one transaction holding the cart row's
 * lock, so two saves of one cart run one after the other and neither overwrites what the other did
 * without saying so: a line changed by someone else since the client loaded the cart is left as it
 * is and reported back in sameModifiedItems.
 */
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@stockpot/db';
import {
  BLOCKED_ADD_TEXTS,
  CART_DISABLED_MESSAGE,
  getBlockedAddFieldMessage,
  parseCartVersion,
  planCartSave,
  type CartSaveRefusal,
  type CartSaveSpecial,
  type cartSchema,
  type CartLine,
  type cartLineItemSchema,
  type cartUpdateRequestSchema,
  type cartChangesResponseSchema,
  type cartUpdateResponseSchema,
} from '@stockpot/domain';
import { badRequest, notFound, type AppError } from '../../platform/errors';
import { getEffectivePrice } from '../../platform/item-price';
import {
  getLocationContext,
  itemRowsSql,
  selectItemRows,
  toListItem,
  type ItemRow,
  type LocationContext,
} from '../catalog/catalog.public';
import { createSpecialRequestCheck } from '../special-requests/special-requests.service';
import * as repo from './cart.repo';

type Cart = z.infer<typeof cartSchema>;
type CartLineItem = z.infer<typeof cartLineItemSchema>;
type CartUpdate = z.infer<typeof cartUpdateRequestSchema>;
type CartUpdateResponse = z.infer<typeof cartUpdateResponseSchema>;
type CartChangesResponse = z.infer<typeof cartChangesResponseSchema>;

/** The item of a cart line: list fields, at the price the location pays today (the effective price). */
function toCartLineItem(row: ItemRow, ctx: LocationContext): CartLineItem {
  const item = toListItem(row, ctx);
  return {
    price: getEffectivePrice(row),
    brand: item.brand,
    brandImageUrl: item.brandImageUrl,
    imageUrl: item.imageUrl,
    name: item.name,
    packSize: item.packSize,
    packSizeUom: item.packSizeUom,
    status: item.status,
    type: item.type,
    unitPrice: item.unitPrice,
    distributorId: item.distributorId,
    unitMeasure: item.unitMeasure,
    description: item.description,
    distributor: item.distributor,
    isPriceOutdated: item.isPriceOutdated,
    isMarketPrice: item.isMarketPrice,
    active: item.status === 'active',
    din: item.din,
    isPunchedOut: item.isPunchedOut,
    belongsToGroup: item.belongsToGroup,
    rebate: item.rebate,
    isPartner: item.isPartner,
    isPurchased: item.isPurchased,
    lastPurchasedDate: item.lastPurchasedDate,
    lastPurchasedQty: item.lastPurchasedQty,
    isUnpurchasable: item.isUnpurchasable,
    isCatchWeight: item.isCatchWeight,
    isFixedWeight: item.isFixedWeight,
    averageWeight: item.averageWeight,
  };
}

function toCartLine(line: repo.CartLineRow, row: ItemRow | undefined, ctx: LocationContext): CartLine {
  const isSpecial = line.itemDistributorId === null;
  return {
    id: line.id,
    quantity: line.quantity,
    itemDistributorId: line.itemDistributorId,
    searchText: line.searchText,
    swapAcceptId: line.swapAcceptId,
    savings: row && ctx.displayMatch ? row.bestSavings : 0,
    // Par levels and on-hand counts come with the inventory area (doc 2).
    parLevel: null,
    onHand: null,
    specialItem: isSpecial
      ? {
          distributorId: line.specialDistributorId ?? 0,
          din: line.specialDin ?? '',
          packSize: line.specialPackSize ?? '',
          uom: line.specialUom ?? '',
          description: line.specialDescription ?? '',
          distributorName: line.specialDistributorName ?? '',
        }
      : null,
    item: row ? toCartLineItem(row, ctx) : null,
  };
}

/** The whole cart as the client reads it: lines in the order they were added, items from the list's projection. */
async function readCart(db: Database, ctx: LocationContext, version?: string): Promise<Cart> {
  // A save knows the version it wrote (or locked): no need to read it again.
  const lastModified = version ?? (await repo.readCartVersion(db, ctx.locationId));
  const lines = await repo.selectCartLines(db, ctx.locationId);
  const rows = await selectItemRows(db, ctx, repo.cartItemsSource(ctx.locationId));
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

/** A plan's special-request fields as cart_items columns (null on catalogue lines). */
function toSpecialColumns(special: CartSaveSpecial | null) {
  return {
    specialDistributorId: special?.distributorId ?? null,
    specialDescription: special?.description ?? null,
    specialUom: special?.uom ?? null,
    specialDin: special?.din ?? null,
    specialPackSize: special?.packSize ?? null,
  };
}

const unique = (ids: number[]): number[] => [...new Set(ids)];

/** A version text the database wrote; always one parseCartVersion reads. */
function toVersion(text: string): number {
  const version = parseCartVersion(text);
  if (version === null) throw new Error(`Unreadable cart version ${text}`);
  return version;
}

/** The error of a refused save. */
function toRefusalError(refusal: CartSaveRefusal): AppError {
  switch (refusal.kind) {
    case 'cart-disabled':
      return badRequest(CART_DISABLED_MESSAGE, 'cart_disabled');
    case 'invalid-last-modified':
      return badRequest(
        'lastModified must be the time the cart was loaded, as GET shopping-carts sent it.',
        'invalid_last_modified',
        [{ field: 'lastModified', message: 'Send the lastModified of the last cart you loaded.' }],
      );
    case 'item-not-found':
      return notFound('Item');
    case 'line-not-found':
      return notFound('Cart line');
    case 'special-on-catalogue-line':
      return badRequest('A catalogue line cannot be changed into a special request.', 'invalid_cart_entry');
    case 'blocked': {
      const { code, message } = BLOCKED_ADD_TEXTS[refusal.reason];
      return badRequest(message, code, [
        {
          field: `itemList.${refusal.index}.itemDistributorId`,
          message: getBlockedAddFieldMessage(refusal.reason, refusal.name),
        },
      ]);
    }
  }
}

/** How POST shopping-carts answers: the whole cart (the default), or only what the save changed. */
export type CartAnswer = 'cart' | 'changes';

type SaveEntries = CartUpdate['itemList'];

function toSaveIds(entries: SaveEntries): { lineIds: number[]; itemIds: number[] } {
  return {
    lineIds: unique(entries.flatMap((e) => (e.shoppingCartId != null ? [e.shoppingCartId] : []))),
    itemIds: unique(
      entries.flatMap((e) =>
        e.shoppingCartId == null && !e.specialItem && e.itemDistributorId != null ? [e.itemDistributorId] : [],
      ),
    ),
  };
}

function toWrites(plan: Extract<ReturnType<typeof planCartSave>, { kind: 'planned' }>) {
  return {
    deletes: plan.deletes,
    updates: plan.updates.map((u) => ({ id: u.id, quantity: u.quantity, ...toSpecialColumns(u.special) })),
    inserts: plan.inserts.map((n) => ({
      itemDistributorId: n.itemDistributorId,
      quantity: n.quantity,
      ...toSpecialColumns(n.special),
    })),
  };
}

const hasWrites = (writes: ReturnType<typeof toWrites>) =>
  writes.deletes.length + writes.updates.length + writes.inserts.length > 0;

/** The list's item projection over the lines a write returns, read by that same statement. */
const itemsAnswer =
  (ctx: LocationContext) =>
  (source: SQL): SQL =>
    itemRowsSql(ctx, source);

/** What a save leads to, before the answer is read. */
interface SaveOutcome {
  /** The cart's version the save started from (what the client's copy must equal for a delta). */
  before: string;
  written: repo.SaveWritten | null;
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
async function saveOptimistically(
  db: Database,
  ctx: LocationContext,
  userId: number,
  body: CartUpdate,
): Promise<SaveOutcome | null> {
  const { locationId } = ctx;
  if (body.itemList.some((e) => e.specialItem) || body.lastModified === null) return null;
  const { lineIds, itemIds } = toSaveIds(body.itemList);
  const inputs = await repo.readSaveInputs(db, locationId, itemIds, lineIds);
  if (inputs.version !== body.lastModified) return null;
  const plan = planSave(body, inputs.version, inputs.displayShoppingCart, inputs);
  const writes = toWrites(plan);
  if (!hasWrites(writes)) return null;
  const written = await repo.writeSave(db, locationId, userId, writes, {
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
async function saveSingleLine(
  db: Database,
  locationId: number,
  userId: number,
  body: CartUpdate,
): Promise<CartChangesResponse | null> {
  const [entry, ...rest] = body.itemList;
  if (!entry || rest.length > 0 || entry.specialItem || body.lastModified === null) return null;
  if (entry.shoppingCartId == null && entry.itemDistributorId == null) return null;
  const written = await repo.writeSingleLineIfCurrent(
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
async function saveLocked(
  tx: Database,
  ctx: LocationContext,
  userId: number,
  body: CartUpdate,
  withItems: boolean,
): Promise<SaveOutcome> {
  const { locationId } = ctx;
  const cart = await repo.lockCart(tx, locationId);
  const entries = body.itemList;
  const { lineIds, itemIds } = toSaveIds(entries);
  if (cart.displayShoppingCart && entries.some((e) => e.specialItem)) {
    const checkSpecial = await createSpecialRequestCheck(tx, locationId);
    for (const entry of entries) if (entry.specialItem) checkSpecial(entry.specialItem, entry.quantity);
  }
  const inputs = await repo.findSaveInputs(tx, locationId, itemIds, lineIds);
  const plan = planSave(body, cart.version, cart.displayShoppingCart, inputs);
  const writes = toWrites(plan);
  const answerItems = withItems ? itemsAnswer(ctx) : undefined;
  const written = hasWrites(writes) ? await repo.writeSave(tx, locationId, userId, writes, { answerItems }) : null;
  return { before: cart.version, written, conflicts: plan.conflicts };
}

function planSave(body: CartUpdate, cartVersion: string, displayShoppingCart: boolean, inputs: repo.SaveInputs) {
  const plan = planCartSave({
    entries: body.itemList,
    lastModified: body.lastModified,
    cartVersion: toVersion(cartVersion),
    lines: inputs.lines.map((line) => ({ ...line, version: toVersion(line.version) })),
    deletedLines: inputs.deletedLines.map((line) => ({ ...line, version: toVersion(line.version) })),
    items: inputs.items,
    location: { displayShoppingCart },
  });
  if (plan.kind === 'refused') throw toRefusalError(plan.refusal);
  return plan;
}

/** The lines a save wrote, with their items (the write statement read them through the list's projection). */
function toWrittenLines(ctx: LocationContext, written: repo.SaveWritten | null): CartLine[] {
  const byId = new Map((written?.items ?? []).map((row) => [row.itemDistributorId, row]));
  return (written?.lines ?? []).map((line) =>
    toCartLine(line, line.itemDistributorId === null ? undefined : byId.get(line.itemDistributorId), ctx),
  );
}

function toChangesAnswer(ctx: LocationContext, outcome: SaveOutcome): CartChangesResponse {
  return {
    lastModified: outcome.written?.version ?? outcome.before,
    unsyncedItems: [],
    sameModifiedItems: outcome.conflicts,
    changedLines: toWrittenLines(ctx, outcome.written),
    removedLineIds: outcome.written?.removedLineIds ?? [],
  };
}

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
