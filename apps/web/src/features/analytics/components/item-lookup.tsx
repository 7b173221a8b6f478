import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import {
  DEFAULT_ITEM_LIST_FILTERS,
  ITEM_LOOKUP_LOAD_THRESHOLD_PX,
  ITEM_STATS_NO_PURCHASES,
  NO_RESULTS_TEXT,
  NO_RESULTS_TIPS,
  countActiveFilters,
  formatIsoDateMdy,
  formatMoney,
  type AnalyticsLookupItem,
  type ItemListFilters,
} from '@stockpot/domain';
import { LoadFailed } from '../../../ui/load-failed';
import { useItemLookup, useItemStats } from '../api/analytics-api';
import type { TimeRange } from '../../../shared/time-range/time-range';
import classes from './analytics.module.css';

const FiltersModal = lazy(() => import('../../../shell/filters/filters-modal').then((m) => ({ default: m.FiltersModal })));

/** Item Lookup (doc 3 §2.4): search, the shared filters modal, results in a 400 px box, 'Show Stats'. */
export function ItemLookup({ range }: { range: TimeRange }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const [filters, setFilters] = useState<ItemListFilters>(DEFAULT_ITEM_LIST_FILTERS);
  const [isFiltersOpen, setIsFiltersOpen] = useState(false);
  const [statsItem, setStatsItem] = useState<AnalyticsLookupItem | null>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const activeFilters = countActiveFilters(filters);
  const isAsked = search !== null || activeFilters > 0;
  const lookup = useItemLookup(search ?? '', filters, range, isAsked);
  const rows = lookup.data?.pages.flatMap((page) => page.data) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(text.trim());
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        Item Lookup
      </Title>
      <form onSubmit={submit} role="search" aria-label="Item Lookup">
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            label="Search items"
            placeholder="Enter SKU, Item # or Item Name"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: 1 }}
            maxLength={200}
          />
          <Button type="submit">Search</Button>
          <Button variant="default" leftSection={<IconFilter size={16} aria-hidden />} onClick={() => setIsFiltersOpen(true)}>
            Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
          </Button>
        </Group>
      </form>
      {isFiltersOpen && (
        <Suspense fallback={null}>
          <FiltersModal opened onClose={() => setIsFiltersOpen(false)} value={filters} onApply={setFilters} />
        </Suspense>
      )}
      {isAsked && (
        <div className={classes.lookupBox} style={{ marginTop: 12 }}>
          {lookup.isPending ? (
            <Group gap="xs" p="md">
              <Loader size="sm" />
              <Text fz="sm">Looking up items…</Text>
            </Group>
          ) : lookup.isError ? (
            <LoadFailed title="The items could not be looked up." onRetry={() => void lookup.refetch()} />
          ) : rows.length === 0 ? (
            <Stack gap={4} p="md">
              <Text fw={600}>{NO_RESULTS_TEXT}</Text>
              <List size="sm">
                {NO_RESULTS_TIPS.map((tip) => (
                  <List.Item key={tip}>{tip}</List.Item>
                ))}
              </List>
            </Stack>
          ) : (
            <ScrollArea
              h={400}
              viewportRef={viewportRef}
              onScrollPositionChange={({ y }) => {
                const viewport = viewportRef.current;
                if (!viewport) return;
                const distance = viewport.scrollHeight - (y + viewport.clientHeight);
                if (distance <= ITEM_LOOKUP_LOAD_THRESHOLD_PX && lookup.hasNextPage && !lookup.isFetchingNextPage) {
                  void lookup.fetchNextPage();
                }
              }}
            >
              <ul aria-label="Items found" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {rows.map((item) => (
                  <li key={item.itemDistributorId}>
                    <Group
                      justify="space-between"
                      wrap="nowrap"
                      py={8}
                      px={4}
                      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                    >
                      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                        {item.imageUrl ? <img src={item.imageUrl} alt="" className={classes.thumb} /> : null}
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text fz="sm" fw={600}>
                            {item.description}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {[item.brand, item.distributor, item.packSize, `#${item.din}`].filter(Boolean).join(' · ')}
                          </Text>
                        </Stack>
                      </Group>
                      <Group gap="sm" wrap="nowrap">
                        {item.isPurchased && (
                          <Badge variant="outline" color="dark">
                            Purchased
                          </Badge>
                        )}
                        <Text fz="sm">{formatMoney(item.price)}</Text>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setStatsItem(item)}
                          aria-label={`Show Stats for ${item.description} (${item.distributor})`}
                        >
                          Show Stats
                        </Button>
                      </Group>
                    </Group>
                  </li>
                ))}
              </ul>
              {lookup.isFetchingNextPage && (
                <Group justify="center" p="xs">
                  <Loader size="xs" />
                </Group>
              )}
            </ScrollArea>
          )}
        </div>
      )}
      <ItemStatsModal item={statsItem} range={range} onClose={() => setStatsItem(null)} />
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Stack>
  );
}

/** 'Show Stats': the item summary and a spline price chart for the page's time filter. */
function ItemStatsModal({ item, range, onClose }: { item: AnalyticsLookupItem | null; range: TimeRange; onClose: () => void }) {
  const stats = useItemStats(item?.itemDistributorId ?? null, range);
  const data = stats.data;
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title="Item Stats"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close Item Stats' }}
    >
      {stats.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text fz="sm">Loading the item's stats…</Text>
        </Group>
      ) : stats.isError || !data ? (
        <LoadFailed title="The item's stats could not be loaded." onRetry={() => void stats.refetch()} />
      ) : (
        <Stack gap="md">
          <div>
            <Text fz="sm" c="dimmed">
              {data.itemData.brand}
            </Text>
            <Text fw={700}>{data.itemData.name}</Text>
          </div>
          {data.itemData.num_cases === 0 ? (
            // Four $0.00 figures would read as a free item: say it was not bought instead.
            <Stack gap={2}>
              <Text fw={600}>{ITEM_STATS_NO_PURCHASES}</Text>
              <Text c="dimmed" fz="sm">
                {formatIsoDateMdy(data.start_date)} – {formatIsoDateMdy(data.end_date)}
              </Text>
            </Stack>
          ) : (
            <SimpleGrid cols={4}>
              <Figure label="Average Price" value={formatMoney(data.itemData.average_price)} />
              <Figure label="Best Price" value={formatMoney(data.itemData.best_price)} />
              <Figure label="Number of Cases" value={String(data.itemData.num_cases)} />
              <Figure label="Total Spent per Item" value={formatMoney(data.itemData.total_purchases)} />
            </SimpleGrid>
          )}
          {data.statistics.categories.length > 0 && (
            <div
              role="img"
              aria-label={`Price per purchase day: ${data.statistics.categories.map((day, i) => `${formatIsoDateMdy(day)} ${formatMoney(data.statistics.series[0].data[i])}`).join(', ')}`}
            >
              <LineChart
                h={240}
                data={data.statistics.categories.map((day, i) => ({
                  day: formatIsoDateMdy(day),
                  price: data.statistics.series[0].data[i] / 100,
                }))}
                dataKey="day"
                series={[{ name: 'price', label: 'Average Price', color: 'teal.6' }]}
                curveType="natural"
                valueFormatter={(value) => formatMoney(Math.round(value * 100))}
                withDots
              />
            </div>
          )}
        </Stack>
      )}
    </Modal>
  );
}
