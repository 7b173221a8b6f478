import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SAVINGS_TYPE_INFO, formatMoney, getSliceColor, type SavingsType } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { LoadFailed } from '../../../ui/load-failed';
import { useAnalyticsSummary } from '../api/analytics-api';
import { useTimeRange } from '../../../shared/time-range/time-range';
import { AnalyticsBreadcrumb } from '../components/analytics-breadcrumb';
import { AnalyticsDonut } from '../components/analytics-donut';
import { RangeTabs } from '../../../shared/time-range/range-tabs';
import { SavingsLinesModal, type SavingsFigure } from '../components/savings-lines-modal';

/** /analytics/total-savings: the donut with the total in the centre and the savings types' legend with info tooltips. */
export function TotalSavingsPage() {
  usePageTitle('Total Savings');
  const { range, setRange, search } = useTimeRange();
  const summary = useAnalyticsSummary(range);
  const savings = summary.data?.total_savings;
  const [figure, setFigure] = useState<SavingsFigure | null>(null);
  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <AnalyticsBreadcrumb title="Total Savings" search={search} />
      <RangeTabs range={range} onChange={setRange} />
      {summary.isError ? (
        <LoadFailed title="The savings could not be loaded." onRetry={() => void summary.refetch()} />
      ) : summary.isPending || !savings ? (
        <Skeleton h={260} radius="lg" />
      ) : (
        <>
          <Text fw={700} fz="lg">
            Total Savings: {formatMoney(savings.total)}
          </Text>
          <AnalyticsDonut
            title="Savings by type"
            chartLabel={formatMoney(savings.total)}
            slices={savings.detail.map((entry, index) => {
              const info = SAVINGS_TYPE_INFO[entry.name as SavingsType];
              return {
                key: entry.name,
                name: info?.label ?? entry.name,
                value: entry.amount,
                color: getSliceColor(index),
                info: info?.info,
              };
            })}
            format={formatMoney}
            emptyText="No savings in this period."
          />
          <Group gap="xs" aria-label="See the lines a figure adds up" role="group">
            <Button variant="light" onClick={() => setFigure({ type: null, label: 'Total Savings', amount: savings.total })}>
              See the lines of Total Savings
            </Button>
            {savings.detail
              .filter((entry) => entry.amount !== 0)
              .map((entry) => {
                const label = SAVINGS_TYPE_INFO[entry.name as SavingsType]?.label ?? entry.name;
                return (
                  <Button
                    key={entry.name}
                    variant="subtle"
                    onClick={() => setFigure({ type: entry.name as SavingsType, label, amount: entry.amount })}
                  >
                    See the lines of {label}
                  </Button>
                );
              })}
          </Group>
          <SavingsLinesModal figure={figure} range={range} onClose={() => setFigure(null)} />
        </>
      )}
    </Stack>
  );
}
