import { useState } from 'react';
import { Button, Card, Group, Menu, Pagination, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import {
  CHAIN_VARIANCE_PAGE_SIZE,
  formatMoney,
  formatUnitPrice,
  type ChainLocationSummary,
  type ChainVarianceRow,
  type ChainVarianceSort,
} from '@stockpot/domain';
import { LoadFailed } from '../../../ui/load-failed';
import { useChainVariance } from '../api/chain-api';
import type { TimeRange } from '../../../shared/time-range/time-range';
import { SortHeader } from './sort-header';
import { VarianceOffers } from './variance-offers';
import { TableBodyState } from '../../../shared/tables/table-body-state';

const directionOf = (sort: ChainVarianceSort, column: 'name' | 'would_have_saved') =>
  sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : 'none';

/** The offer a location bought (the cheapest first), else the row's own: what "Open in…" searches there. */
const dinFor = (row: ChainVarianceRow, locationId: number) =>
  row.offers.find((offer) => offer.locationIds.includes(locationId))?.din ?? row.din;

/** "12 CS", "1,834.92 FL OZ": units bought, in the unit the row's prices are per. */
const formatBought = (units: number, unit: string) => `${units.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${unit}`;

/**
 * Price variance (issue 39): the items — one offer, or matched equivalents from several offers —
 * the locations paid different prices for, biggest saving first. Prices are per the row's unit
 * (the case when every offer holds the same, else LB, FL OZ, EA or the can). "Would have saved" is
 * Paid − At lowest, and At lowest is Bought × Lowest, all shown beside it.
 */
export function PriceVarianceTable({
  range,
  locations,
  onOpen,
  onExport,
  isOpening,
}: {
  range: TimeRange;
  locations: ChainLocationSummary[];
  onOpen: (locationId: number, din: string) => void;
  onExport: () => void;
  isOpening: boolean;
}) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ChainVarianceSort>('-would_have_saved');
  const variance = useChainVariance(range, page, sort, CHAIN_VARIANCE_PAGE_SIZE);
  const rows = variance.data?.data ?? [];
  const pageCount = variance.data?.meta.pageCount ?? 1;
  const nameOf = (id: number) => locations.find((l) => l.locationId === id)?.name ?? '—';
  const sortBy = (column: 'name' | 'would_have_saved') => {
    setPage(1);
    setSort((current) =>
      current === `-${column}` ? column : current === column ? `-${column}` : column === 'name' ? 'name' : `-${column}`,
    );
  };
  return (
    <Card withBorder radius="lg" padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4">
          Price variance
        </Title>
        <Button variant="default" size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={onExport}>
          Export price variance (xlsx)
        </Button>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        The same item — or equivalent items from other offers, compared per unit — bought at different prices by your locations.
        Would have saved = Paid − At lowest (Bought × Lowest).
      </Text>
      {variance.isError ? (
        <LoadFailed title="The price variance could not be loaded." onRetry={() => void variance.refetch()} />
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover aria-label="Price variance">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader label="Item" direction={directionOf(sort, 'name')} onSort={() => sortBy('name')} />
                  <Table.Th ta="right">Lowest</Table.Th>
                  <Table.Th ta="right">Highest</Table.Th>
                  <Table.Th ta="right">Bought</Table.Th>
                  <Table.Th ta="right">Paid</Table.Th>
                  <Table.Th ta="right">At lowest</Table.Th>
                  <SortHeader
                    label="Would have saved"
                    align="right"
                    direction={directionOf(sort, 'would_have_saved')}
                    onSort={() => sortBy('would_have_saved')}
                  />
                  <Table.Th>
                    <VisuallyHidden>Open</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <TableBodyState
                  isPending={variance.isPending}
                  isEmpty={rows.length === 0}
                  columns={8}
                  emptyText="Your locations paid the same prices in this period."
                />
                {rows.map((row) => (
                  <Table.Tr key={row.itemDistributorId}>
                    <Table.Th scope="row" fw={500} miw={240}>
                      {row.name}
                      <Text fz="xs" c="dimmed">
                        {row.distributor} · {row.din} · {row.packSize}
                      </Text>
                      <VarianceOffers row={row} />
                    </Table.Th>
                    <Table.Td ta="right">
                      {formatUnitPrice(row.lowestUnitPrice)} / {row.unit}
                      <Text fz="xs" c="dimmed">
                        {nameOf(row.lowestLocationId)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {formatUnitPrice(row.highestUnitPrice)} / {row.unit}
                      <Text fz="xs" c="dimmed">
                        {nameOf(row.highestLocationId)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatBought(row.unitsBought, row.unit)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(row.totalPaid)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(row.costAtLowest)}</Table.Td>
                    <Table.Td ta="right" fw={700}>
                      {formatMoney(row.wouldHaveSaved)}
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <Button
                            size="xs"
                            variant="light"
                            loading={isOpening}
                            rightSection={<IconExternalLink size={14} aria-hidden />}
                            aria-label={`Open ${row.name} in a location's list`}
                          >
                            Open in…
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {locations.map((location) => (
                            <Menu.Item
                              key={location.locationId}
                              onClick={() => onOpen(location.locationId, dinFor(row, location.locationId))}
                            >
                              {location.name}
                            </Menu.Item>
                          ))}
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pageCount > 1 && (
            <Pagination
              total={pageCount}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </Stack>
      )}
    </Card>
  );
}
