/**
 * The savings calls' shared ground: the caller's context, the location's today (and the cart
 * switch a write must respect), and an item priced for matching and display.
 */
import { type Database } from '@stockpot/db';
import { CART_DISABLED_MESSAGE, getLocationToday, toMatchCandidate, type MatchCandidate } from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { getEffectivePrice } from '../../platform/item-price';
import { type CartLineRow } from '../../platform/cart/cart-lines.repo';
import { findLocation } from '../../platform/locations.repo';
import * as repo from './savings.repo';

export interface SavingsContext {
  db: Database;
  locationId: number;
  userId: number;
  now?: () => Date;
}

export async function getToday(db: Database, locationId: number, now: Date, { write = false } = {}): Promise<string> {
  const location = await findLocation(db, locationId);
  if (!location) throw notFound('Location');
  // A swap or a reject changes the cart: a location whose cart is turned off refuses it like a save (issue 14 defect 11).
  if (write && !location.display_shopping_cart) throw badRequest(CART_DISABLED_MESSAGE, 'cart_disabled');
  return getLocationToday(now, location.timezone);
}

/** What matching and display need of an item, priced for the location today. */
export interface PricedItem {
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

export function priceItem(row: ItemFields): PricedItem {
  const price = getEffectivePrice(row);
  return {
    price,
    candidate: toMatchCandidate(row, price),
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
export function cartLineAsItem(line: CartLineRow): ItemFields {
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
