/**
 * The sanity guard on review order (issue 37): a line far from what is suggested or usually
 * bought, or a second order to the same distributor for the same delivery date, is flagged with
 * the reason; the buyer may confirm and go on, so the guard only ever warns.
 */

export interface GuardLine {
  itemDistributorId: number;
  name: string;
  quantity: number;
  /** The suggested order units for the line's group, when there is a suggestion. */
  suggested: number | null;
  /** The quantity usually ordered (e.g. the median of recent orders), when there is a history. */
  usual: number | null;
}

export interface GuardFlag {
  itemDistributorId: number | null;
  reason: string;
}

/** Whether a quantity is under half or over twice a reference quantity (both above 0). */
export function isFarFrom(quantity: number, reference: number | null): boolean {
  if (reference === null || reference <= 0 || quantity <= 0) return false;
  return quantity * 2 < reference || quantity > reference * 2;
}

/** The review-order flags of issue 37: a line off its suggestion (or, without one, its usual), a repeated order. */
export function getOrderGuardFlags(
  lines: readonly GuardLine[],
  sameDateOrder: { distributor: string; deliveryDate: string } | null,
): GuardFlag[] {
  const flags: GuardFlag[] = [];
  for (const line of lines) {
    if (isFarFrom(line.quantity, line.suggested)) {
      const side = line.quantity > (line.suggested ?? 0) ? 'over twice' : 'under half';
      flags.push({
        itemDistributorId: line.itemDistributorId,
        reason: `${line.name}: ${line.quantity} is ${side} the suggested ${line.suggested}.`,
      });
    } else if (line.suggested === null && isFarFrom(line.quantity, line.usual)) {
      // The suggestion already weighs today's stock; the usual quantity only speaks when there is none.
      const side = line.quantity > (line.usual ?? 0) ? 'over twice' : 'under half';
      flags.push({
        itemDistributorId: line.itemDistributorId,
        reason: `${line.name}: ${line.quantity} is ${side} the usual ${line.usual}.`,
      });
    }
  }
  if (sameDateOrder) {
    flags.push({
      itemDistributorId: null,
      reason: `An order to ${sameDateOrder.distributor} for delivery on ${sameDateOrder.deliveryDate} was already placed.`,
    });
  }
  return flags;
}

/** The usual quantity of a line: the median of its recent order quantities, null without any. */
export function getUsualQuantity(quantities: readonly number[]): number | null {
  const sorted = quantities.filter((q) => q > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/** An offer as the cheaper-alternative comparison sees it: price of one order unit and its content. */
export interface PricedPack {
  /** Cents per order unit. */
  price: number;
  /** Content of one order unit in hundredths of the group's unit; above 0. */
  content: number;
}

/**
 * What the preferred item costs over the cheapest per normalised unit for the same need (issue 37,
 * "+$7.26 for the preferred chicken"): each bought in whole units that cover the need; the
 * difference is exactly preferred units × price − cheapest units × price, in cents.
 */
export function comparePreferredToCheapest(
  need: number,
  preferred: PricedPack,
  cheapest: PricedPack,
): { preferredUnits: number; preferredCost: number; cheapestUnits: number; cheapestCost: number; difference: number } {
  const units = (p: PricedPack) => (need > 0 && p.content > 0 ? Math.ceil(need / p.content - 1e-9) : 0);
  const preferredUnits = units(preferred);
  const cheapestUnits = units(cheapest);
  const preferredCost = preferredUnits * preferred.price;
  const cheapestCost = cheapestUnits * cheapest.price;
  return { preferredUnits, preferredCost, cheapestUnits, cheapestCost, difference: preferredCost - cheapestCost };
}
