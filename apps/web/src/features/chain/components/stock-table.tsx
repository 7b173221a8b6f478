import { useState } from 'react';
import { Badge, Button, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  CHAIN_STOCK_LOCATION_COLUMNS,
  CHAIN_STOCK_PAGE_SIZE,
  formatMoney,
  pageOf,
  type ChainLocationSummary,
} from '@stockpot/domain';
import { LoadFailed } from '../../../ui/load-failed';
import { useChainStock } from '../api/chain-api';
import { TableBodyState } from '../../../shared/tables/table-body-state';

/**
 * Stock across locations (issue 39): each generic group two or more locations share by name, its
 * on-hand value in each location (Below par where it is) and the total, the sum of the row; a page
 * of names at a time, as the price variance pages. A large group shows its locations a few columns at
 * a time (CHAIN_STOCK_LOCATION_COLUMNS); the total still adds up every location.
 */
export function StockTable({ locations, onExport }: { locations: ChainLocationSummary[]; onExport: () => void }) {
  const [page, setPage] = useState(1);
  const stock = useChainStock(page, CHAIN_STOCK_PAGE_SIZE);
  const rows = stock.data?.data ?? [];
  const pageCount = stock.data?.meta.pageCount ?? 1;
  const [columnPage, setColumnPage] = useState(1);
  const columns = pageOf(locations, columnPage, CHAIN_STOCK_LOCATION_COLUMNS);
  const isWindowed = columns.pageCount > 1;
  return (
    <Card withBorder radius="lg" padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4">
          Stock across locations
        </Title>
        <Button variant="default" size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={onExport}>
          Export stock (xlsx)
        </Button>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        Inventory groups your locations share by name: the value on hand today, and where it is below par.
        {isWindowed && ' Total on hand adds up every location, shown or not.'}
      </Text>
      {isWindowed && (
        <Group gap="xs" mb="sm">
          <Button size="xs" variant="default" disabled={columns.page === 1} onClick={() => setColumnPage(columns.page - 1)}>
            Previous locations
          </Button>
          <Text fz="sm" aria-live="polite">
            Locations {columns.first}–{columns.last} of {locations.length}
          </Text>
          <Button
            size="xs"
            variant="default"
            disabled={columns.page === columns.pageCount}
            onClick={() => setColumnPage(columns.page + 1)}
          >
            Next locations
          </Button>
        </Group>
      )}
      {stock.isError ? (
        <LoadFailed title="The stock could not be loaded." onRetry={() => void stock.refetch()} />
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="Stock across locations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Group</Table.Th>
                  {columns.rows.map((l) => (
                    <Table.Th key={l.locationId} ta="right">
                      {l.name}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">{isWindowed ? `Total on hand (all ${locations.length})` : 'Total on hand'}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <TableBodyState
                  isPending={stock.isPending}
                  isEmpty={rows.length === 0}
                  columns={columns.rows.length + 2}
                  emptyText="No inventory group is shared by name across your locations yet."
                />
                {rows.map((row) => (
                  <Table.Tr key={row.name}>
                    <Table.Th scope="row" fw={500}>
                      {row.name}
                    </Table.Th>
                    {columns.rows.map((l) => {
                      const cell = row.locations.find((c) => c.locationId === l.locationId);
                      return (
                        <Table.Td key={l.locationId} ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {cell ? (
                            <Stack gap={2} align="flex-end">
                              {formatMoney(cell.onHandValue)}
                              {cell.isBelowPar && (
                                <Badge color="red" variant="light" size="sm" style={{ overflow: 'visible' }}>
                                  Below par
                                </Badge>
                              )}
                            </Stack>
                          ) : (
                            <Text c="dimmed" fz="sm" component="span">
                              Not stocked
                            </Text>
                          )}
                        </Table.Td>
                      );
                    })}
                    <Table.Td ta="right" fw={700}>
                      {formatMoney(row.totalOnHandValue)}
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
              getControlProps={(control) => ({ 'aria-label': `${control} stock page` })}
              getItemProps={(item) => ({ 'aria-label': `Stock page ${item}` })}
            />
          )}
        </Stack>
      )}
    </Card>
  );
}
