import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  describePriceAnalytics,
  formatMoney,
  getGroupUnitName,
  formatPriceAnalyticsTick,
  hasPriceAnalytics,
  PRICE_ANALYTICS_EMPTY_TEXT,
  type GenericGroup,
} from '@stockpot/domain';
import { readText, STORAGE_KEYS, writeText } from '../../../lib/storage';
import { LoadFailed } from '../../../ui/load-failed';
import { useGroupPriceAnalytics, useInventoryLists } from '../api/inventory-queries';
import { PriceHistoryChart } from '../components/price-history-chart';

function GroupPriceChart({ group }: { group: GenericGroup }) {
  const points = group.analytics ?? [];
  const unit = getGroupUnitName(group);
  const headingId = `price-analytics-${group.id}`;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="md" id={headingId} mb="sm">
        {group.name}
      </Title>
      {hasPriceAnalytics(points) ? (
        <div
          role="img"
          aria-label={`${describePriceAnalytics(unit)}, by month: ${points
            .map(
              (point) =>
                `${formatPriceAnalyticsTick(point.startDate)} ${point.price === null ? 'none' : formatMoney(point.price)}`,
            )
            .join(', ')}`}
        >
          <PriceHistoryChart points={points} unit={unit} />
        </div>
      ) : (
        <Text c="dimmed" fz="sm">
          {PRICE_ANALYTICS_EMPTY_TEXT}
        </Text>
      )}
    </Card>
  );
}

/**
 * /place-order/inventory/analytics (doc 2 §2): the price history of every generic group of the
 * chosen inventory list over the last 12 months, one line chart each (MM/YY ticks).
 */
export function InventoryAnalyticsPage() {
  const lists = useInventoryLists();
  const [chosenId, setChosenId] = useState<number | null>(() => Number(readText(STORAGE_KEYS.inventoryListId)) || null);
  const all = lists.data ?? [];
  const listId = all.find((list) => list.id === chosenId)?.id ?? all[0]?.id ?? null;
  const groups = useGroupPriceAnalytics(listId);

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <Group justify="space-between" align="end" wrap="wrap" gap="sm">
        <div>
          <Anchor component={Link} to="/place-order/inventory" fz="sm">
            Back to Inventory
          </Anchor>
          <Title order={1} fz="h2">
            Price Analytics
          </Title>
        </div>
        <Select
          label="Inventory list"
          data={all.map((list) => ({ value: String(list.id), label: list.name }))}
          value={listId === null ? null : String(listId)}
          onChange={(value) => {
            if (!value) return;
            setChosenId(Number(value));
            writeText(STORAGE_KEYS.inventoryListId, value);
          }}
          allowDeselect={false}
          w={240}
        />
      </Group>
      {lists.isError || groups.isError ? (
        <LoadFailed
          title="The price analytics could not be loaded"
          onRetry={() => void (lists.isError ? lists.refetch() : groups.refetch())}
        />
      ) : lists.isPending || (listId !== null && groups.isPending) ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} role="status" aria-label="Loading price analytics">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} h={260} radius="md" />
          ))}
        </SimpleGrid>
      ) : (groups.data?.data.length ?? 0) === 0 ? (
        <Text c="dimmed">{PRICE_ANALYTICS_EMPTY_TEXT}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {groups.data!.data.map((group) => (
            <GroupPriceChart key={group.id} group={group} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
