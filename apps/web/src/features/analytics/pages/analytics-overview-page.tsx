import { Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatIsoDateMdy, formatMoney } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { LoadFailed } from '../../../ui/load-failed';
import { useAnalyticsSummary } from '../api/analytics-api';
import { isRangeReady, useTimeRange } from '../../../shared/time-range/time-range';
import { ItemLookup } from '../components/item-lookup';
import { RangeTabs } from '../../../shared/time-range/range-tabs';
import { SideLists } from '../components/side-lists';
import classes from '../components/analytics.module.css';

function HeadlineFigure({ label, value, to, isLoading }: { label: string; value: string; to: string; isLoading: boolean }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component={Link}
      to={to}
      className={classes.figure}
      aria-label={`${label}: ${isLoading ? 'loading' : value}. Open ${label}`}
    >
      <Text fz="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      {isLoading ? (
        <Skeleton h={34} w={140} mt={4} />
      ) : (
        <Text fz={28} fw={800}>
          {value}
        </Text>
      )}
      <Text fz="xs" c="var(--mantine-primary-color-filled)" td="underline" mt={4}>
        View details →
      </Text>
    </Card>
  );
}

/** /analytics: the three headline figures for a time filter, Item Lookup and the two side lists (doc 3 §2.4). */
export function AnalyticsOverviewPage() {
  usePageTitle('Analytics');
  const { range, setRange, search } = useTimeRange();
  const summary = useAnalyticsSummary(range);
  const data = summary.data;
  const isLoading = isRangeReady(range) && summary.isPending;
  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <RangeTabs range={range} onChange={setRange} />
      {summary.isError ? (
        <LoadFailed title="The analytics could not be loaded." onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <Group gap="lg" align="stretch" wrap="wrap" aria-label="Highlights" role="group">
            <HeadlineFigure
              label="Total Purchases"
              value={formatMoney(data?.total_purchases.total ?? 0)}
              to={`/analytics/total-purchases${search}`}
              isLoading={isLoading}
            />
            <HeadlineFigure
              label="Total Orders"
              value={String(data?.total_orders.total ?? 0)}
              to={`/analytics/total-orders${search}`}
              isLoading={isLoading}
            />
            <HeadlineFigure
              label="Total Savings"
              value={formatMoney(data?.total_savings.total ?? 0)}
              to={`/analytics/total-savings${search}`}
              isLoading={isLoading}
            />
          </Group>
          {data && (
            <Text fz="sm" c="dimmed">
              {formatIsoDateMdy(data.start_date)} – {formatIsoDateMdy(data.end_date)}
            </Text>
          )}
        </>
      )}
      <ItemLookup range={range} />
      <SideLists />
    </Stack>
  );
}
