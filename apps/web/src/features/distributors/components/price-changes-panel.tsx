import { useState } from 'react';
import { Badge, Button, Card, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { formatChangePercent, formatIsoDate, formatMoney, formatUnitPrice, type PriceChanges } from '@stockpot/domain';
import { LoadFailed } from '../../../ui/load-failed';
import { usePriceChanges } from '../api/use-distributors';

/** Rows shown before "Show all": a long guide can move hundreds of prices. */
const FIRST_ROWS = 10;

function summaryText({ summary, previousGuide }: PriceChanges): string {
  if (!previousGuide) return 'This is the first order guide from this distributor: there is nothing to compare it with yet.';
  const parts = [
    `${summary.up} ${summary.up === 1 ? 'price' : 'prices'} up`,
    `${summary.down} down`,
    `${summary.added} new ${summary.added === 1 ? 'item' : 'items'}`,
    `${summary.removed} no longer on the guide`,
  ];
  return `Since the order guide of ${formatIsoDate(previousGuide.startDate)}: ${parts.join(', ')}.`;
}

function ChangesTable({ changes }: { changes: PriceChanges['changes'] }) {
  return (
    <div tabIndex={0} role="region" aria-label="Price changes, scrollable" style={{ overflowX: 'auto' }}>
      <Table aria-label="Price changes" miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Pack</Table.Th>
            <Table.Th ta="right">Was</Table.Th>
            <Table.Th ta="right">Now</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => {
            const up = change.direction === 'up';
            const Icon = up ? IconArrowUpRight : IconArrowDownRight;
            return (
              <Table.Tr key={change.itemDistributorId}>
                <Table.Td>
                  {change.name}
                  <Text span c="dimmed" size="xs">{` · ${change.din}`}</Text>
                </Table.Td>
                <Table.Td>
                  {change.packSize}
                  {change.unitMeasure !== 'CS' ? ` (per ${change.unitMeasure})` : ''}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(change.beforeCents)}</Table.Td>
                <Table.Td ta="right">{formatMoney(change.afterCents)}</Table.Td>
                <Table.Td ta="right" c={up ? 'red.8' : 'green.8'}>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Icon size={16} aria-hidden />
                    <span>
                      {`${up ? 'Up' : 'Down'} ${formatMoney(Math.abs(change.changeCents))}`}
                      {change.changeBasisPoints !== null ? ` (${formatChangePercent(change.changeBasisPoints)})` : ''}
                    </span>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * Price-change alerts (issue 20, beyond the spec): what this order guide changed against the
 * previous one from the distributor, and the generic groups in which another option is now cheaper.
 */
export function PriceChangesPanel({ guideId }: { guideId: number }) {
  const query = usePriceChanges(guideId);
  const [showAll, setShowAll] = useState(false);

  let body;
  if (query.isError) body = <LoadFailed title="The price changes could not be loaded" onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Skeleton height={120} aria-label="Loading price changes" />;
  else {
    const data = query.data;
    const changeCount = data.summary.up + data.summary.down;
    const shown = showAll ? data.changes : data.changes.slice(0, FIRST_ROWS);
    body = (
      <Stack gap="sm">
        <Text>{summaryText(data)}</Text>
        {data.previousGuide && changeCount === 0 && <Text c="dimmed">No prices changed.</Text>}
        {shown.length > 0 && <ChangesTable changes={shown} />}
        {!showAll && data.changes.length > FIRST_ROWS && (
          <Button variant="subtle" onClick={() => setShowAll(true)} w="fit-content">
            {`Show all ${data.changes.length} price changes`}
          </Button>
        )}
        {changeCount > data.changes.length && showAll && (
          <Text c="dimmed" size="sm">{`The ${data.changes.length} biggest of ${changeCount} changes are listed.`}</Text>
        )}
        {data.cheaperGroups.length > 0 && (
          <section aria-label="Cheaper options">
            <Title order={3} size="h5" mb={4}>
              Cheaper options now
            </Title>
            <List spacing={4}>
              {data.cheaperGroups.map((group) => (
                <List.Item key={group.groupId}>
                  <Text span fw={600}>
                    {group.name}
                  </Text>
                  {`: ${group.cheaper.name} (${group.cheaper.distributorName}, ${group.cheaper.packSize}) costs `}
                  {`${formatUnitPrice(group.cheaper.unitPriceE4)}/${group.cheaper.unit} against `}
                  {`${formatUnitPrice(group.current.unitPriceE4)}/${group.current.unit} for ${group.current.name}. `}
                  <Badge
                    color="green"
                    variant="light"
                  >{`Save ${formatUnitPrice(group.savingsPerUnitE4)}/${group.cheaper.unit}`}</Badge>
                </List.Item>
              ))}
            </List>
          </section>
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder component="section" aria-labelledby="price-changes-title">
      <Title order={2} size="h4" id="price-changes-title" mb="xs">
        Price changes
      </Title>
      {body}
    </Card>
  );
}
