import { useState } from 'react';
import { Badge, Button, Card, Group, Loader, Skeleton, Stack, Table, Text } from '@mantine/core';
import { DEFAULT_ANALYTICS_ORDER_SORT, formatIsoDateMdy, formatMoney, getAnalyticsOrderStatusLabel } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { LoadFailed } from '../../../ui/load-failed';
import { useAnalyticsSummary, useOrderDetail } from '../api/analytics-api';
import { useAnalyticsRange } from '../api/analytics-range';
import { TableBodyState } from '../components/table-body-state';
import { AnalyticsBreadcrumb } from '../components/analytics-breadcrumb';
import { AnalyticsDonut } from '../components/analytics-donut';
import { RangeTabs } from '../components/range-tabs';
import { SortableHeader } from './sortable-header';

/** /analytics/total-orders: Total Orders by distributor and the orders list with infinite scroll. */
export function TotalOrdersPage() {
  usePageTitle('Total Orders');
  const { range, setRange, search } = useAnalyticsRange();
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
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="sm">
          <Text fw={700} component="h2" fz="h4" m={0}>
            Orders
          </Text>
          {distributor && (
            <Group gap="xs">
              <Badge variant="light" size="lg">
                Distributor: {distributor.name}
              </Badge>
              <Button size="xs" variant="subtle" onClick={() => setDistributor(null)}>
                Show all orders
              </Button>
            </Group>
          )}
        </Group>
        {detail.isError ? (
          <LoadFailed title="The orders could not be loaded." onRetry={() => void detail.refetch()} />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover aria-label="Orders" aria-busy={detail.isPending}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order No</Table.Th>
                  <SortableHeader label="Order Date" column="order_date" sort={sort} onSort={setSort} />
                  <Table.Th>Delivery Date</Table.Th>
                  <Table.Th>Distributor</Table.Th>
                  <Table.Th>Line Items</Table.Th>
                  <SortableHeader label="Total Amount" column="tot_amount" sort={sort} onSort={setSort} />
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <TableBodyState
                  isPending={detail.isPending}
                  isEmpty={rows.length === 0}
                  columns={7}
                  emptyText="No orders in this period."
                />
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
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {detail.isFetchingNextPage && (
          <Group justify="center" p="sm">
            <Loader size="sm" role="status" aria-label="Loading more orders" />
          </Group>
        )}
      </Card>
    </Stack>
  );
}
