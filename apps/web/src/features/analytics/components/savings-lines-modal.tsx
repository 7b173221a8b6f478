import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import {
  SAVINGS_TYPE_INFO,
  formatIsoDateMdy,
  formatMoney,
  formatUnitPriceLabel,
  type AnalyticsSavingsLine,
  type SavingsType,
} from '@stockpot/domain';
import { LoadFailed } from '../../../ui/load-failed';
import { useSavingsLines } from '../api/analytics-api';
import type { TimeRange } from '../../../shared/time-range/time-range';
import { TableBodyState } from '../../../shared/tables/table-body-state';

/** What the modal shows: a savings type, or null for Total Savings (all four), with the figure it explains. */
export interface SavingsFigure {
  type: SavingsType | null;
  label: string;
  amount: number;
}

const perUnit = (price: number | null, unit: string | null) =>
  price === null || unit === null ? '—' : formatUnitPriceLabel({ unitPrice: price, unit });

function LineRow({ line }: { line: AnalyticsSavingsLine }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text fz="sm" fw={600}>
          {line.name}
        </Text>
        <Text fz="xs" c="dimmed">
          {[line.distributor, line.packSize, `${formatIsoDateMdy(line.orderDate)}, order #${line.orderId}`]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Table.Td>
      <Table.Td>{SAVINGS_TYPE_INFO[line.type].label}</Table.Td>
      <Table.Td ta="right">{perUnit(line.paidUnitPrice, line.unit)}</Table.Td>
      <Table.Td>
        <Text fz="sm">{perUnit(line.comparedUnitPrice, line.unit)}</Text>
        {line.comparedName && (
          <Text fz="xs" c="dimmed">
            {[line.comparedDistributor, line.comparedPackSize].filter(Boolean).join(' · ')}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{line.quantity ?? '—'}</Table.Td>
      <Table.Td ta="right" fw={700}>
        {formatMoney(line.saving)}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The lines a savings figure adds up (issue 32 "savings a buyer can check"): per line the item,
 * what was paid per unit, the per-unit price it was compared with, the quantity and the saving.
 */
export function SavingsLinesModal({
  figure,
  range,
  onClose,
}: {
  figure: SavingsFigure | null;
  range: TimeRange;
  onClose: () => void;
}) {
  const lines = useSavingsLines(range, figure?.type ?? null, figure !== null);
  const rows = lines.data?.pages.flatMap((page) => page.data) ?? [];
  const count = lines.data?.pages[0]?.meta.totalCount ?? 0;
  const title = figure ? `${figure.label}: the lines` : '';
  return (
    <Modal
      opened={figure !== null}
      onClose={onClose}
      title={title}
      size="80rem"
      centered
      closeButtonProps={{ 'aria-label': `Close ${title}` }}
    >
      {figure && (
        <Stack gap="sm">
          <Text fz="sm">
            {figure.label} {formatMoney(figure.amount)} is the sum of {lines.isPending ? '…' : count}{' '}
            {count === 1 ? 'line' : 'lines'}, biggest saving first. Prices per unit compare the same unit of the same kind.
          </Text>
          {lines.isError ? (
            <LoadFailed title="The lines could not be loaded." onRetry={() => void lines.refetch()} />
          ) : (
            <ScrollArea.Autosize mah="60vh">
              <Table aria-label={`${figure.label} lines`} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th ta="right">Paid per unit</Table.Th>
                    <Table.Th>Compared per unit</Table.Th>
                    <Table.Th ta="right">Quantity</Table.Th>
                    <Table.Th ta="right">Saving</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <TableBodyState
                    isPending={lines.isPending}
                    isEmpty={rows.length === 0}
                    columns={6}
                    emptyText="No savings in this period."
                  />
                  {rows.map((line, index) => (
                    <LineRow key={`${index}-${line.type}-${line.orderId}`} line={line} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          {lines.hasNextPage && (
            <Group justify="center">
              <Button variant="subtle" onClick={() => void lines.fetchNextPage()} loading={lines.isFetchingNextPage}>
                Load more lines
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
