import {
  canPayByCard,
  formatLineAmount,
  formatLinesTotal,
  getOrderLineAmount,
  getOrderTotals,
  isBelowMinimumOrder,
  isSpecialCartLine,
  toOrderLineForTotals,
  type CartLine,
  type LineAmount,
  type ShoppingCartMatch,
  type OrderingDistributor,
  type OrderSubmitRequest,
} from '@stockpot/domain';

/** One distributor's part of the cart: one order at checkout (doc 1 §2 "grouped by distributor"). */
export interface CartGroup {
  distributorId: number;
  distributorName: string;
  lines: CartLine[];
  /** Cents; catch-weight lines count their estimate, market-price, special and uncountable lines 0 (issue 32). */
  subtotal: number;
  totalRebates: number;
  itemCount: number;
  isSpecialRequestOnly: boolean;
  /** Some line counts an estimate (catch weight before delivery). */
  isEstimate: boolean;
  /** The total as it reads: "≈ $572.58 plus market-price items" (formatLinesTotal). */
  totalText: string;
  /** Names of the lines priced by weight with no average weight, which the minimum cannot count. */
  uncountedNames: string[];
}

/** A special request (no catalogue item): the domain's rule, under the name the checkout screens use. */
export const isSpecialLine: (line: CartLine) => boolean = isSpecialCartLine;

export function getLineDistributorId(line: CartLine): number {
  return line.item?.distributorId ?? line.specialItem?.distributorId ?? 0;
}

export function getLineName(line: CartLine): string {
  return line.item?.name ?? line.specialItem?.description ?? 'Item';
}

/** The amount of a catalogue line by the one line rule; null for a special request (priced by the distributor). */
export function getCartLineAmount(line: CartLine): LineAmount | null {
  return isSpecialLine(line) ? null : getOrderLineAmount(toOrderLineForTotals(line));
}

/** How a line's amount reads: "$90.00", "≈ $482.58, about 31.5 lb", "Market price", "priced by weight", or "—". */
export function getLineAmountText(line: CartLine): string {
  const amount = getCartLineAmount(line);
  return amount ? formatLineAmount(amount) : '—';
}

/** The cart grouped by distributor, in the order the distributors first appear, with each group's totals. */
export function groupCartByDistributor(lines: CartLine[]): CartGroup[] {
  const groups = new Map<number, CartGroup>();
  for (const line of lines) {
    const distributorId = getLineDistributorId(line);
    let group = groups.get(distributorId);
    if (!group) {
      group = {
        distributorId,
        distributorName: line.item?.distributor ?? line.specialItem?.distributorName ?? '',
        lines: [],
        subtotal: 0,
        totalRebates: 0,
        itemCount: 0,
        isSpecialRequestOnly: true,
        isEstimate: false,
        totalText: '',
        uncountedNames: [],
      };
      groups.set(distributorId, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()].map((group) => {
    const totals = getOrderTotals(group.lines.map(toOrderLineForTotals));
    return {
      ...group,
      subtotal: totals.subtotal,
      totalRebates: totals.totalRebates,
      itemCount: totals.itemCount,
      isSpecialRequestOnly: group.lines.every(isSpecialLine),
      isEstimate: totals.isEstimate,
      totalText: formatLinesTotal({ ...totals, cents: totals.subtotal }),
      uncountedNames: totals.uncountedIndexes.map((index) => getLineName(group.lines[index])),
    };
  });
}

/** Whether the group's minimum blocks checkout (doc 1 §5 "Minimum order"). */
export function isGroupBelowMinimum(group: CartGroup, distributor: OrderingDistributor | undefined): boolean {
  if (!distributor) return false;
  return isBelowMinimumOrder(distributor, group.subtotal, group.isSpecialRequestOnly);
}

/** Whether the distributor's minimum applies at all, so the progress bar is worth showing. */
export function hasMinimum(distributor: OrderingDistributor | undefined): boolean {
  return !!distributor && distributor.minOrderAmount > 0;
}

/** Cards are offered only under doc 1 §5's rule (distributor acceptCC, not only special or market-price lines). */
export function canGroupPayByCard(group: CartGroup, distributor: OrderingDistributor | undefined): boolean {
  if (!distributor) return false;
  return canPayByCard(
    distributor.acceptCC,
    group.lines.map((line) => ({ isSpecial: isSpecialLine(line), isMarketPrice: line.item?.isMarketPrice ?? false })),
  );
}

export interface CheckoutChoices {
  deliveryDate: string;
  deliveryTime: string;
  notes: string;
  paymentType: 'terms' | 'card';
  cardToken: string | null;
}

export const EMPTY_CHOICES: CheckoutChoices = {
  deliveryDate: '',
  deliveryTime: '',
  notes: '',
  paymentType: 'terms',
  cardToken: null,
};

/** The body of POST /orders for one group (doc 1 §3 "Order submit payload", §7). */
export function buildOrderPayload(group: CartGroup, choices: CheckoutChoices, timezone: string): OrderSubmitRequest {
  const isCard = choices.paymentType === 'card';
  return {
    payment_token: isCard ? choices.cardToken : null,
    paymentType: choices.paymentType,
    requestedDeliveryDate: choices.deliveryDate,
    distributorId: group.distributorId,
    itemList: JSON.stringify(
      group.lines.map((line) => ({
        shoppingCartId: line.id,
        itemDistributorId: line.itemDistributorId,
        quantity: line.quantity,
      })),
    ),
    isSameDayDeliveryFee: 0,
    notes: choices.notes.trim(),
    productPrice: group.subtotal,
    requestedDeliveryTime: choices.deliveryTime || null,
    skipOrderMinimum: 0,
    timezone,
  };
}

/**
 * Whether the savings step has something left to decide for a distributor's order: a cart line of
 * that distributor with a match the buyer has neither swapped to nor rejected (rejected pairs are
 * already left out of `matches`; a swapped line carries `swap`). Checkout on review order then
 * leads through savings (doc 1 §4), else straight on to shipping and payment.
 */
export function hasUndecidedSavings(lines: readonly ShoppingCartMatch[], distributorId: number): boolean {
  return lines.some((line) => line.distributorId === distributorId && line.swap === null && line.matches.length > 0);
}
