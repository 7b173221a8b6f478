/** The savings shown on the cart (GET /items/shopping-cart-matches): each catalogue line with its matches. */
import { findMatches, getSwapOffer, isSwapOfferWorthShowing, parseCents, type ShoppingCartMatch } from '@stockpot/domain';
import { loadCartLines } from '../../platform/cart/cart-lines.repo';
import * as repo from './savings.repo';
import { cartLineAsItem, getToday, priceItem, type PricedItem, type SavingsContext } from './savings-pricing';

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
