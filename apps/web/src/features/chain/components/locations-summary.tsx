import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Button, Card, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  CHAIN_LOCATIONS_PAGE_SIZE,
  formatIsoDateMdy,
  formatMoney,
  pageOf,
  sortChainLocations,
  type ChainLocationSortKey,
  type ChainSummary,
} from '@stockpot/domain';
import { SortHeader } from './sort-header';
import { TableBodyState } from '../../../shared/tables/table-body-state';

const COLUMNS: { key: ChainLocationSortKey; label: string; isMoney: boolean }[] = [
  { key: 'name', label: 'Location', isMoney: false },
  { key: 'totalPurchases', label: 'Total Purchases', isMoney: true },
  { key: 'totalOrders', label: 'Total Orders', isMoney: false },
  { key: 'totalSavings', label: 'Total Savings', isMoney: true },
];

function GroupFigure({ label, value, isLoading }: { label: string; value: string; isLoading: boolean }) {
  return (
    <Card withBorder radius="lg" padding="lg" miw={200} role="group" aria-label={`Group ${label}`}>
      <Text fz="sm" c="dimmed" fw={600}>
        Group {label}
      </Text>
      {isLoading ? (
        // As tall as the figure it stands for, so nothing below moves when the figures arrive.
        <Skeleton h={43} w={140} />
      ) : (
        <Text fz={28} fw={800}>
          {value}
        </Text>
      )}
    </Card>
  );
}

/**
 * The group's totals, then each location's figures as a sortable table (whose Total row is the
 * sum of its rows, on every page) and a bar chart of purchases and savings of the page's locations.
 * A large group pages: its 200 rows and bars at once blocked the page (CHAIN_LOCATIONS_PAGE_SIZE).
 */
export function LocationsSummary({
  summary,
  isPending,
  onExport,
}: {
  summary: ChainSummary | undefined;
  isPending: boolean;
  onExport: () => void;
}) {
  const [sort, setSort] = useState<{ key: ChainLocationSortKey; descending: boolean }>({
    key: 'totalPurchases',
    descending: true,
  });
  const [page, setPage] = useState(1);
  const rows = sortChainLocations(summary?.locations ?? [], sort.key, sort.descending);
  const shown = pageOf(rows, page, CHAIN_LOCATIONS_PAGE_SIZE);
  const totals = summary?.totals;
  const ranges = new Set(rows.map((r) => `${r.startDate}|${r.endDate}`));
  const chartData = shown.rows.map((r) => ({ name: r.name, Purchases: r.totalPurchases / 100, Savings: r.totalSavings / 100 }));
  return (
    <Stack gap="md">
      <Group gap="lg" align="stretch" wrap="wrap">
        <GroupFigure label="Total Purchases" value={formatMoney(totals?.totalPurchases ?? 0)} isLoading={isPending} />
        <GroupFigure label="Total Orders" value={String(totals?.totalOrders ?? 0)} isLoading={isPending} />
        <GroupFigure label="Total Savings" value={formatMoney(totals?.totalSavings ?? 0)} isLoading={isPending} />
      </Group>
      {isPending ? (
        <Skeleton h={22} w={200} aria-hidden />
      ) : (
        rows.length > 0 && (
          <Text fz="sm" c="dimmed">
            {ranges.size === 1
              ? `${formatIsoDateMdy(rows[0].startDate)} – ${formatIsoDateMdy(rows[0].endDate)}`
              : 'Each location’s range runs by its own time zone.'}
          </Text>
        )
      )}
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="h4">
            Locations
          </Title>
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={onExport}>
            Export locations (xlsx)
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label="Locations">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <SortHeader
                    key={column.key}
                    label={column.label}
                    align={column.key === 'name' ? undefined : 'right'}
                    direction={sort.key === column.key ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                    onSort={() => {
                      setPage(1);
                      setSort((current) =>
                        current.key === column.key
                          ? { key: column.key, descending: !current.descending }
                          : { key: column.key, descending: column.key !== 'name' },
                      );
                    }}
                  />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableBodyState isPending={isPending} isEmpty={rows.length === 0} columns={4} emptyText="No locations." />
              {shown.rows.map((row) => (
                <Table.Tr key={row.locationId}>
                  <Table.Th scope="row" fw={500}>
                    {row.name}
                  </Table.Th>
                  <Table.Td ta="right">{formatMoney(row.totalPurchases)}</Table.Td>
                  <Table.Td ta="right">{row.totalOrders}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.totalSavings)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            {totals && rows.length > 0 && (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">{shown.pageCount > 1 ? `Group total (all ${rows.length})` : 'Group total'}</Table.Th>
                  <Table.Th ta="right">{formatMoney(totals.totalPurchases)}</Table.Th>
                  <Table.Th ta="right">{totals.totalOrders}</Table.Th>
                  <Table.Th ta="right">{formatMoney(totals.totalSavings)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
        {shown.pageCount > 1 && (
          <Group justify="space-between" mt="sm">
            <Text fz="sm" c="dimmed">
              Locations {shown.first}–{shown.last} of {rows.length}
            </Text>
            <Pagination
              total={shown.pageCount}
              value={shown.page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page of locations` })}
              getItemProps={(item) => ({ 'aria-label': `Locations page ${item}` })}
            />
          </Group>
        )}
        {/* The chart's room is kept while the figures load: the cards below it do not jump (CLS). */}
        {isPending && <Skeleton mt="md" h={260} aria-hidden />}
        {rows.length > 0 && (
          <BarChart
            mt="md"
            h={260}
            data={chartData}
            dataKey="name"
            aria-label={
              shown.pageCount > 1
                ? `Purchases and savings per location, locations ${shown.first}–${shown.last}`
                : 'Purchases and savings per location'
            }
            role="img"
            series={[
              { name: 'Purchases', color: 'teal.6' },
              { name: 'Savings', color: 'yellow.6' },
            ]}
            withLegend
            valueFormatter={(value) => formatMoney(Math.round(value * 100))}
            yAxisProps={{ width: 110 }}
          />
        )}
      </Card>
    </Stack>
  );
}
