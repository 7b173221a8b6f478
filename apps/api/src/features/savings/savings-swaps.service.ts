/**
 * The buyer's decisions on a match (POST /items/swap and /items/swap-reject): swap, swap back,
 * reject and cancel a reject, each request in one transaction that moves the cart's version once.
 */
import { refreshLocationReadModel, type Database } from '@stockpot/db';
import {
  findMatch,
  getSwapOffer,
  isSwapQuantityAllowed,
  MAX_CART_QUANTITY,
  toDecimalString,
  type Match,
  type SwapRejectRequest,
  type SwapRequest,
  type SwapResponse,
} from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { bumpCart, readCartVersion } from '../../platform/cart/cart-version.repo';
import * as repo from './savings.repo';
import { getToday, priceItem, type PricedItem, type SavingsContext } from './savings-pricing';

/** The cart's version, moved on once per request at the first change; every changed line carries it. */
class CartStamp {
  private value: string | null = null;
  constructor(
    private readonly db: Database,
    private readonly locationId: number,
  ) {}
  async get(): Promise<string> {
    this.value ??= await bumpCart(this.db, this.locationId);
    return this.value;
  }
  get changed(): boolean {
    return this.value !== null;
  }
}

interface TxContext extends SavingsContext {
  today: string;
  stamp: CartStamp;
}

type Outcome = SwapResponse['swaps'][number];

/** Both items of a swap or reject, which must be in the location's catalogue (404 otherwise, as a direct add). */
async function loadPair(ctx: TxContext, oldId: number, newId: number): Promise<{ oldItem: PricedItem; newItem: PricedItem }> {
  const rows = await repo.loadCatalogueItems(ctx.db, ctx.locationId, [oldId, newId], ctx.today);
  const oldRow = rows.find((r) => r.itemDistributorId === oldId);
  const newRow = rows.find((r) => r.itemDistributorId === newId);
  if (!oldRow || !newRow) throw notFound('Item');
  return { oldItem: priceItem(oldRow), newItem: priceItem(newRow) };
}

/**
 * The prices a decision keeps. A swap keeps the savings per case the buyer was shown (the offer's,
 * per case in the cart), so 'Swapped from …, saving $X per case' repeats the figure of the Swap
 * button's card and the match savings of the order add up to the line's; a reject keeps the
 * match's savings for the same quantity.
 */
function decisionPrices(match: Match | null, savingsPerCase = match?.savings ?? 0) {
  return {
    oldUnitPrice: match ? toDecimalString(match.originalUnitPrice, 4) : null,
    newUnitPrice: match ? toDecimalString(match.unitPrice, 4) : null,
    savingsPerCase: toDecimalString(savingsPerCase, 2),
  };
}

/**
 * Swap back (doc 1 §4 "A swap can be undone"): the swap's row is removed, the old item returns to
 * the cart at the quantity it had, and the new item's line gives back what the swap added (the
 * line goes when nothing is left, so a line the buyer had before the swap keeps its own quantity).
 */
async function undoSwap(
  ctx: TxContext,
  swap: repo.SwapRow,
  newLine: repo.CartItemRow,
): Promise<{ shoppingCartId: number; quantity: number }> {
  const at = await ctx.stamp.get();
  const remaining = newLine.quantity - swap.swappedQuantity;
  const restoredQuantity = Math.max(1, swap.originalQuantity);
  const oldLine = await repo.findCartLineByItem(ctx.db, ctx.locationId, swap.oldItemDistributorId);
  await repo.deleteDecision(ctx.db, ctx.locationId, swap.id);
  if (remaining <= 0 && !oldLine) {
    // The line goes back to the old item where it stands, as the swap left it in place.
    await repo.updateCartLine(
      ctx.db,
      ctx.locationId,
      newLine.id,
      { itemDistributorId: swap.oldItemDistributorId, quantity: restoredQuantity, swapAcceptId: null, updatedBy: ctx.userId },
      at,
    );
    return { shoppingCartId: newLine.id, quantity: restoredQuantity };
  }
  if (remaining > 0)
    await repo.updateCartLine(
      ctx.db,
      ctx.locationId,
      newLine.id,
      { quantity: remaining, swapAcceptId: null, updatedBy: ctx.userId },
      at,
    );
  else await repo.deleteCartLine(ctx.db, ctx.locationId, newLine.id);
  if (oldLine) {
    const quantity = Math.min(MAX_CART_QUANTITY, oldLine.quantity + restoredQuantity);
    await repo.updateCartLine(ctx.db, ctx.locationId, oldLine.id, { quantity, updatedBy: ctx.userId }, at);
    return { shoppingCartId: oldLine.id, quantity };
  }
  const id = await repo.insertCartLine(
    ctx.db,
    {
      locationId: ctx.locationId,
      itemDistributorId: swap.oldItemDistributorId,
      quantity: restoredQuantity,
      swapAcceptId: null,
      updatedBy: ctx.userId,
    },
    at,
  );
  return { shoppingCartId: id, quantity: restoredQuantity };
}

/** The open swap a cart line came from, when it is the swap old → new of this line. */
async function findLineSwap(ctx: TxContext, line: repo.CartItemRow | undefined): Promise<repo.SwapRow | undefined> {
  if (!line || line.swapAcceptId === null) return undefined;
  const swap = await repo.findOpenDecisionById(ctx.db, ctx.locationId, line.swapAcceptId);
  return swap && swap.type === 'swap' && swap.newItemDistributorId === line.itemDistributorId ? swap : undefined;
}

async function applySwap(ctx: TxContext, entry: SwapRequest['swaps'][number]): Promise<Outcome> {
  const { old_item_dist_id: oldId, new_item_dist_id: newId } = entry;
  const { oldItem, newItem } = await loadPair(ctx, oldId, newId);
  const oldLine = await repo.findCartLineByItem(ctx.db, ctx.locationId, oldId);
  if (!oldLine) throw notFound('Cart item');

  // Swap back: the line holds the new item of a swap, and the client swaps it back to the original.
  const lineSwap = await findLineSwap(ctx, oldLine);
  if (lineSwap && lineSwap.oldItemDistributorId === newId) {
    const restored = await undoSwap(ctx, lineSwap, oldLine);
    return { old_item_dist_id: oldId, new_item_dist_id: newId, outcome: 'swap-back', ...restored, swapId: null };
  }

  const match = findMatch(oldItem.candidate, newItem.candidate);
  if (!match) {
    throw badRequest(
      `${newItem.display.name} (${newItem.display.packSize}) is not a savings option for ${oldItem.display.name}.`,
      'not_a_match',
    );
  }
  const offer = getSwapOffer(
    oldLine.quantity,
    oldItem.candidate.price,
    oldItem.candidate.packSize,
    newItem.candidate.price,
    newItem.candidate.packSize,
  );
  const quantity = offer.swapQuantity;
  const newLine = await repo.findCartLineByItem(ctx.db, ctx.locationId, newId);
  if (newLine && newLine.swapAcceptId !== null && (await findLineSwap(ctx, newLine))) {
    throw badRequest(
      `${newItem.display.name} is already in your cart from another swap. Swap that one back first.`,
      'already_swapped',
    );
  }
  const total = (newLine?.quantity ?? 0) + quantity;
  if (!isSwapQuantityAllowed(total)) throw badRequest(`Quantity must be at most ${MAX_CART_QUANTITY}.`, 'quantity_too_large');

  const at = await ctx.stamp.get();
  // A line that itself came from a swap starts over from here: the earlier, unordered swap is dropped.
  if (lineSwap) await repo.deleteDecision(ctx.db, ctx.locationId, lineSwap.id);
  // Into a line the buyer already has, the old line goes; else the old line takes the new item in its place.
  if (newLine) await repo.deleteCartLine(ctx.db, ctx.locationId, oldLine.id);
  const existing = await repo.findOpenDecision(ctx.db, ctx.locationId, oldId, newId);
  const swapId = await repo.saveDecision(ctx.db, ctx.locationId, oldId, newId, existing, {
    type: 'swap',
    reasonName: entry.reason_name,
    ...decisionPrices(match, offer.savingsPerCase),
    originalQuantity: oldLine.quantity,
    swappedQuantity: quantity,
    userId: ctx.userId,
  });
  let shoppingCartId: number;
  if (newLine) {
    await repo.updateCartLine(
      ctx.db,
      ctx.locationId,
      newLine.id,
      { quantity: total, swapAcceptId: swapId, updatedBy: ctx.userId },
      at,
    );
    shoppingCartId = newLine.id;
  } else {
    await repo.updateCartLine(
      ctx.db,
      ctx.locationId,
      oldLine.id,
      { itemDistributorId: newId, quantity: total, swapAcceptId: swapId, updatedBy: ctx.userId },
      at,
    );
    shoppingCartId = oldLine.id;
  }
  return { old_item_dist_id: oldId, new_item_dist_id: newId, outcome: 'swap', shoppingCartId, quantity: total, swapId };
}

async function applyReject(ctx: TxContext, entry: SwapRejectRequest['swaps'][number]): Promise<Outcome> {
  const { old_item_dist_id: oldId, new_item_dist_id: newId } = entry;
  const { oldItem, newItem } = await loadPair(ctx, oldId, newId);
  const existing = await repo.findOpenDecision(ctx.db, ctx.locationId, oldId, newId);

  // 'swap' on the reject call cancels a reject: the pair is a suggested swap again (doc 1 §3 has only the two types).
  if (entry.type === 'swap') {
    if (existing?.type === 'reject') await repo.deleteDecision(ctx.db, ctx.locationId, existing.id);
    // A rejected pair decides the old item's best match on the place-order list (its read model).
    await refreshLocationReadModel(ctx.db, ctx.locationId, { itemDistributorIds: [oldId] });
    return {
      old_item_dist_id: oldId,
      new_item_dist_id: newId,
      outcome: 'cancel-reject',
      shoppingCartId: null,
      quantity: null,
      swapId: null,
    };
  }

  // Reject and swap exclude each other: rejecting an accepted swap first puts the original back.
  let restored: { shoppingCartId: number; quantity: number } | null = null;
  if (existing?.type === 'swap') {
    const newLine = await repo.findCartLineByItem(ctx.db, ctx.locationId, newId);
    if (newLine && newLine.swapAcceptId === existing.id) restored = await undoSwap(ctx, existing, newLine);
    else await repo.deleteDecision(ctx.db, ctx.locationId, existing.id);
  }
  const stillOpen = existing?.type === 'reject' ? existing : undefined;
  const oldLine = restored ? null : await repo.findCartLineByItem(ctx.db, ctx.locationId, oldId);
  const swapId = await repo.saveDecision(ctx.db, ctx.locationId, oldId, newId, stillOpen, {
    type: 'reject',
    reasonName: entry.reason_name,
    ...decisionPrices(findMatch(oldItem.candidate, newItem.candidate)),
    originalQuantity: 0,
    swappedQuantity: 0,
    userId: ctx.userId,
  });
  await refreshLocationReadModel(ctx.db, ctx.locationId, { itemDistributorIds: [oldId] });
  return {
    old_item_dist_id: oldId,
    new_item_dist_id: newId,
    outcome: 'reject',
    shoppingCartId: restored?.shoppingCartId ?? oldLine?.id ?? null,
    quantity: restored?.quantity ?? oldLine?.quantity ?? null,
    swapId,
  };
}

async function runDecisions<T>(
  ctx: SavingsContext,
  entries: T[],
  apply: (tx: TxContext, entry: T) => Promise<Outcome>,
): Promise<SwapResponse> {
  const today = await getToday(ctx.db, ctx.locationId, ctx.now?.() ?? new Date(), { write: true });
  return ctx.db.transaction(async (tx) => {
    const txCtx: TxContext = { ...ctx, db: tx, today, stamp: new CartStamp(tx, ctx.locationId) };
    const swaps: Outcome[] = [];
    // In order: a later entry sees what an earlier one did.
    for (const entry of entries) swaps.push(await apply(txCtx, entry));
    const lastModified = txCtx.stamp.changed ? await txCtx.stamp.get() : await readCartVersion(tx, ctx.locationId);
    return { swaps, lastModified };
  });
}

/** POST /items/swap: swaps and swaps back, all or nothing. */
export function swapItems(ctx: SavingsContext, request: SwapRequest): Promise<SwapResponse> {
  return runDecisions(ctx, request.swaps, applySwap);
}

/** POST /items/swap-reject: rejects ('reject') and cancelled rejects ('swap'), all or nothing. */
export function rejectSwaps(ctx: SavingsContext, request: SwapRejectRequest): Promise<SwapResponse> {
  return runDecisions(ctx, request.swaps, applyReject);
}
