import { Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import {
  describePriceAnalytics,
  formatIsoDateMdy,
  hasPriceAnalytics,
  PRICE_ANALYTICS_EMPTY_TEXT,
  truncateDescription,
  type GroupItem,
} from '@stockpot/domain';
import { LoadFailed } from '../../../ui/load-failed';
import { useItemHistory } from '../api/inventory-queries';
import { PriceHistoryChart } from './price-history-chart';

/** Up to 4 decimals, without trailing zeros: 2.25 cases, not 2.2500. */
const formatCases = (value: number) => String(Math.round(value * 10_000) / 10_000);

/**
 * An item's history (doc 2 §2 item cards, §7 historic-inventory and price analytics): its count in
 * the last 12 completed inventories with the cases ordered until the next count, and the average
 * price paid per the group's unit over the last 12 months.
 */
export function ItemHistoryModal({
  listId,
  groupId,
  item,
  unit,
  onClose,
}: {
  listId: number;
  groupId: number;
  item: GroupItem;
  /** The group's counting unit, which prices are per ("case", "lb"). */
  unit: string;
  onClose: () => void;
}) {
  const { counts, prices } = useItemHistory(listId, groupId, item.itemDistributorId!);
  const points = prices.data?.analytics ?? [];
  return (
    <Modal opened onClose={onClose} title={`History of ${truncateDescription(item.name)}`} size="lg" centered>
      <Stack gap="md">
        <section aria-labelledby="item-history-counts">
          <Title order={3} fz="h5" id="item-history-counts" mb={6}>
            Historic on hand
          </Title>
          {counts.isPending ? (
            <Loader size="sm" aria-label="Loading the historic on hand" />
          ) : counts.isError ? (
            <LoadFailed title="The historic on hand could not be loaded." onRetry={() => void counts.refetch()} />
          ) : counts.data.length === 0 ? (
            <Text c="dimmed">{PRICE_ANALYTICS_EMPTY_TEXT}</Text>
          ) : (
            <Table striped withTableBorder aria-labelledby="item-history-counts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Inventory date</Table.Th>
                  <Table.Th ta="right">On hand (cases)</Table.Th>
                  <Table.Th ta="right">Ordered until the next count</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {counts.data.map((row) => (
                  <Table.Tr key={row.startDate}>
                    <Table.Td>{formatIsoDateMdy(row.startDate)}</Table.Td>
                    <Table.Td ta="right">{formatCases(row.onHand)}</Table.Td>
                    <Table.Td ta="right">{formatCases(row.ordered)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </section>
        <section aria-labelledby="item-history-prices">
          <Title order={3} fz="h5" id="item-history-prices" mb={6}>
            Price paid, last 12 months
          </Title>
          {prices.isPending ? (
            <Loader size="sm" aria-label="Loading the price analytics" />
          ) : prices.isError ? (
            <LoadFailed title="The price analytics could not be loaded." onRetry={() => void prices.refetch()} />
          ) : hasPriceAnalytics(points) ? (
            <div role="img" aria-label={`${describePriceAnalytics(unit)} for ${item.name}, by month`}>
              <PriceHistoryChart points={points} unit={unit} />
            </div>
          ) : (
            <Text c="dimmed">{PRICE_ANALYTICS_EMPTY_TEXT}</Text>
          )}
        </section>
      </Stack>
    </Modal>
  );
}
