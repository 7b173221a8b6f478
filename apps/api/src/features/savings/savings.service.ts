import { refreshLocationReadModel, type Database } from '@stockpot/db';
import {
  CART_DISABLED_MESSAGE,
  findMatch,
  findMatches,
  getLocationToday,
  getMatchCasePrice,
  getSwapOffer,
  isSwapOfferWorthShowing,
  isSwapQuantityAllowed,
  MAX_CART_QUANTITY,
  parseCents,
  toDecimalString,
  type Match,
  type MatchCandidate,
  type ShoppingCartMatch,
  type SwapRejectRequest,
  type SwapRequest,
  type SwapResponse,
} from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { getEffectivePrice } from '../../platform/item-price';
import { loadCartLines, type CartLineRow } from '../../platform/cart/cart-lines.repo';
import { bumpCart, readCartVersion } from '../../platform/cart/cart-version.repo';
import { findLocation } from '../../platform/locations.repo';
import * as repo from './savings.repo';

interface SavingsContext {
  db: Database;
  locationId: number;
  userId: number;
  now?: () => Date;
}

async function getToday(db: Database, locationId: number, now: Date, { write = false } = {}): Promise<string> {
  const location = await findLocation(db, locationId);
  if (!location) throw notFound('Location');
  // A swap or a reject changes the cart: a location whose cart is turned off refuses it like a save (issue 14 defect 11).
  if (write && !location.display_shopping_cart) throw badRequest(CART_DISABLED_MESSAGE, 'cart_disabled');
  return getLocationToday(now, location.timezone);
}

/** What matching and display need of an item, priced for the location today. */
interface PricedItem {
  candidate: MatchCandidate;
  /** Effective price per unit of sale, cents. */
  price: number;
  display: {
    itemDistributorId: number;
    name: string;
    description: string;
    brand: string;
    din: string;
    packSize: string;
    unitMeasure: string;
    price: number;
    distributor: string;
    distributorId: number;
    imageUrl: string;
  };
}

type ItemFields = Pick<
  repo.SavingsItemRow,
  | 'itemDistributorId'
  | 'distributorId'
  | 'distributor'
  | 'name'
  | 'description'
  | 'brand'
  | 'din'
  | 'packSize'
  | 'unitMeasure'
  | 'imageUrl'
  | 'genericName'
  | 'manufacturer'
  | 'manufacturerCode'
  | 'status'
  | 'isMarketPrice'
  | 'isUnpurchasable'
  | 'isPunchedOut'
  | 'guidePrice'
  | 'listPrice'
  | 'purchasedPrice'
  | 'endDate'
  | 'isPriceOutdated'
  | 'effectivePrice'
>;

function priceItem(row: ItemFields): PricedItem {
  const price = getEffectivePrice(row);
  return {
    price,
    candidate: {
      itemDistributorId: row.itemDistributorId,
      distributorId: row.distributorId,
      name: row.name,
      genericName: row.genericName,
      manufacturer: row.manufacturer,
      manufacturerCode: row.manufacturerCode,
      brand: row.brand,
      packSize: row.packSize,
      // Catch-weight items are priced per pound: matching compares the price of a whole case.
      price: getMatchCasePrice(price, row.unitMeasure, row.packSize) ?? 0,
      isMarketPrice: row.isMarketPrice,
      isUnpurchasable: row.isUnpurchasable,
      isActive: row.status === 'active',
      isPunchedOut: row.isPunchedOut,
    },
    display: {
      itemDistributorId: row.itemDistributorId,
      name: row.name,
      description: row.description,
      brand: row.brand,
      din: row.din,
      packSize: row.packSize,
      unitMeasure: row.unitMeasure,
      price,
      distributor: row.distributor,
      distributorId: row.distributorId,
      imageUrl: row.imageUrl,
    },
  };
}

/** A catalogue cart line in the shape of the savings item rows (its joins carry the same fields). */
function cartLineAsItem(line: CartLineRow): ItemFields {
  return {
    itemDistributorId: line.itemDistributorId as number,
    distributorId: line.distributorId,
    distributor: line.distributor,
    name: line.name ?? '',
    description: line.description ?? '',
    brand: line.brand ?? '',
    din: line.din ?? '',
    packSize: line.packSize ?? '',
    unitMeasure: line.unitMeasure ?? 'CS',
    imageUrl: line.imageUrl ?? '',
    genericName: line.genericName ?? '',
    manufacturer: line.manufacturer ?? '',
    manufacturerCode: line.manufacturerCode ?? '',
    status: line.status ?? 'inactive',
    isMarketPrice: line.isMarketPrice ?? false,
    isUnpurchasable: line.isUnpurchasable ?? false,
    isPunchedOut: line.isPunchedOut ?? false,
    guidePrice: line.guidePrice,
    listPrice: line.listPrice ?? '0',
    purchasedPrice: line.purchasedPrice,
    endDate: line.endDate,
    isPriceOutdated: line.isPriceOutdated,
    effectivePrice: line.effectivePrice ?? '0',
  };
}

const textKey = (text: string) => text.trim().toLowerCase();

/**
 * GET /items/shopping-cart-matches: every catalogue line of the cart with its matches (rejected
 * pairs left out), the swap it came from, and the rejects on it. Four queries whatever the cart's size.
 */
export async function getShoppingCartMatches(ctx: SavingsContext): Promise<ShoppingCartMatch[]> {
  const { db, locationId } = ctx;
  const today = await getToday(db, locationId, ctx.now?.() ?? new Date());
  const [lines, candidateRows, decisions] = await Promise.all([
    loadCartLines(db, locationId, { catalogueOnly: true, today }),
    repo.loadMatchCandidates(db, locationId, today),
    repo.listOpenDecisions(db, locationId),
  ]);
  const otherIds = [...new Set(decisions.flatMap((d) => [d.oldItemDistributorId, d.newItemDistributorId]))];
  const others = new Map(
    (await repo.loadVisibleItems(db, locationId, otherIds, today)).map((row) => [row.itemDistributorId, priceItem(row)]),
  );

  // Candidates indexed by generic product and by manufacturer code: each line only meets its own kind.
  const candidates = candidateRows.map((row) => priceItem(row));
  const byGeneric = new Map<string, PricedItem[]>();
  const byCode = new Map<string, PricedItem[]>();
  for (const c of candidates) {
    const g = textKey(c.candidate.genericName);
    byGeneric.set(g, [...(byGeneric.get(g) ?? []), c]);
    const code = textKey(c.candidate.manufacturerCode);
    if (code) byCode.set(code, [...(byCode.get(code) ?? []), c]);
  }
  const rejects = decisions.filter((d) => d.type === 'reject');
  const swapsById = new Map(decisions.filter((d) => d.type === 'swap').map((d) => [d.id, d]));

  return lines.map((line) => {
    const item = priceItem(cartLineAsItem(line));
    const itemId = item.candidate.itemDistributorId;
    const swap = line.swapAcceptId === null ? undefined : swapsById.get(line.swapAcceptId);
    const acceptedSwap = swap && swap.newItemDistributorId === itemId ? swap : undefined;
    const rejectedHere = rejects.filter((r) => r.oldItemDistributorId === itemId);
    const excluded = new Set([...rejectedHere.map((r) => r.newItemDistributorId), acceptedSwap?.oldItemDistributorId]);
    const pool = new Map<number, PricedItem>();
    for (const c of byGeneric.get(textKey(item.candidate.genericName)) ?? []) pool.set(c.candidate.itemDistributorId, c);
    const code = textKey(item.candidate.manufacturerCode);
    if (code) for (const c of byCode.get(code) ?? []) pool.set(c.candidate.itemDistributorId, c);
    const eligible = [...pool.values()].filter((c) => !excluded.has(c.candidate.itemDistributorId));
    // Only what the swap would really save on this line: every figure comes from one SwapOffer.
    const matches = findMatches(
      item.candidate,
      eligible.map((c) => c.candidate),
    ).flatMap((match) => {
      const alt = pool.get(match.itemDistributorId) as PricedItem;
      const offer = getSwapOffer(
        line.quantity,
        item.candidate.price,
        item.candidate.packSize,
        alt.candidate.price,
        alt.candidate.packSize,
      );
      if (!isSwapOfferWorthShowing(match.matchType, offer)) return [];
      return [
        {
          ...alt.display,
          matchType: match.matchType,
          savings: offer.savingsPerCase,
          unitPrice: match.unitPrice,
          originalUnitPrice: match.originalUnitPrice,
          unit: match.unit,
          reasons: match.reasons,
          swapQuantity: offer.swapQuantity,
          lineSavings: offer.lineSavings,
        },
      ];
    });
    const oldItem = acceptedSwap ? others.get(acceptedSwap.oldItemDistributorId) : undefined;
    return {
      ...item.display,
      shoppingCartId: line.id,
      quantity: line.quantity,
      swap:
        acceptedSwap && oldItem
          ? {
              ...oldItem.display,
              swapId: acceptedSwap.id,
              originalQuantity: acceptedSwap.originalQuantity,
              swappedQuantity: acceptedSwap.swappedQuantity,
              savingsPerCase: parseCents(acceptedSwap.savingsPerCase),
              reasonName: acceptedSwap.reasonName,
            }
          : null,
      matches,
      rejected: rejectedHere.flatMap((r) => {
        const rejected = others.get(r.newItemDistributorId);
        return rejected ? [{ ...rejected.display, swapId: r.id, reasonName: r.reasonName }] : [];
      }),
    };
  });
}

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
