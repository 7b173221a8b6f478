import { Button, Card, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatIsoDateMdy, formatMoney, formatUnitPriceLabel } from '@stockpot/domain';
import { LoadFailed } from '../../../ui/load-failed';
import { useLastPurchased, useSavingsSuggestions } from '../api/analytics-api';

interface PagedList<T> {
  data?: { pages: { data: T[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

function ListCard<T>({
  title,
  list,
  empty,
  render,
  getKey,
}: {
  title: string;
  list: PagedList<T>;
  empty: string;
  render: (row: T) => React.ReactNode;
  getKey: (row: T, index: number) => string;
}) {
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" style={{ flex: '1 1 360px', minWidth: 0 }}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={`Loading ${title}`}>
          <Skeleton h={44} />
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      ) : list.isError ? (
        <LoadFailed title={`${title} could not be loaded.`} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {empty}
        </Text>
      ) : (
        <Stack gap={0}>
          <ul aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((row, index) => (
              <li key={getKey(row, index)} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', padding: '8px 0' }}>
                {render(row)}
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <Group justify="center" mt="sm">
              <Button
                variant="subtle"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
                aria-label={`Load More ${title}`}
              >
                Load More
              </Button>
            </Group>
          )}
          {list.isFetchingNextPage && <Loader size="xs" aria-hidden />}
        </Stack>
      )}
    </Card>
  );
}

/** 'Items You Have Purchased' and 'Savings Suggestions', side by side, each with Load More (doc 3 §2.4). */
export function SideLists() {
  const purchased = useLastPurchased();
  const suggestions = useSavingsSuggestions();
  return (
    <Group align="stretch" gap="lg" wrap="wrap">
      <ListCard
        title="Items You Have Purchased"
        list={purchased}
        empty="No purchases yet. Items show here once you order them."
        getKey={(row, index) => `${row.itemDistributorId ?? row.name}-${index}`}
        render={(row) => (
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600}>
                {row.name}
              </Text>
              <Text fz="xs" c="dimmed">
                {[row.brand, row.distributor, row.packSize].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text fz="sm">
                {row.quantity} × {formatMoney(row.price)}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatIsoDateMdy(row.orderDate)}
              </Text>
            </Stack>
          </Group>
        )}
      />
      <ListCard
        title="Savings Suggestions"
        list={suggestions}
        empty="No savings to suggest: you already buy your items at your distributors' best price."
        getKey={(row) => String(row.itemDistributorId)}
        render={(row) => (
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600}>
                {row.name}
              </Text>
              <Text fz="xs" c="dimmed">
                {row.distributor} {formatMoney(row.price)} → {row.betterDistributor} {formatMoney(row.betterPrice)}
              </Text>
              <Text fz="xs" c="dimmed">
                Per unit: {formatUnitPriceLabel({ unitPrice: row.unitPrice, unit: row.unit })} →{' '}
                {formatUnitPriceLabel({ unitPrice: row.betterUnitPrice, unit: row.unit })}
              </Text>
            </Stack>
            <Text fz="sm" fw={700} c="var(--mantine-primary-color-filled)">
              Save {formatMoney(row.savingsPerCase)}/cs
            </Text>
          </Group>
        )}
      />
    </Group>
  );
}
