/**
 * Everything one chain location owns, generated location by location and written straight to the
 * COPY streams: two order guides per distributor account (the older one and the latest, which drops
 * a few items so they are punched out), the location's items with the latest guide price and the
 * exact unit price, two years of orders with their lines, purchase statistics and invoice prices on
 * the location's items, a cart and a few shopping lists.
 *
 * The rules are the demo's (order-guides.ts applyOrderGuide, invoice-prices.ts, pricing.ts); the
 * loader checks the result against them after loading (bulk-load.ts verifyLargeData).
 */
import { toDecimalString } from '@stockpot/domain';
import { getSeededOrderCents, toAverageWeight, weighCases, type SeededLinePricing } from '../catch-weights';
import { addDays, instantOn } from '../dates';
import { computeUnitPriceE4, formatUnitSize, scaleCents } from '../pricing';
import { createRandom, type Random } from '../random';
import type { ChainAccount, ChainLocation, ChainPlan } from './chain-plan';
import { copyText, type TableWriter } from './copy-sink';
import type { LocationStock } from './area-data';
import { OFFER_FLAGS, offerText, type LargeCatalog } from './large-catalog';

export const LOCATION_TABLE_COLUMNS = {
  order_guides: ['id', 'location_id', 'distributor_id', 'start_date', 'end_date', 'item_count', 'created_at'],
  order_guide_items: ['order_guide_id', 'item_distributor_id', 'location_id', 'price'],
  location_items: [
    'location_id',
    'item_distributor_id',
    'distributor_id',
    'order_guide_id',
    'price',
    'unit_price',
    'end_date',
    'is_punched_out',
    'purchased_price',
    'invoice_date',
    'is_price_outdated',
    'purchased_quantity',
    'last_purchased_date',
    'last_purchased_qty',
    'last_purchased_price',
    'updated_at',
  ],
  orders: [
    'id',
    'location_id',
    'distributor_id',
    'user_id',
    'status',
    'requested_delivery_date',
    'requested_delivery_time',
    'payment_type',
    'line_items',
    'subtotal',
    'delivery_fee',
    'total',
    'total_rebates',
    'timezone',
    'created_at',
  ],
  order_items: [
    'id',
    'order_id',
    'location_id',
    'item_distributor_id',
    'description',
    'din',
    'brand',
    'pack_size',
    'unit_measure',
    'quantity',
    'price',
    'is_market_price',
    'rebate',
    'unit_price',
    'unit_quantity',
    'unit_size',
    'pack_size_uom',
    'is_catch_weight',
    'average_weight',
    'received_weight',
  ],
  carts: ['location_id', 'last_modified'],
  cart_items: ['id', 'location_id', 'item_distributor_id', 'quantity', 'updated_by', 'updated_at'],
  shopping_lists: ['id', 'location_id', 'name', 'created_by', 'created_at', 'updated_at'],
  shopping_list_items: ['id', 'shopping_list_id', 'location_id', 'item_distributor_id', 'sort_index', 'created_at'],
} as const;

export type LocationTable = keyof typeof LOCATION_TABLE_COLUMNS;

export interface IdCounters {
  orderGuide: number;
  order: number;
  orderItem: number;
  cartItem: number;
  shoppingList: number;
  shoppingListItem: number;
}

export interface LocationContext {
  seed: number;
  today: string;
  historyDays: number;
  catalog: LargeCatalog;
  chain: ChainPlan;
  ids: IdCounters;
  writers: Record<LocationTable, TableWriter>;
  /** Region guide cache: offers a region's order guide from one distributor can hold. */
  regionGuides: Map<string, Int32Array>;
  counts: {
    orders: number;
    orderItems: number;
    locationItems: number;
    punchedOut: number;
    guideLines: number;
    cartItems: number;
  };
}

const SHOPPING_LIST_NAMES = [
  'Weekly Produce',
  'Bar Order',
  'Cleaning Supplies',
  'Prep List',
  'Weekend Brunch',
  'Catering Events',
];
const SLOTS = ['8am-11am', '11am-2pm', '2pm-5pm'];

async function put(writer: TableWriter, line: string): Promise<void> {
  const wait = writer.write(line);
  if (wait) await wait;
}

const money = (cents: number) => toDecimalString(cents, 2);

/** A region's guide from one distributor: a fixed sample of that distributor's offers. */
function regionGuide(context: LocationContext, region: number, distributorIndex: number): Int32Array {
  const key = `${region}/${distributorIndex}`;
  let guide = context.regionGuides.get(key);
  if (guide) return guide;
  const distributor = context.catalog.distributors[distributorIndex];
  const random = createRandom(context.seed, `large/region-guide/${key}`);
  const offers = context.catalog.byDistributor[distributorIndex];
  const size = Math.min(offers.length, random.int(distributor.guideSize[0], distributor.guideSize[1]));
  const chosen = new Set<number>();
  while (chosen.size < size) chosen.add(offers[random.int(0, offers.length - 1)]);
  guide = Int32Array.from(chosen).sort();
  context.regionGuides.set(key, guide);
  return guide;
}

interface GuideLine {
  offer: number;
  priceCents: number;
  endDate?: string;
}

interface AccountGuides {
  account: ChainAccount;
  distributorIndex: number;
  olderId: number;
  latestId: number;
  olderStart: string;
  olderEnd: string;
  latestStart: string;
  latestEnd: string;
  older: GuideLine[];
  latest: GuideLine[];
}

function planGuides(
  context: LocationContext,
  location: ChainLocation,
  account: ChainAccount,
  random: Random,
): AccountGuides | null {
  const { catalog, today } = context;
  const distributorIndex = catalog.distributors.findIndex((d) => d.id === account.distributorId);
  const pool = regionGuide(context, location.region, distributorIndex);
  // A distributor with nothing to offer in the region sends no guide (a guide needs at least one line).
  if (pool.length === 0) return null;
  const latestOffers: number[] = [];
  const notTaken: number[] = [];
  for (const offer of pool) (random.chance(0.85) ? latestOffers : notTaken).push(offer);
  if (latestOffers.length === 0) latestOffers.push(notTaken.shift()!);
  // The older guide lacks ~3 % of the latest (new items) and has ~2 % the latest dropped (punched out).
  const olderOffers = latestOffers.filter(() => !random.chance(0.03));
  const dropped = random.sample(notTaken, Math.max(1, Math.round(latestOffers.length * 0.02)));
  olderOffers.push(...dropped);
  if (olderOffers.length === 0) olderOffers.push(latestOffers[0]);
  olderOffers.sort((a, b) => a - b);

  const contract = random.int(92, 100);
  const olderPrice = new Map<number, number>();
  for (const offer of olderOffers) olderPrice.set(offer, scaleCents(catalog.offerPrice[offer], contract + random.int(-2, 2)));
  const latestEnd = addDays(today, random.int(3, 21));
  const staleEnd = addDays(today, -2);
  const latest = latestOffers.map((offer): GuideLine => {
    const previous = olderPrice.get(offer);
    const priceCents =
      previous === undefined
        ? scaleCents(catalog.offerPrice[offer], contract + random.int(-2, 2))
        : random.chance(0.7)
          ? previous
          : scaleCents(previous, random.int(97, 106));
    const isStale = !(catalog.offerFlags[offer] & OFFER_FLAGS.marketPrice) && random.chance(0.01);
    return isStale ? { offer, priceCents, endDate: staleEnd } : { offer, priceCents };
  });
  const olderId = context.ids.orderGuide;
  context.ids.orderGuide += 2;
  return {
    account,
    distributorIndex,
    olderId,
    latestId: olderId + 1,
    olderStart: addDays(today, -21),
    olderEnd: addDays(today, -8),
    latestStart: addDays(today, -7),
    latestEnd,
    older: olderOffers.map((offer) => ({ offer, priceCents: olderPrice.get(offer)! })),
    latest,
  };
}

interface Purchase {
  quantity: number;
  lastDate: string;
  lastQuantity: number;
  lastPriceCents: number;
}

interface PlannedOrder {
  date: string;
  account: AccountGuides;
  lines: { offer: number; quantity: number; priceCents: number }[];
  minute: number;
}

function planOrders(context: LocationContext, guides: AccountGuides, random: Random): PlannedOrder[] {
  const { catalog, today, historyDays } = context;
  const distributor = catalog.distributors[guides.distributorIndex];
  const current = new Map<number, number>();
  for (const line of guides.older) current.set(line.offer, line.priceCents);
  for (const line of guides.latest) current.set(line.offer, line.priceCents);
  const orderable = [...current.keys()].filter((offer) => !(catalog.offerFlags[offer] & OFFER_FLAGS.unpurchasable));
  if (orderable.length === 0) return [];
  const core = random.sample(orderable, Math.max(1, Math.round(orderable.length * 0.25)));
  const count = Math.round(((guides.account.ordersPerWeek * historyDays) / 7) * (0.85 + random.next() * 0.15));
  const orders: PlannedOrder[] = [];
  for (let k = 0; k < count; k += 1) {
    const dayOffset = Math.min(historyDays - 1, Math.floor(((k + random.next()) * historyDays) / count));
    const date = addDays(today, dayOffset - historyDays);
    const ageDays = historyDays - dayOffset;
    const wanted = Math.min(orderable.length, random.int(distributor.linesPerOrder[0], distributor.linesPerOrder[1]));
    const chosen = new Set<number>();
    for (let attempts = 0; chosen.size < wanted && attempts < wanted * 4; attempts += 1) {
      chosen.add(random.chance(0.8) ? random.pick(core) : random.pick(orderable));
    }
    const percent = 100 - Math.floor((ageDays * 4) / 365) + random.int(-1, 1);
    const lines = [...chosen]
      .sort((a, b) => a - b)
      .map((offer) => ({
        offer,
        quantity: Math.min(40, 1 + Math.floor(-Math.log(1 - random.next()) * 2.5)),
        priceCents: scaleCents(current.get(offer)!, percent),
      }));
    orders.push({ date, account: guides, lines, minute: random.int(0, 299) });
  }
  return orders;
}

/** Generates and writes one location's rows; answers its current offers for the area data (area-data.ts). */
export async function writeLocation(context: LocationContext, location: ChainLocation): Promise<LocationStock> {
  const stock: LocationStock = { offers: [], priceCents: [], purchased: [] };
  const { catalog, chain, today, writers, ids, counts } = context;
  const random = createRandom(context.seed, `large/location/${location.id}`);
  // Catch-weight scales on their own stream, so every other row stays as it was generated.
  const scales = createRandom(context.seed, `large/weights/${location.id}`);
  const accounts = chain.accounts.filter((a) => a.locationId === location.id);
  const users = chain.users.filter((u) => u.locationIds.includes(location.id));
  const [manager] = users;
  const tz = location.timezone;

  const allGuides = accounts
    .map((account) => planGuides(context, location, account, random))
    .filter((guides): guides is AccountGuides => guides !== null);

  // Orders first (purchase statistics go on the location's items), oldest first, ids in that order.
  const planned = allGuides.flatMap((guides) => planOrders(context, guides, random));
  planned.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.minute - b.minute));
  const purchases = new Map<number, Purchase>();
  for (const order of planned) {
    const orderId = ids.order;
    ids.order += 1;
    const ageDays = Math.round((Date.parse(today) - Date.parse(order.date)) / 86_400_000);
    const roll = random.next();
    // As the demo history: recent deliveries not checked in yet, about 3 % of the rest cancelled.
    const status = ageDays <= 3 ? 'submitted' : roll < 0.03 ? 'cancelled' : 'received';
    const distributor = catalog.distributors[order.account.distributorIndex];
    let rebates = 0;
    const totalLines: SeededLinePricing[] = [];
    for (const line of order.lines) {
      const offer = line.offer;
      const isMarketPrice = (catalog.offerFlags[offer] & OFFER_FLAGS.marketPrice) !== 0;
      const isCatchWeight = (catalog.offerFlags[offer] & OFFER_FLAGS.catchWeight) !== 0;
      const averageWeightE4 = catalog.offerAverageWeight[offer];
      const averageWeight = toAverageWeight(isCatchWeight, averageWeightE4);
      const receivedWeight =
        status === 'received' && averageWeight !== null ? weighCases(averageWeightE4, line.quantity, scales) : null;
      // The unit the line is written with: the total is priced as the stored line is.
      const text = offerText(catalog, offer);
      totalLines.push({
        quantity: line.quantity,
        priceCents: line.priceCents,
        unitMeasure: text.unitMeasure,
        isMarketPrice,
        isCatchWeight,
        averageWeight,
        receivedWeight,
      });
      rebates += catalog.offerRebate[offer] * line.quantity;
      const pack = catalog.packs[catalog.offerPack[offer]];
      // Order lines keep the item as it was bought: its name (as the demo history does), pack and unit price.
      await put(
        writers.order_items,
        `${ids.orderItem}\t${orderId}\t${location.id}\t${catalog.firstOfferId + offer}\t${copyText(catalog.itemName[catalog.offerItem[offer]])}\t` +
          `${copyText(text.din)}\t${copyText(text.brand)}\t${copyText(text.packSize)}\t${text.unitMeasure}\t${line.quantity}\t` +
          `${money(line.priceCents)}\t${isMarketPrice ? 't' : 'f'}\t${money(catalog.offerRebate[offer])}\t` +
          `${toDecimalString(computeUnitPriceE4(line.priceCents, pack, text.unitMeasure), 4)}\t${pack.unitQuantity}\t` +
          `${formatUnitSize(pack.unitSizeE4)}\t${copyText(pack.packSizeUom)}\t${isCatchWeight ? 't' : 'f'}\t` +
          `${averageWeight ?? '\\N'}\t${receivedWeight ?? '\\N'}\n`,
      );
      ids.orderItem += 1;
      counts.orderItems += 1;
      if (status !== 'cancelled') {
        const previous = purchases.get(offer);
        purchases.set(offer, {
          quantity: (previous?.quantity ?? 0) + line.quantity,
          lastDate: order.date,
          lastQuantity: line.quantity,
          lastPriceCents: line.priceCents,
        });
      }
    }
    // The one line rule: market-price lines count 0, catch weight its estimate or weight (catch-weights.ts).
    const subtotal = getSeededOrderCents(totalLines);
    // Mornings in the United States: 11:00–16:00 UTC.
    const createdAt = new Date(Date.parse(`${order.date}T11:00:00.000Z`) + order.minute * 60_000).toISOString();
    const userId = users.length > 0 ? users[random.int(0, users.length - 1)].id : null;
    const isDelivery = order.account.account.isDelivery === 1;
    await put(
      writers.orders,
      `${orderId}\t${location.id}\t${distributor.id}\t${userId ?? '\\N'}\t${status}\t${addDays(order.date, random.int(1, 2))}\t` +
        `${isDelivery ? random.pick(SLOTS) : '\\N'}\tterms\t${order.lines.length}\t${money(subtotal)}\t0.00\t${money(subtotal)}\t` +
        `${money(rebates)}\t${copyText(tz)}\t${createdAt}\n`,
    );
    counts.orders += 1;
  }

  for (const guides of allGuides) {
    const distributorId = guides.account.distributorId;
    for (const [id, start, end, lines] of [
      [guides.olderId, guides.olderStart, guides.olderEnd, guides.older],
      [guides.latestId, guides.latestStart, guides.latestEnd, guides.latest],
    ] as const) {
      await put(
        writers.order_guides,
        `${id}\t${location.id}\t${distributorId}\t${start}\t${end}\t${lines.length}\t${instantOn(start).toISOString()}\n`,
      );
      for (const line of lines) {
        await put(
          writers.order_guide_items,
          `${id}\t${catalog.firstOfferId + line.offer}\t${location.id}\t${money(line.priceCents)}\n`,
        );
        counts.guideLines += 1;
      }
    }

    // The location's items: the latest guide's lines, and the older guide's lines it dropped (punched out).
    const latestAppliedAt = instantOn(guides.latestStart).toISOString();
    const onLatest = new Set(guides.latest.map((line) => line.offer));
    const rows: { line: GuideLine; guideId: number; endDate: string; isPunchedOut: boolean; guideStart: string }[] = [
      ...guides.latest.map((line) => ({
        line,
        guideId: guides.latestId,
        endDate: line.endDate ?? guides.latestEnd,
        isPunchedOut: false,
        guideStart: guides.latestStart,
      })),
      ...guides.older
        .filter((line) => !onLatest.has(line.offer))
        .map((line) => ({
          line,
          guideId: guides.olderId,
          endDate: guides.olderEnd,
          isPunchedOut: true,
          guideStart: guides.olderStart,
        })),
    ];
    rows.sort((a, b) => a.line.offer - b.line.offer);
    const isBroadliner = catalog.distributors[guides.distributorIndex].kind !== 'specialty';
    for (const { line, guideId, endDate, isPunchedOut, guideStart } of rows) {
      const offer = line.offer;
      const pack = catalog.packs[catalog.offerPack[offer]];
      const unitMeasure = catalog.offerFlags[offer] & OFFER_FLAGS.catchWeight ? 'LB' : 'CS';
      const unitPrice = computeUnitPriceE4(line.priceCents, pack, unitMeasure);
      const purchase = purchases.get(offer);
      // Electronic invoices from the broadliners: a tenth of the items bought, dated the day after delivery.
      let invoice = '\\N\t\\N\tf';
      if (purchase && isBroadliner && !(catalog.offerFlags[offer] & OFFER_FLAGS.marketPrice) && random.chance(0.1)) {
        const invoiceDate = addDays(purchase.lastDate, 1);
        const isOutdated = invoiceDate > guideStart;
        invoice = `${money(scaleCents(purchase.lastPriceCents, random.int(96, 108)))}\t${invoiceDate}\t${isOutdated ? 't' : 'f'}`;
      }
      const stats = purchase
        ? `${purchase.quantity}\t${purchase.lastDate}\t${purchase.lastQuantity}\t${money(purchase.lastPriceCents)}`
        : '0\t\\N\t\\N\t\\N';
      await put(
        writers.location_items,
        `${location.id}\t${catalog.firstOfferId + offer}\t${distributorId}\t${guideId}\t${money(line.priceCents)}\t` +
          `${toDecimalString(unitPrice, 4)}\t${endDate}\t${isPunchedOut ? 't' : 'f'}\t${invoice}\t${stats}\t${latestAppliedAt}\n`,
      );
      counts.locationItems += 1;
      if (isPunchedOut) counts.punchedOut += 1;
      else {
        stock.offers.push(offer);
        stock.priceCents.push(line.priceCents);
        stock.purchased.push(purchase?.quantity ?? 0);
      }
    }
  }

  // A cart in progress at most locations, from items that can be bought today.
  const buyable = allGuides.flatMap((guides) =>
    guides.latest
      .map((line) => line.offer)
      .filter((offer) => !(catalog.offerFlags[offer] & (OFFER_FLAGS.unpurchasable | OFFER_FLAGS.inactive))),
  );
  const cartStart = Date.parse(`${today}T12:00:00.000Z`);
  if (manager && buyable.length > 0 && random.chance(0.7)) {
    const lines = random.sample(buyable, random.int(3, 40)).sort((a, b) => a - b);
    let lastModified = 0;
    for (const offer of lines) {
      const updatedAt = cartStart - random.int(0, 240) * 60_000 - random.int(0, 999_999);
      lastModified = Math.max(lastModified, updatedAt);
      await put(
        writers.cart_items,
        `${ids.cartItem}\t${location.id}\t${catalog.firstOfferId + offer}\t${random.int(1, 6)}\t${manager.id}\t${new Date(updatedAt).toISOString()}\n`,
      );
      ids.cartItem += 1;
      counts.cartItems += 1;
    }
    await put(writers.carts, `${location.id}\t${new Date(lastModified).toISOString()}\n`);
  }

  // A few shopping lists.
  const listItems = allGuides.flatMap((guides) => guides.latest.map((line) => line.offer));
  for (const name of random.sample(SHOPPING_LIST_NAMES, random.int(0, 3))) {
    const listId = ids.shoppingList;
    ids.shoppingList += 1;
    const createdAt = instantOn(addDays(today, -random.int(10, 300))).toISOString();
    await put(
      writers.shopping_lists,
      `${listId}\t${location.id}\t${copyText(name)}\t${manager?.id ?? '\\N'}\t${createdAt}\t${createdAt}\n`,
    );
    const items = random.sample(listItems, random.int(10, 40));
    for (const [index, offer] of items.entries()) {
      await put(
        writers.shopping_list_items,
        `${ids.shoppingListItem}\t${listId}\t${location.id}\t${catalog.firstOfferId + offer}\t${index + 1}\t${createdAt}\n`,
      );
      ids.shoppingListItem += 1;
    }
  }
  return stock;
}
