import {
  pageSharedStockNames,
  parseCents,
  summariseSharedStock,
  toPageMeta,
  type ChainStockRow,
  type PageMeta,
} from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { readChain, type Membership } from './chain-members';
import { keptChainText, stockSignature } from './chain-kept-texts';
import { listSharedGroups } from './chain-stock.repo';
import { getSharedGroupNames } from './chain-stock-names';
import { checkedStockVersion, readStockVersion } from './chain-versions';
import { createVersionedAnswers } from '../../platform/versioned-answers';

const keptPages = createVersionedAnswers<{ data: ChainStockRow[]; _meta: PageMeta }>(64);

/** How many stock pages were read rather than served (tests: a hit reads none). */
export function countStockPageReads(): number {
  return keptPages.computations;
}

/**
 * GET chain/stock (issue 39 "Stock across locations"): today's stock, so no time filter. Below par
 * is the inventory's own rule (the units core converts each item's cases into the group's unit).
 * A page at a time (200 locations share hundreds of names): the shared names are listed and sorted
 * first (kept per set of locations while no group changes: chain-stock-names.ts), then only the
 * page's groups and items are read; the page is then kept while its versions hold (chain-versions.ts).
 * Without paging (the export), every row, read each time.
 */
export async function listChainStock(
  db: Database,
  userId: number,
  paging?: { page: number; limit: number },
): Promise<{ data: ChainStockRow[]; _meta: PageMeta }> {
  const membership = await readChain(db, userId, 'stock');
  return paging ? readKeptPage(db, membership, paging) : readStockPage(db, membership.ids);
}

/** GET chain/stock's page as sent, kept while the membership's stamp and stock versions hold (chain-kept-texts). */
export async function getChainStockText(db: Database, userId: number, paging: { page: number; limit: number }): Promise<Buffer> {
  const membership = await readChain(db, userId, 'stock');
  return keptChainText(db, `stock|${userId}|${paging.page}x${paging.limit}`, stockSignature(membership), async () =>
    Buffer.from(JSON.stringify(await readKeptPage(db, membership, paging))),
  );
}

/** A page, kept per set of locations while their groups, packs and counts stay (0053, 0057). */
function readKeptPage(db: Database, membership: Membership, paging: { page: number; limit: number }) {
  const { ids } = membership;
  let groupVersion = '';
  return keptPages.get(
    db,
    `${membership.idsKey}#${paging.page}x${paging.limit}`,
    {
      version: async (tx) => {
        const read = await readStockVersion(tx, ids);
        groupVersion = read.groups;
        return `${read.groups}|${read.counts}`;
      },
      // On a miss, right after `version` read in the same snapshot: the names are kept under its group part.
      answer: async (tx) => {
        const names = await getSharedGroupNames(db, tx, ids, groupVersion);
        return readStockPage(tx, ids, pageSharedStockNames(names, paging.page, paging.limit), paging);
      },
    },
    checkedStockVersion(membership.check),
  );
}

/** The page's names' groups (or, with no page, every shared group) summed by name. */
async function readStockPage(
  db: Database,
  ids: readonly number[],
  { keys, totalCount }: { keys?: string[]; totalCount?: number } = {},
  paging?: { page: number; limit: number },
): Promise<{ data: ChainStockRow[]; _meta: PageMeta }> {
  const groups = keys && keys.length === 0 ? [] : await listSharedGroups(db, ids, keys);
  const data = summariseSharedStock(
    groups.map((g) => ({
      locationId: g.locationId,
      name: g.name,
      parLevel: parseCents(g.parLevel) / 100,
      unitId: g.unitId,
      onHandValue: Number(g.onHandValue),
      items: g.items.map((item) => ({ ...item, totalOnHand: Number(item.totalOnHand) })),
    })),
  );
  const page = paging ?? { page: 1, limit: Math.max(data.length, 1) };
  return { data, _meta: toPageMeta(totalCount ?? data.length, page.page, page.limit) };
}
