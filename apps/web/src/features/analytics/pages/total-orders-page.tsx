import { useState } from 'react';
import { Skeleton, Stack, Table } from '@mantine/core';
import { DEFAULT_ANALYTICS_ORDER_SORT, formatIsoDateMdy, formatMoney, getAnalyticsOrderStatusLabel } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { LoadFailed } from '../../../ui/load-failed';
import { useAnalyticsSummary, useOrderDetail } from '../api/analytics-api';
import { useTimeRange } from '../../../shared/time-range/time-range';
import { DetailTableCard } from '../components/detail-table-card';
import { AnalyticsBreadcrumb } from '../components/analytics-breadcrumb';
import { AnalyticsDonut } from '../components/analytics-donut';
import { RangeTabs } from '../../../shared/time-range/range-tabs';
import { SortableHeader } from './sortable-header';

/** /analytics/total-orders: Total Orders by distributor and the orders list with infinite scroll. */
export function TotalOrdersPage() {
  usePageTitle('Total Orders');
  const { range, setRange, search } = useTimeRange();
  const [sort, setSort] = useState<string>(DEFAULT_ANALYTICS_ORDER_SORT);
  const [distributor, setDistributor] = useState<{ id: number; name: string } | null>(null);
  const summary = useAnalyticsSummary(range);
  const detail = useOrderDetail(range, { sort, distributorId: distributor?.id ?? null });
  const rows = detail.data?.pages.flatMap((page) => page.data) ?? [];
  useLoadMoreOnScroll(Boolean(detail.hasNextPage), detail.isFetching, () => void detail.fetchNextPage(), rows.length);
  const slices = (summary.data?.total_orders.detail.distributorData ?? []).map((d) => ({
    key: String(d.distributor_id),
    name: d.distributor,
    value: d.total,
    color: d.color,
  }));

  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <AnalyticsBreadcrumb title="Total Orders" search={search} />
      <RangeTabs
        range={range}
        onChange={(next) => {
          setDistributor(null);
          setRange(next);
        }}
      />
      {summary.isError ? (
        <LoadFailed title="The order totals could not be loaded." onRetry={() => void summary.refetch()} />
      ) : summary.isPending ? (
        <Skeleton h={260} radius="lg" />
      ) : (
        <AnalyticsDonut
          title={`Total Orders: ${summary.data.total_orders.total}`}
          chartLabel="Total Orders"
          slices={slices}
          format={(value) => String(value)}
          selectedKey={distributor ? String(distributor.id) : null}
          onSelect={(slice) => {
            const id = Number(slice.key);
            setDistributor(distributor?.id === id ? null : { id, name: slice.name });
          }}
          emptyText="No orders in this period."
        />
      )}
      <DetailTableCard
        title="Orders"
        filterLabel={distributor && <>Distributor: {distributor.name}</>}
        clearLabel="Show all orders"
        onClear={() => setDistributor(null)}
        isError={detail.isError}
        errorTitle="The orders could not be loaded."
        onRetry={() => void detail.refetch()}
        minWidth={760}
        tableLabel="Orders"
        isPending={detail.isPending}
        isEmpty={rows.length === 0}
        columns={7}
        emptyText="No orders in this period."
        head={
          <>
            <Table.Th>Order No</Table.Th>
            <SortableHeader label="Order Date" column="order_date" sort={sort} onSort={setSort} />
            <Table.Th>Delivery Date</Table.Th>
            <Table.Th>Distributor</Table.Th>
            <Table.Th>Line Items</Table.Th>
            <SortableHeader label="Total Amount" column="tot_amount" sort={sort} onSort={setSort} />
            <Table.Th>Status</Table.Th>
          </>
        }
        isFetchingNextPage={detail.isFetchingNextPage}
        loadingMoreLabel="Loading more orders"
      >
        {rows.map((row) => (
          <Table.Tr key={row.order_id}>
            <Table.Td>{row.order_id}</Table.Td>
            <Table.Td>{formatIsoDateMdy(row.order_date)}</Table.Td>
            <Table.Td>{formatIsoDateMdy(row.delivery_date)}</Table.Td>
            <Table.Td>{row.distributor}</Table.Td>
            <Table.Td>{row.line_items}</Table.Td>
            <Table.Td>{formatMoney(row.tot_amount)}</Table.Td>
            <Table.Td>{getAnalyticsOrderStatusLabel(row.status)}</Table.Td>
          </Table.Tr>
        ))}
      </DetailTableCard>
    </Stack>
  );
}
