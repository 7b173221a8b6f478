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
  CALL_IN_TEXT,
  getBlockedAddReason,
  parseCents,
  type BlockedAddReason,
  type cartSchema,
  type CartLine,
  type cartLineItemSchema,
  type cartUpdateRequestSchema,
  type cartUpdateResponseSchema,
  type sameModifiedItemSchema,
} from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { selectItemRows, type ItemRow } from '../catalog/catalog.repo';
import { getLocationContext, toListItem, type LocationContext } from '../catalog/catalog.service';
import { createSpecialRequestCheck } from '../special-requests/special-requests.service';
import * as repo from './cart.repo';

type Cart = z.infer<typeof cartSchema>;
type CartLineItem = z.infer<typeof cartLineItemSchema>;
type CartUpdate = z.infer<typeof cartUpdateRequestSchema>;
type CartUpdateResponse = z.infer<typeof cartUpdateResponseSchema>;
type SameModifiedItem = z.infer<typeof sameModifiedItemSchema>;

/** The texts of a refused add (doc 1 §4 "Blocked adds", §8); the codes the client maps to its modals. */
export const BLOCKED_ADD_ERRORS: Record<BlockedAddReason, { code: string; message: string }> = {
  'call-in': { code: 'call_in_item', message: CALL_IN_TEXT },
  'out-of-stock': { code: 'out_of_stock', message: 'This item is out of stock.' },
  'punched-out': {
    code: 'punched_out',
    message:
      'This item was not on your most recent order guide sent by your distributor. Please add it as a special request instead.',
  },
};

/** The item of a cart line: list fields, at the price the location pays today (the effective price). */
function toCartLineItem(row: ItemRow, ctx: LocationContext): CartLineItem {
  const item = toListItem(row, ctx);
  return {
    price: parseCents(row.effectivePrice),
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
async function readCart(db: Database, ctx: LocationContext): Promise<Cart> {
  const lastModified = await repo.readCartVersion(db, ctx.locationId);
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

/** An ISO 8601 instant with a zone, up to microseconds: what GET gave the client. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** A cart line as the save works on it. */
interface WorkingLine {
  /** Null for a line this save creates. */
  lineId: number | null;
  itemDistributorId: number | null;
  name: string;
  originalQuantity: number;
  quantity: number;
  /** Changed by someone else after the client's version. */
  isChangedSince: boolean;
  /** Already changed by this save, so a later entry for it is no conflict. */
  isTouched: boolean;
  special: { distributorId: number; description: string; uom: string; din: string; packSize: string } | null;
  isSpecialChanged: boolean;
}

/** A working line's special-request fields as cart_items columns (null on catalogue lines). */
function toSpecialColumns(special: WorkingLine['special']) {
  return {
    specialDistributorId: special?.distributorId ?? null,
    specialDescription: special?.description ?? null,
    specialUom: special?.uom ?? null,
    specialDin: special?.din ?? null,
    specialPackSize: special?.packSize ?? null,
  };
}

type Entry = CartUpdate['itemList'][number];

const unique = (ids: number[]): number[] => [...new Set(ids)];

/**
 * POST shopping-carts: applies the entries in order. Quantity 0 removes a line; a positive quantity
 * sets it, creating the line when the item is not in the cart yet; a specialItem adds a special
 * request. When the client's lastModified is not the cart's (or it has none), an entry whose line
 * someone else changed after that version is not applied but reported in sameModifiedItems; all
 * other entries apply. Adding an item that cannot be bought is refused (400) and nothing is saved.
 */
export async function saveCart(db: Database, locationId: number, userId: number, body: CartUpdate): Promise<CartUpdateResponse> {
  const clientVersion = body.lastModified;
  if (clientVersion !== null && !ISO_INSTANT.test(clientVersion)) {
    throw badRequest(
      'lastModified must be the time the cart was loaded, as GET shopping-carts sent it.',
      'invalid_last_modified',
      [{ field: 'lastModified', message: 'Send the lastModified of the last cart you loaded.' }],
    );
  }
  const ctx = await getLocationContext(db, locationId);

  return db.transaction(async (tx) => {
    const { isCurrent } = await repo.lockCart(tx, locationId, clientVersion);
    const entries = body.itemList;
    const lineIds = unique(entries.flatMap((e) => (e.shoppingCartId != null ? [e.shoppingCartId] : [])));
    const itemIds = unique(
      entries.flatMap((e) =>
        e.shoppingCartId == null && !e.specialItem && e.itemDistributorId != null ? [e.itemDistributorId] : [],
      ),
    );
    const existing = await repo.findLines(tx, locationId, itemIds, lineIds, clientVersion);
    const states = new Map(
      (
        await repo.findOrderableStates(
          tx,
          locationId,
          unique([...itemIds, ...existing.flatMap((l) => (l.itemDistributorId === null ? [] : [l.itemDistributorId]))]),
        )
      ).map((state) => [state.itemDistributorId, state]),
    );
    const checkSpecial = entries.some((e) => e.specialItem) ? await createSpecialRequestCheck(tx, locationId) : null;

    const toWorking = (line: repo.ExistingLine): WorkingLine => ({
      lineId: line.id,
      itemDistributorId: line.itemDistributorId,
      name: line.name,
      originalQuantity: line.quantity,
      quantity: line.quantity,
      isChangedSince: line.isChangedSince,
      isTouched: false,
      special: null,
      isSpecialChanged: false,
    });
    const byItem = new Map<number, WorkingLine>();
    const byLine = new Map<number, WorkingLine>();
    for (const line of existing) {
      const working = toWorking(line);
      byLine.set(line.id, working);
      if (line.itemDistributorId !== null) byItem.set(line.itemDistributorId, working);
    }
    const created: WorkingLine[] = [];
    const conflicts: SameModifiedItem[] = [];

    const findWorkingLine = (entry: Entry): WorkingLine => {
      if (entry.shoppingCartId != null) {
        const line = byLine.get(entry.shoppingCartId);
        if (!line) throw notFound('Cart line');
        return line;
      }
      const itemId = entry.itemDistributorId!;
      const state = states.get(itemId);
      if (!state) throw notFound('Item');
      let line = byItem.get(itemId);
      if (!line) {
        line = {
          ...toWorking({ id: 0, itemDistributorId: itemId, quantity: 0, name: state.name, isChangedSince: false }),
          lineId: null,
        };
        byItem.set(itemId, line);
        created.push(line);
      }
      return line;
    };

    entries.forEach((entry, index) => {
      if (entry.specialItem && entry.shoppingCartId == null) {
        checkSpecial!(entry.specialItem, entry.quantity);
        const { distributorId, description, uom, din, packSize } = entry.specialItem;
        created.push({
          ...toWorking({ id: 0, itemDistributorId: null, quantity: 0, name: description, isChangedSince: false }),
          lineId: null,
          quantity: entry.quantity,
          isTouched: true,
          special: { distributorId, description, uom, din, packSize },
        });
        return;
      }
      const line = findWorkingLine(entry);
      if (!isCurrent && line.lineId !== null && line.isChangedSince && !line.isTouched) {
        conflicts.push({
          shoppingCartId: line.lineId,
          itemDistributorId: line.itemDistributorId,
          name: line.name,
          currentQuantity: line.quantity,
          requestedQuantity: entry.quantity,
        });
        return;
      }
      if (line.itemDistributorId === null) {
        if (entry.specialItem) {
          checkSpecial!(entry.specialItem, entry.quantity);
          const { distributorId, description, uom, din, packSize } = entry.specialItem;
          line.special = { distributorId, description, uom, din, packSize };
          line.name = description;
          line.isSpecialChanged = true;
        }
      } else {
        if (entry.specialItem)
          throw badRequest('A catalogue line cannot be changed into a special request.', 'invalid_cart_entry');
        if (entry.quantity > line.quantity) {
          // A line whose item has left the location's list can only go down.
          const state = states.get(line.itemDistributorId);
          if (!state) throw notFound('Item');
          const reason = getBlockedAddReason(state, false);
          if (reason) {
            const { code, message } = BLOCKED_ADD_ERRORS[reason];
            throw badRequest(message, code, [
              { field: `itemList.${index}.itemDistributorId`, message: `${line.name}: ${message}` },
            ]);
          }
        }
      }
      line.quantity = entry.quantity;
      line.isTouched = true;
    });

    const all = [...byLine.values()];
    const deletes = all.filter((l) => l.lineId !== null && l.isTouched && l.quantity === 0).map((l) => l.lineId!);
    const updates = all
      .filter(
        (l) => l.lineId !== null && l.isTouched && l.quantity > 0 && (l.quantity !== l.originalQuantity || l.isSpecialChanged),
      )
      .map((l) => ({
        id: l.lineId!,
        quantity: l.quantity,
        ...toSpecialColumns(l.special),
      }));
    const inserts = created
      .filter((l) => l.quantity > 0)
      .map((l) => ({
        itemDistributorId: l.itemDistributorId,
        quantity: l.quantity,
        ...toSpecialColumns(l.special),
      }));
    if (deletes.length + updates.length + inserts.length > 0) {
      const version = await repo.bumpCartVersion(tx, locationId);
      await repo.writeLines(tx, locationId, userId, version, { deletes, updates, inserts });
    }
    return { ...(await readCart(tx, ctx)), sameModifiedItems: conflicts };
  });
}
