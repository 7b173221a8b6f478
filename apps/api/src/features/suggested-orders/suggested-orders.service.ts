/**
 * GET suggested-orders and POST suggested-orders/add-to-cart (issue 37): the model of the domain
 * package run over the active location's groups, one suggested order per distributor with its next
 * delivery and cut-off; adding goes through the cart's own save, so the cart's rules apply.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, refreshSuggestionDays, suggestionDaysStaleSql, type Database } from '@stockpot/db';
import {
  addDaysToIsoDate,
  getNextDayStartInZone,
  getNextDeliveryDatesEnd,
  getOrderByText,
  getTodayInZone,
  listNextDeliveryDates,
  measureWeekdayUse,
  suggestGroupOrder,
  type cartUpdateResponseSchema,
  type DeliverySchedule,
  type SuggestedOrder,
  type SuggestedOrdersResponse,
} from '@stockpot/domain';
import { readCartVersion } from '../../platform/cart/cart-version.repo';
import { badRequest, notFound } from '../../platform/errors';
import { intArray } from '../../platform/sql';
import { saveCart } from '../cart/cart.public';
import { getLocationContext, selectItemRows } from '../catalog/catalog.public';
import { loadPosUse } from './pos-basis';
import type { HistorySource } from './pos-basis.repo';
import { addCounts, addDeliveries, buildGroups, toCheaper, type SuggestedGroup } from './suggested-groups';
import { insertChoices } from './order-guard.repo';
import * as repo from './suggested-orders.repo';
import { getKeptAnswer, type SuggestionState } from './suggestions-kept';

/** How far ahead the next two delivery dates are looked for: two weeks covers a once-a-week account. */
const DELIVERY_LOOKAHEAD_DAYS = 21;

const toUnit = (hundredths: number) => Math.round(hundredths) / 100;

/** The groups as the POS basis converts into them: a group counted in cases through its item to buy. */
const toPosGroups = (groups: readonly SuggestedGroup[]) =>
  groups.map((g) => ({ id: g.id, unitId: g.unitId, unit: g.unit, packSize: g.chosen?.packSize ?? g.items[0]?.packSize ?? null }));

/** The group each catalogue item counts in (the first, when a location lists an item in two groups). */
function groupOfItem(rows: readonly repo.GroupItemRow[]): Map<number, number> {
  const map = new Map<number, number>();
  for (const row of rows)
    if (row.itemDistributorId !== null && !map.has(row.itemDistributorId)) map.set(row.itemDistributorId, row.groupId);
  return map;
}

/** Tops the location's history aggregates up when writes since the last read marked days (one index probe otherwise). */
async function ensureSuggestionDays(db: Database, locationId: number): Promise<void> {
  const [{ stale }] = await queryRows<{ stale: boolean }>(db, sql`SELECT ${suggestionDaysStaleSql(locationId)} AS stale`);
  if (stale) await refreshSuggestionDays(db, locationId);
}

/** An answer, what the cart holds per item now (for adding), and until when the clock leaves it as it is. */
type Suggestions = SuggestedOrdersResponse & { cartQuantities: Map<number, number>; validUntil: number };

/**
 * The suggested orders of the location, computed (the kept answer's source: getSuggestions).
 * `ignoreCart` suggests as if the cart were empty: what the review-order guard compares the cart with.
 * `source` 'scan' reads receipts and POS sales from the history instead of its aggregates: the
 * reference the tests hold the aggregates to. `refresh` false: the aggregates are known to be current
 * (a read-only snapshot cannot top them up).
 */
export async function computeSuggestions(
  db: Database,
  locationId: number,
  now: number,
  {
    ignoreCart = false,
    source = 'aggregate',
    refresh = true,
  }: { ignoreCart?: boolean; source?: HistorySource; refresh?: boolean } = {},
): Promise<Suggestions> {
  // The reads that do not depend on each other go out together: a single request's wait, not its CPU.
  const [ctx, groupRows, snapshot, termRows] = await Promise.all([
    getLocationContext(db, locationId),
    repo.selectGroupItems(db, locationId),
    repo.selectRecentCounts(db, locationId),
    repo.selectDistributorTerms(db, locationId),
    source === 'aggregate' && refresh ? ensureSuggestionDays(db, locationId) : null,
  ]);
  const ids = [...new Set(groupRows.flatMap((r) => (r.itemDistributorId === null ? [] : [r.itemDistributorId])))];
  const [itemRows, inTransit] = await Promise.all([
    ids.length === 0
      ? []
      : selectItemRows(
          db,
          ctx,
          sql`SELECT u.id AS item_distributor_id, u.ord FROM unnest(${intArray(ids)}) WITH ORDINALITY AS u(id, ord)`,
        ),
    repo.selectInTransit(db, locationId, ids),
  ]);
  const groups = buildGroups(groupRows, itemRows);
  addCounts(groups, snapshot);
  const oldestCount = groups.flatMap((g) => g.counts.map((c) => c.date)).sort()[0];
  const [received, pos] = await Promise.all([
    oldestCount ? repo.selectReceived(db, locationId, ids, oldestCount, source) : [],
    loadPosUse(db, locationId, ctx.today, toPosGroups(groups), groupOfItem(groupRows), source),
  ]);
  addDeliveries(groups, groupRows, itemRows, received, inTransit);

  const terms = new Map(termRows.map((t) => [t.distributorId, t]));
  const orders = new Map<number, SuggestedOrder>();
  const unorderable: SuggestedOrdersResponse['unorderable'] = [];
  // The next two delivery dates per distributor, once: the time-zone reads behind them were most of a request's CPU (bench, issue 37).
  const datesOf = new Map<number | null, { schedule: DeliverySchedule; dates: string[] }>();
  const todayAtNow = getTodayInZone(now, ctx.timezone);
  // The clock changes the answer at a midnight (today, the POS window) or at a next delivery's cut-off.
  let validUntil = Math.min(getNextDayStartInZone(ctx.today, ctx.timezone), getNextDayStartInZone(todayAtNow, ctx.timezone));
  for (const group of groups) {
    const distributorId = group.chosen?.row.distributorId ?? null;
    let known = datesOf.get(distributorId);
    if (!known) {
      const account = distributorId === null ? undefined : terms.get(distributorId);
      const schedule: DeliverySchedule = {
        deliveryWeekdays: account?.deliveryWeekdays ?? [],
        orderCutoffTime: account?.orderCutoffTime ?? null,
        orderCutoffDaysBefore: account?.orderCutoffDaysBefore ?? 1,
      };
      known = { schedule, dates: listNextDeliveryDates(now, schedule, ctx.timezone, DELIVERY_LOOKAHEAD_DAYS, 2, todayAtNow) };
      datesOf.set(distributorId, known);
      validUntil = Math.min(validUntil, getNextDeliveryDatesEnd(known.dates, schedule, ctx.timezone, todayAtNow));
    }
    const { schedule, dates } = known;
    // Without delivery days the horizon is a week, the usual ordering rhythm.
    const nextDelivery = dates[0] ?? addDaysToIsoDate(ctx.today, 7);
    const deliveryAfterNext = dates[1] ?? addDaysToIsoDate(nextDelivery, 7);
    const lastCount = [...group.counts].sort((a, b) => b.date.localeCompare(a.date))[0] ?? null;
    const s = suggestGroupOrder({
      today: ctx.today,
      nextDelivery,
      deliveryAfterNext,
      unit: group.unit,
      par: group.par,
      lastCount,
      receivedSinceCount: lastCount
        ? group.receipts.filter((r) => r.date > lastCount.date).reduce((sum, r) => sum + r.quantity, 0)
        : 0,
      inTransit: group.inTransit,
      inTransitArrival: group.inTransitArrival,
      inCart: ignoreCart ? 0 : group.inCart,
      posUse: pos.use.get(group.id) ?? null,
      posSkipped: pos.skipped.get(group.id) ?? null,
      countsUse: measureWeekdayUse(group.counts, group.receipts),
      pack: group.chosen?.pack ?? null,
    });
    if (!group.chosen || distributorId === null) {
      if (s.need > 0) unorderable.push({ genericGroupId: group.id, group: group.name, explanation: s.explanation });
      continue;
    }
    if (s.orderUnits === 0) continue;
    let order = orders.get(distributorId);
    if (!order) {
      order = {
        distributorId,
        distributor: group.chosen.row.distributor,
        nextDeliveryDate: dates[0] ?? null,
        orderBy: dates[0] ? getOrderByText(dates[0], schedule, ctx.timezone) : null,
        lines: [],
      };
      orders.set(distributorId, order);
    }
    order.lines.push({
      genericGroupId: group.id,
      group: group.name,
      itemDistributorId: group.chosen.row.itemDistributorId,
      item: group.chosen.row.name,
      packSize: group.chosen.packSize,
      cases: s.orderUnits,
      caseContent: toUnit(s.orderUnitContent),
      expectedUse: toUnit(s.expectedUse),
      onHand: toUnit(s.onHand),
      inTransit: toUnit(s.inTransit),
      inCart: toUnit(s.inCart),
      par: toUnit(s.par),
      need: toUnit(s.need),
      unit: group.unit,
      basis: s.basis,
      explanation: s.explanation,
      cheaper: toCheaper(group, s.need),
    });
  }
  const cartQuantities = new Map(itemRows.map((row) => [row.itemDistributorId, row.cartQuantity]));
  const data = [...orders.values()].sort((a, b) => a.distributor.localeCompare(b.distributor));
  return { data, unorderable, cartQuantities, groupCount: groups.length, validUntil };
}

/** computeSuggestions' answer kept per location (suggestions-kept.ts): shared between requests, never change it. */
export function getSuggestions(
  db: Database,
  locationId: number,
  now: number,
  { ignoreCart = false, session }: { ignoreCart?: boolean; session?: SuggestionState | null } = {},
): Promise<Suggestions> {
  return getKeptAnswer(
    db,
    locationId,
    ignoreCart ? 'empty-cart' : 'cart',
    now,
    (d, refresh) => computeSuggestions(d, locationId, now, { ignoreCart, refresh }),
    async (d) => {
      await Promise.all([getLocationContext(d, locationId), ensureSuggestionDays(d, locationId)]);
    },
    session,
  );
}

// Each kept answer's JSON, written once: the zod encode of a ~56 KB answer cost more than serving it.
// A Buffer, so its compressed bytes are kept with it too (compressed-answers.ts).
const answerTexts = new WeakMap<Suggestions, Buffer>();

/** GET suggested-orders as JSON text, from the kept answer (the route sends it as is). */
export async function getSuggestedOrdersText(
  db: Database,
  locationId: number,
  now = Date.now(),
  session?: SuggestionState | null,
): Promise<Buffer> {
  const kept = await getSuggestions(db, locationId, now, { session });
  let text = answerTexts.get(kept);
  if (text === undefined) {
    const { data, unorderable, groupCount } = kept;
    const answer = { data, unorderable, groupCount } satisfies SuggestedOrdersResponse;
    answerTexts.set(kept, (text = Buffer.from(JSON.stringify(answer))));
  }
  return text;
}

/** GET suggested-orders (`source` 'scan': computed from the history itself, the aggregates' reference, never kept). */
export async function getSuggestedOrders(
  db: Database,
  locationId: number,
  now = Date.now(),
  source: HistorySource = 'aggregate',
): Promise<SuggestedOrdersResponse> {
  const { data, unorderable, groupCount } =
    source === 'scan' ? await computeSuggestions(db, locationId, now, { source }) : await getSuggestions(db, locationId, now);
  return { data, unorderable, groupCount };
}

/**
 * POST suggested-orders/add-to-cart: the distributor's suggested lines (or the groups named) go to
 * the cart on top of what it already holds, through the cart's save; the answer is the cart.
 */
export async function addSuggestedToCart(
  db: Database,
  locationId: number,
  userId: number,
  body: { distributorId: number; genericGroupIds?: number[]; quantities?: { genericGroupId: number; cases: number }[] },
): Promise<z.infer<typeof cartUpdateResponseSchema>> {
  // The cart's version before reading it: a line someone changes meanwhile is reported, not overwritten.
  const lastModified = await readCartVersion(db, locationId);
  const { data, cartQuantities } = await getSuggestions(db, locationId, Date.now());
  const order = data.find((o) => o.distributorId === body.distributorId);
  if (!order) {
    const accounts = await repo.selectDistributorTerms(db, locationId);
    if (!accounts.some((a) => a.distributorId === body.distributorId)) throw notFound('Distributor');
    throw badRequest('Nothing is suggested for this distributor right now: every group has enough on hand or on the way.');
  }
  const wanted = body.genericGroupIds ? new Set(body.genericGroupIds) : null;
  const lines = wanted ? order.lines.filter((line) => wanted.has(line.genericGroupId)) : order.lines;
  if (lines.length === 0) {
    throw badRequest(
      `None of those groups has a suggested order from ${order.distributor}; reload the suggestions and try again.`,
    );
  }
  const chosen = new Map((body.quantities ?? []).map((q) => [q.genericGroupId, q.cases]));
  const choices = lines.map((line) => ({
    genericGroupId: line.genericGroupId,
    group: line.group,
    itemDistributorId: line.itemDistributorId,
    suggested: line.cases,
    ordered: chosen.get(line.genericGroupId) ?? line.cases,
  }));
  // Two groups may suggest the same item: their cases add up on one cart line.
  const quantities = new Map<number, number>();
  for (const choice of choices) {
    const current = quantities.get(choice.itemDistributorId) ?? cartQuantities.get(choice.itemDistributorId) ?? 0;
    quantities.set(choice.itemDistributorId, current + choice.ordered);
  }
  const itemList = [...quantities].map(([itemDistributorId, quantity]) => ({ itemDistributorId, quantity }));
  return db.transaction(async (tx) => {
    // Answered as a whole cart (the save's default), never as changes.
    const cart = (await saveCart(tx, locationId, userId, { itemList, lastModified })) as z.infer<typeof cartUpdateResponseSchema>;
    // A line someone changed meanwhile was not written: no choice is kept for it.
    const conflicts = new Set(cart.sameModifiedItems.map((item) => item.itemDistributorId));
    await insertChoices(
      tx,
      locationId,
      userId,
      choices.filter((c) => !conflicts.has(c.itemDistributorId)),
    );
    return cart;
  });
}
