import { Link } from 'react-router';
import { Anchor, Button, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatIsoDate, formatMoney } from '@stockpot/domain';
import { useLocationToday } from '../../../lib/use-location-today';
import { LoadFailed } from '../../../ui/load-failed';
import { usePosDates } from '../api/pos-api';
import { FoodCostPanel } from '../components/food-cost-panel';
import { ImportSalesButton } from '../components/import-sales-button';

/** /pos: days with Total Sales and See Details (doc 2 §2), the import and the food cost comparison. */
export function PosDatesPage() {
  const today = useLocationToday();
  const dates = usePosDates();
  const rows = dates.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>POS</Title>
        <ImportSalesButton />
      </Group>
      <FoodCostPanel today={today} />
      {dates.isPending ? (
        <Stack aria-busy="true" aria-label="Loading sales">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : dates.isError ? (
        <LoadFailed title="The sales could not be loaded." onRetry={() => void dates.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No sales yet. Import a sales export from Toast or Square.</Text>
      ) : (
        <>
          <Table striped highlightOnHover aria-label="Sales by day">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Total Sales</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Details</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.date}>
                  <Table.Td>{formatIsoDate(row.date)}</Table.Td>
                  <Table.Td>{formatMoney(row.total)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/pos/${row.date}`} aria-label={`See Details of ${formatIsoDate(row.date)}`}>
                      See Details
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {dates.hasNextPage && (
            <Button variant="default" loading={dates.isFetchingNextPage} onClick={() => void dates.fetchNextPage()}>
              Load more days
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
