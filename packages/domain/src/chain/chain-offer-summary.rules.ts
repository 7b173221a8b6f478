/**
 * What the chain's purchases of one offer come to (issue 39 price variance at chain scale): the
 * summary the maintained aggregate stores per location, offer and day or month, and the API combines
 * over a range. Pure; chain-equivalents.rules prices the groups from these.
 */

/** Units of sale one location bought of one offer at one price (cents per unit of sale). */
export interface ChainOfferPurchase {
  locationId: number;
  itemDistributorId: number;
  priceCents: number;
  quantity: number;
}

/**
 * What one offer's purchases come to, all a variance needs of them: the lowest and highest price
 * paid and by which location (ties: the lower location id), the lowest and highest location id that
 * bought it (two locations or one), the units of sale and the cents paid. Summaries of parts of a
 * range combine by min, max and sum, which is how the maintained aggregate answers a range
 * (migration 0048, docs/decisions.md "Chain view at chain scale").
 */
export interface OfferPurchaseSummary {
  itemDistributorId: number;
  lowPriceCents: number;
  lowLocationId: number;
  highPriceCents: number;
  highLocationId: number;
  firstLocationId: number;
  lastLocationId: number;
  quantity: number;
  paidCents: number;
}

/** Summarises purchases per offer (purchases of no units are left out, as they buy nothing). */
export function summariseOfferPurchases(purchases: readonly ChainOfferPurchase[]): OfferPurchaseSummary[] {
  const byOffer = new Map<number, OfferPurchaseSummary>();
  for (const p of purchases) {
    if (p.quantity <= 0) continue;
    const s = byOffer.get(p.itemDistributorId);
    if (!s) {
      byOffer.set(p.itemDistributorId, {
        itemDistributorId: p.itemDistributorId,
        lowPriceCents: p.priceCents,
        lowLocationId: p.locationId,
        highPriceCents: p.priceCents,
        highLocationId: p.locationId,
        firstLocationId: p.locationId,
        lastLocationId: p.locationId,
        quantity: p.quantity,
        paidCents: p.priceCents * p.quantity,
      });
      continue;
    }
    if (p.priceCents < s.lowPriceCents || (p.priceCents === s.lowPriceCents && p.locationId < s.lowLocationId)) {
      [s.lowPriceCents, s.lowLocationId] = [p.priceCents, p.locationId];
    }
    if (p.priceCents > s.highPriceCents || (p.priceCents === s.highPriceCents && p.locationId < s.highLocationId)) {
      [s.highPriceCents, s.highLocationId] = [p.priceCents, p.locationId];
    }
    s.firstLocationId = Math.min(s.firstLocationId, p.locationId);
    s.lastLocationId = Math.max(s.lastLocationId, p.locationId);
    s.quantity += p.quantity;
    s.paidCents += p.priceCents * p.quantity;
  }
  return [...byOffer.values()].sort((a, b) => a.itemDistributorId - b.itemDistributorId);
}
