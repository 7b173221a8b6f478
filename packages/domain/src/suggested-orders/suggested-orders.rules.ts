/**
 * The suggested quantity of a generic group (issue 37 "The model"): expected use until the
 * delivery after next + par − on hand − on the way − in the cart, rounded up to whole order units
 * of the item to buy, never negative. Every quantity is in hundredths of the group's unit (the
 * figures shown), so the explanation's numbers add up exactly to the answer beside them.
 */
import { getIsoWeekday } from '../checkout/checkout.rules';
import { describeBusiestDays, sumExpectedUse, type CountPoint, type WeekdayUse } from './expected-use.rules';

export type SuggestionBasis = 'pos' | 'counts' | 'par';

const WEEKDAY_LONG = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** What one order unit of the item to buy holds. */
export interface OrderPack {
  /** One case's content in hundredths of the group's unit; above 0. */
  caseContent: number;
  /** Units per case when the distributor splits the case (sells the inner units); null otherwise. */
  splitUnits: number | null;
  /** Priced per pound with a case weight that varies: the content is the average weight. */
  isCatchWeight: boolean;
}

export interface GroupSuggestionInput {
  /** The location's today and the next two delivery dates (YYYY-MM-DD). */
  today: string;
  nextDelivery: string;
  deliveryAfterNext: string;
  /** The group's unit name ("lb", "case"). */
  unit: string;
  par: number;
  /** The last completed count (hundredths), null when never counted. */
  lastCount: CountPoint | null;
  /** Received into the group after the last count. */
  receivedSinceCount: number;
  /** On orders placed and not yet received, and when the first of them arrives. */
  inTransit: number;
  inTransitArrival: string | null;
  /** Already in the cart for this group. */
  inCart: number;
  /** Theoretical use from POS × recipes, with the sales it comes from ("41 burgers a day"). */
  posUse: { byWeekday: WeekdayUse; salesText: string } | null;
  /** Why the group has no POS basis though recipes use it (a quantity that does not convert), said in the explanation. */
  posSkipped?: string | null;
  /** Use measured between counts. */
  countsUse: WeekdayUse | null;
  /** The item to order; null when nothing in the group can be ordered. */
  pack: OrderPack | null;
}

export interface GroupSuggestion {
  basis: SuggestionBasis;
  expectedUse: number;
  usedSinceCount: number;
  onHand: number;
  inTransit: number;
  inCart: number;
  par: number;
  /** expectedUse + par − onHand − inTransit − inCart (may be negative: enough on hand). */
  need: number;
  /** Whole order units (cases, or split units) to order, never negative. */
  orderUnits: number;
  /** One order unit's content in hundredths of the group's unit (0 without a pack). */
  orderUnitContent: number;
  explanation: string;
}

/** The basis of issue 37: POS where recipes and sales exist, else counts (two or more), else par alone. */
export function chooseBasis(input: Pick<GroupSuggestionInput, 'posUse' | 'countsUse'>): {
  basis: SuggestionBasis;
  use: WeekdayUse | null;
} {
  if (input.posUse && input.posUse.byWeekday.some((u) => u > 0)) return { basis: 'pos', use: input.posUse.byWeekday };
  if (input.countsUse) return { basis: 'counts', use: input.countsUse };
  return { basis: 'par', use: null };
}

/** One order unit's content: a case, or one split unit of it. */
export function getOrderUnitContent(pack: OrderPack): number {
  return pack.splitUnits && pack.splitUnits > 1 ? pack.caseContent / pack.splitUnits : pack.caseContent;
}

/** Whole order units that cover `need` (ceil), 0 when nothing is needed or the pack holds nothing. */
export function roundUpToOrderUnits(need: number, pack: OrderPack): number {
  const content = getOrderUnitContent(pack);
  if (need <= 0 || !(content > 0)) return 0;
  // need and content are hundredths; a tiny epsilon keeps 30 / 10 from reading as 3.0000001.
  return Math.ceil(need / content - 1e-9);
}

/** Hundredths as the figure shown: "3.2", "18", "0.05". */
export function formatQuantity(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(Math.round(hundredths));
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

const weekdayOf = (date: string) => WEEKDAY_LONG[getIsoWeekday(date) - 1];
/** "Friday 11/27": the weekday a buyer plans by, and the date to tell two Fridays apart. */
const dayAndDate = (date: string) => `${weekdayOf(date)} ${date.slice(5, 7)}/${date.slice(8, 10)}`;

/** The suggestion for one group (issue 37), with its arithmetic in words. */
export function suggestGroupOrder(input: GroupSuggestionInput): GroupSuggestion {
  const { basis, use } = chooseBasis(input);
  const expectedUse = use ? sumExpectedUse(use, input.today, input.deliveryAfterNext) : 0;
  const count = input.lastCount;
  const usedSinceCount = use && count && count.date < input.today ? sumExpectedUse(use, count.date, input.today) : 0;
  // On hand cannot go below nothing: a count older than the use it outlived means the shelf is empty.
  const onHand = count ? Math.max(0, count.onHand + input.receivedSinceCount - usedSinceCount) : 0;
  const need = expectedUse + input.par - onHand - input.inTransit - input.inCart;
  const orderUnits = input.pack ? roundUpToOrderUnits(need, input.pack) : 0;
  const orderUnitContent = input.pack ? Math.round(getOrderUnitContent(input.pack)) : 0;
  const suggestion: Omit<GroupSuggestion, 'explanation'> = {
    basis,
    expectedUse,
    usedSinceCount,
    onHand,
    inTransit: input.inTransit,
    inCart: input.inCart,
    par: input.par,
    need,
    orderUnits,
    orderUnitContent,
  };
  return { ...suggestion, explanation: explainSuggestion(input, suggestion, use) };
}

function describeUse(input: GroupSuggestionInput, basis: SuggestionBasis, use: WeekdayUse | null): string {
  const q = (h: number) => `${formatQuantity(h)} ${input.unit}`;
  const notPos = basis !== 'pos' && input.posSkipped ? ` (not from POS: ${input.posSkipped})` : '';
  if (!use) return `no POS sales or count history yet, so par alone${notPos}`;
  const average = Math.round(use.reduce((a, b) => a + b, 0) / 7);
  const busiest = describeBusiestDays(use);
  const peak = busiest ? `, ${q(Math.max(...use))} a day on ${busiest}` : '';
  const source = basis === 'pos' ? ` from ${input.posUse?.salesText || 'POS sales'} × recipes` : ' measured between counts';
  return `uses ${q(average)} a day on average${peak}${source}${notPos}`;
}

function explainSuggestion(input: GroupSuggestionInput, s: Omit<GroupSuggestion, 'explanation'>, use: WeekdayUse | null): string {
  const q = (h: number) => `${formatQuantity(h)} ${input.unit}`;
  const parts = [describeUse(input, s.basis, use)];
  if (use) parts.push(`${q(s.expectedUse)} until the delivery after next (${dayAndDate(input.deliveryAfterNext)})`);
  const count = input.lastCount;
  if (!count) parts.push('never counted, so 0 on hand');
  else {
    const received = input.receivedSinceCount > 0 ? ` + ${q(input.receivedSinceCount)} received` : '';
    const used = s.usedSinceCount > 0 ? ` − ${q(s.usedSinceCount)} used since` : '';
    const floor = count.onHand + input.receivedSinceCount - s.usedSinceCount < 0 ? ', not below 0' : '';
    parts.push(`${q(s.onHand)} on hand (counted ${q(count.onHand)} on ${dayAndDate(count.date)}${received}${used}${floor})`);
  }
  if (s.inTransit > 0) {
    const when = input.inTransitArrival ? ` ${weekdayOf(input.inTransitArrival)}` : '';
    parts.push(`${q(s.inTransit)} arriving${when}`);
  }
  if (s.inCart > 0) parts.push(`${q(s.inCart)} already in the cart`);
  parts.push(`par ${q(s.par)}`);
  const needText = `needs ${q(Math.max(0, s.need))}`;
  if (!input.pack) return `${parts.join('; ')} → ${needText}, but nothing in this group can be ordered`;
  if (s.orderUnits === 0) return `${parts.join('; ')} → enough on hand, nothing to order`;
  const about = input.pack.isCatchWeight ? 'about ' : '';
  const isSplit = input.pack.splitUnits !== null && input.pack.splitUnits > 1;
  const noun = isSplit ? (s.orderUnits === 1 ? 'split unit' : 'split units') : s.orderUnits === 1 ? 'case' : 'cases';
  // A group counted in cases needs no "of 1 case".
  const content = input.unit === 'case' && !isSplit ? '' : ` of ${about}${q(s.orderUnitContent)}`;
  return `${parts.join('; ')} → ${needText} → ${s.orderUnits} ${noun}${content}`;
}
