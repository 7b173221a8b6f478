import { useState } from 'react';
import { Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { ANALYTICS_OTHER_CATEGORY as OTHER_CATEGORY, DEFAULT_ANALYTICS_PURCHASE_SORT, formatMoney } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { LoadFailed } from '../../../ui/load-failed';
import { useAnalyticsSummary, usePurchaseDetail } from '../api/analytics-api';
import { useTimeRange } from '../../../shared/time-range/time-range';
import { DetailTableCard } from '../components/detail-table-card';
import { AnalyticsBreadcrumb } from '../components/analytics-breadcrumb';
import { AnalyticsDonut, type Slice } from '../components/analytics-donut';
import { RangeTabs } from '../../../shared/time-range/range-tabs';
import classes from '../components/analytics.module.css';
import { SortableHeader } from './sortable-header';

type DrillDown = { kind: 'distributor'; id: number; name: string } | { kind: 'category'; name: string } | null;

/** /analytics/total-purchases: Distributors and Categories donuts with drill-down, and the purchased items table. */
export function TotalPurchasesPage() {
  usePageTitle('Total Purchases');
  const { range, setRange, search } = useTimeRange();
  const [sort, setSort] = useState<string>(DEFAULT_ANALYTICS_PURCHASE_SORT);
  const [drill, setDrill] = useState<DrillDown>(null);
  const summary = useAnalyticsSummary(range);
  const detail = usePurchaseDetail(range, {
    sort,
    distributorId: drill?.kind === 'distributor' ? drill.id : null,
    category: drill?.kind === 'category' ? drill.name : null,
  });
  const rows = detail.data?.pages.flatMap((page) => page.data) ?? [];
  const totalCount = detail.data?.pages.at(-1)?.meta.totalCount ?? 0;
  useLoadMoreOnScroll(Boolean(detail.hasNextPage), detail.isFetching, () => void detail.fetchNextPage(), rows.length);

  const distributorSlices: Slice[] = (summary.data?.total_purchases.detail.distributorData ?? []).map((d) => ({
    key: `d${d.distributor_id}`,
    name: d.distributor,
    value: d.total,
    color: d.color,
  }));
  const categorySlices: Slice[] = (summary.data?.total_purchases.detail.categoryData ?? []).map((c) => ({
    key: `c${c.category}`,
    name: c.category,
    value: c.total,
    color: c.color,
    info:
      c.category === OTHER_CATEGORY
        ? 'Delivery fees and amounts priced after ordering (special requests, receiving edits).'
        : undefined,
  }));
  const selectedKey = drill === null ? null : drill.kind === 'distributor' ? `d${drill.id}` : `c${drill.name}`;

  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <AnalyticsBreadcrumb title="Total Purchases" search={search} />
      <RangeTabs
        range={range}
        onChange={(next) => {
          setDrill(null);
          setRange(next);
        }}
      />
      {summary.isError ? (
        <LoadFailed title="The purchase totals could not be loaded." onRetry={() => void summary.refetch()} />
      ) : summary.isPending ? (
        <Group gap="lg" grow>
          <Skeleton h={260} radius="lg" />
          <Skeleton h={260} radius="lg" />
        </Group>
      ) : (
        <>
          <Text fw={700} fz="lg">
            Total Purchases: {formatMoney(summary.data.total_purchases.total)}
          </Text>
          <Group gap="lg" align="stretch" wrap="wrap">
            <AnalyticsDonut
              title="Distributors"
              chartLabel="Total Purchases"
              slices={distributorSlices}
              format={formatMoney}
              selectedKey={selectedKey}
              onSelect={(slice) => {
                const id = Number(slice.key.slice(1));
                setDrill(drill?.kind === 'distributor' && drill.id === id ? null : { kind: 'distributor', id, name: slice.name });
              }}
              emptyText="No purchases in this period."
            />
            <AnalyticsDonut
              title="Categories"
              chartLabel="Total Purchases"
              slices={categorySlices}
              format={formatMoney}
              selectedKey={selectedKey}
              onSelect={(slice) => {
                if (slice.name === OTHER_CATEGORY) return;
                setDrill(drill?.kind === 'category' && drill.name === slice.name ? null : { kind: 'category', name: slice.name });
              }}
              emptyText="No purchases in this period."
            />
          </Group>
        </>
      )}
      <DetailTableCard
        title="Purchased Items"
        filterLabel={
          drill && (
            <>
              {drill.kind === 'distributor' ? 'Distributor' : 'Category'}: {drill.name}
            </>
          )
        }
        clearLabel="Show all items"
        onClear={() => setDrill(null)}
        isError={detail.isError}
        errorTitle="The purchased items could not be loaded."
        onRetry={() => void detail.refetch()}
        minWidth={900}
        tableLabel="Purchased items"
        isPending={detail.isPending}
        isEmpty={rows.length === 0}
        columns={8}
        emptyText="No purchased items in this period."
        head={
          <>
            <Table.Th>
              <VisuallyHidden>Image</VisuallyHidden>
            </Table.Th>
            <SortableHeader label="Item Name" column="name" sort={sort} onSort={setSort} />
            <SortableHeader label="Distributor" column="distributor" sort={sort} onSort={setSort} />
            <Table.Th>Pack Size</Table.Th>
            <SortableHeader label="Total Qty Purchased" column="total_quantity" sort={sort} onSort={setSort} />
            <SortableHeader label="Total Amount Spent" column="tot_spent" sort={sort} onSort={setSort} />
            <Table.Th>Avg Price</Table.Th>
            <Table.Th>Best Price</Table.Th>
          </>
        }
        isFetchingNextPage={detail.isFetchingNextPage}
        loadingMoreLabel="Loading more items"
        footer={
          !detail.isPending &&
          rows.length > 0 && (
            <Text fz="xs" c="dimmed" mt="xs">
              Showing {rows.length} of {totalCount}
            </Text>
          )
        }
      >
        {rows.map((row, index) => (
          <Table.Tr key={`${row.item_distributor_id ?? row.name}-${row.distributor_id}-${index}`}>
            <Table.Td>{row.image_url ? <img src={row.image_url} alt="" className={classes.thumb} /> : null}</Table.Td>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{row.distributor}</Table.Td>
            <Table.Td>{row.pack_size}</Table.Td>
            <Table.Td>
              {row.total_quantity} {row.unit_measure}
            </Table.Td>
            <Table.Td>{formatMoney(row.tot_spent)}</Table.Td>
            <Table.Td>{formatMoney(row.average_price)}</Table.Td>
            <Table.Td>{formatMoney(row.best_price)}</Table.Td>
          </Table.Tr>
        ))}
      </DetailTableCard>
    </Stack>
  );
}
