/**
 * Issue 32's savings checks, shared by the demo API test (savings-units.test.ts) and the chain-scale
 * run (`npm run verify:chain-savings`): every savings figure equals the sum of the lines GET
 * analytics/savings-lines lists, and no savings suggestion is dearer per unit than the item it
 * replaces. Each check answers its problems as readable lines (empty when all holds), so a test
 * asserts `toEqual([])` and the script prints them location by location.
 */
import {
  analyticsResponseSchema,
  analyticsSavingsLinesResponseSchema,
  analyticsSuggestionSchema,
  getSaleBaseUnitPrice,
  tryCompareUnitPrices,
  type AnalyticsSavingsLine,
  type AnalyticsSuggestion,
} from '@stockpot/domain';

/** A GET under /api/v1 as one signed-in user (app.inject in tests and in the script). */
export type ApiGet = (url: string) => Promise<{ statusCode: number; json: () => unknown }>;

/** An offer's pack as the suggestion check reads it from item_distributors. */
export interface OfferPack {
  pack_size: string;
  unit_measure: string;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

async function getOk(get: ApiGet, url: string): Promise<unknown> {
  const response = await get(url);
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
  return response.json();
}

/** Every savings line of a range, page by page, and the total every page states (one figure, or a problem). */
export async function listAllSavingsLines(
  get: ApiGet,
  filter: string,
): Promise<{ lines: AnalyticsSavingsLine[]; total: number; problems: string[] }> {
  const lines: AnalyticsSavingsLine[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page++) {
    const body = analyticsSavingsLinesResponseSchema.parse(
      await getOk(get, `/analytics/savings-lines?${filter}&limit=100&page=${page}`),
    );
    lines.push(...body.data);
    totals.add(body.total);
    if (page >= body._meta.pageCount) break;
  }
  const problems =
    totals.size === 1 ? [] : [`${filter}: the pages of savings-lines state different totals (${[...totals].join(', ')})`];
  return { lines, total: [...totals][0] ?? 0, problems };
}

/** The savings figures of a range against their lines: total, each kind, and each compared line's sign and units. */
export async function checkSavingsAddUp(get: ApiGet, filter: string): Promise<{ lineCount: number; problems: string[] }> {
  const figures = analyticsResponseSchema.parse(
    ((await getOk(get, `/analytics?${filter}`)) as { data: unknown }).data,
  ).total_savings;
  const { lines, total, problems } = await listAllSavingsLines(get, filter);
  if (total !== figures.total)
    problems.push(`${filter}: savings-lines total ${total} ≠ analytics total savings ${figures.total}`);
  const lineSum = sum(lines.map((line) => line.saving));
  if (lineSum !== figures.total) problems.push(`${filter}: the lines add up to ${lineSum}, analytics shows ${figures.total}`);
  for (const { name, amount } of figures.detail) {
    const typedSum = sum(lines.filter((line) => line.type === name).map((line) => line.saving));
    if (typedSum !== amount) problems.push(`${filter}: ${name} lines add up to ${typedSum}, analytics shows ${amount}`);
  }
  for (const line of lines.filter((l) => l.type === 'distributorSavings' || l.type === 'inventoryViewSavings')) {
    // a saving is what the dearer alternative would have cost more, per unit of one kind
    const where = `${filter}: ${line.type} line of item-distributor ${line.itemDistributorId}`;
    if (!(line.saving > 0)) problems.push(`${where} saves ${line.saving}`);
    if (line.unit === null) problems.push(`${where} has no unit`);
    if (line.comparedUnitPrice === null || line.paidUnitPrice === null || line.comparedUnitPrice < line.paidUnitPrice) {
      problems.push(`${where} compares ${line.comparedUnitPrice} with a paid ${line.paidUnitPrice} per unit`);
    }
  }
  return { lineCount: lines.length, problems };
}

/** Every savings suggestion of the user's active location, page by page. */
export async function listAllSuggestions(get: ApiGet): Promise<AnalyticsSuggestion[]> {
  const suggestions: AnalyticsSuggestion[] = [];
  for (let page = 1; ; page++) {
    const body = (await getOk(get, `/analytics/savings-suggestions?size=50&page=${page}`)) as {
      data: unknown[];
      _meta: { pageCount: number };
    };
    suggestions.push(...body.data.map((row) => analyticsSuggestionSchema.parse(row)));
    if (page >= body._meta.pageCount) break;
  }
  return suggestions;
}

/** Each suggestion recomputed per unit from both offers' packs: never dearer, never a non-positive saving. */
export function checkSuggestionsNeverDearer(suggestions: AnalyticsSuggestion[], offers: Map<number, OfferPack>): string[] {
  const problems: string[] = [];
  for (const s of suggestions) {
    const mine = offers.get(s.itemDistributorId);
    const better = offers.get(s.betterItemDistributorId);
    if (!mine || !better) {
      problems.push(`${s.name}: an offer of the suggestion is missing`);
      continue;
    }
    const minePerUnit = getSaleBaseUnitPrice(s.price, mine.unit_measure, mine.pack_size);
    const betterPerUnit = getSaleBaseUnitPrice(s.betterPrice, better.unit_measure, better.pack_size);
    if (!(minePerUnit && betterPerUnit && tryCompareUnitPrices(betterPerUnit, minePerUnit) === -1)) {
      problems.push(
        `${s.name}: ${better.pack_size} at ${s.betterPrice} is not cheaper per unit than ${mine.pack_size} at ${s.price}`,
      );
    }
    if (s.betterUnitPrice > s.unitPrice) problems.push(`${s.name}: shown per-unit price ${s.betterUnitPrice} > ${s.unitPrice}`);
    if (!(s.savingsPerCase > 0)) problems.push(`${s.name}: saves ${s.savingsPerCase} a case`);
  }
  return problems;
}

/** The ids a suggestion list names, for reading their packs. */
export const suggestionOfferIds = (suggestions: AnalyticsSuggestion[]): number[] =>
  suggestions.flatMap((s) => [s.itemDistributorId, s.betterItemDistributorId]);
