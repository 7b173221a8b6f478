import { useMemo, useState } from 'react';
import { Alert, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatIsoDate, formatMoney, type FoodCostAnswer } from '@stockpot/domain';
import { LoadFailed } from '../../../ui/load-failed';
import { useFoodCost } from '../api/pos-api';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Basis points as a percent with 2 decimals ("31.25%"). */
const percent = (basisPoints: number | null) => (basisPoints === null ? '—' : `${(basisPoints / 100).toFixed(2)}%`);

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

function Comparison({ data }: { data: FoodCostAnswer }) {
  const points = data.variancePercent === null ? null : (data.variancePercent / 100).toFixed(2);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Sales from {formatIsoDate(data.period.bgn_date)} to {formatIsoDate(data.period.end_date)}: {formatMoney(data.sales)}
      </Text>
      <SimpleGrid cols={3}>
        <Figure
          label="Theoretical food cost"
          value={formatMoney(data.theoretical)}
          detail={`${percent(data.theoreticalPercent)} of sales`}
        />
        <Figure
          label="Actual food cost"
          value={data.actual === null ? 'Not available' : formatMoney(data.actual)}
          detail={data.actual === null ? undefined : `${percent(data.actualPercent)} of sales`}
        />
        <Figure
          label="Variance"
          value={data.variance === null ? 'Not available' : formatMoney(data.variance)}
          detail={points === null ? undefined : `${points} points of sales`}
        />
      </SimpleGrid>
      {data.beginningInventory && data.endingInventory && data.purchases !== null ? (
        <Text size="sm" c="dimmed">
          Actual = inventory of {formatIsoDate(data.beginningInventory.date)} ({formatMoney(data.beginningInventory.value)}) +
          purchases received {formatMoney(data.purchases)} − inventory of {formatIsoDate(data.endingInventory.date)} (
          {formatMoney(data.endingInventory.value)})
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Complete an inventory at the start and at the end of the period to see the actual food cost.
        </Text>
      )}
      {data.unassignedItems > 0 && (
        <Text size="sm" c="dimmed">
          {data.unassignedItems === 1 ? '1 menu item' : `${data.unassignedItems} menu items`} sold in the period have no recipe:
          their cost is missing from the theoretical food cost.
        </Text>
      )}
      {data.itemsOverTarget.length > 0 && (
        <Alert color="orange" title={`Menu items above the ${percent(data.itemTargetPercent)} food cost target`}>
          <List size="sm">
            {data.itemsOverTarget.map((item) => (
              <List.Item key={item.item_name}>
                {item.item_name}: {percent(item.foodCostPercent)} of what it sold for
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {data.isOverThreshold && (
        <Alert color="red" title="Food cost variance above target" role="alert">
          Actual food cost is {points} points of sales above theoretical (target: at most{' '}
          {(data.thresholdPercent / 100).toFixed(0)} points). Check waste, portioning, theft and unrecorded invoices.
        </Alert>
      )}
    </Stack>
  );
}

/** Theoretical (recipes × sales) against actual (inventories and purchases) food cost for a range. */
export function FoodCostPanel({ today }: { today: string }) {
  const [bgnDate, setBgnDate] = useState(() => addDays(today, -30));
  const [endDate, setEndDate] = useState(() => addDays(today, -1));
  const range = useMemo(
    () => (ISO.test(bgnDate) && ISO.test(endDate) && bgnDate <= endDate ? { bgnDate, endDate } : null),
    [bgnDate, endDate],
  );
  const foodCost = useFoodCost(range);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="food-cost-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="food-cost-title">
          Theoretical vs actual food cost
        </Title>
        <Group>
          <TextInput type="date" label="Start Date" value={bgnDate} onChange={(e) => setBgnDate(e.currentTarget.value)} />
          <TextInput type="date" label="End Date" value={endDate} onChange={(e) => setEndDate(e.currentTarget.value)} />
        </Group>
        {range === null ? (
          <Text c="dimmed">Choose a start date and an end date on or after it.</Text>
        ) : foodCost.isPending ? (
          <Skeleton height={120} aria-label="Loading food cost" />
        ) : foodCost.isError ? (
          <LoadFailed title="The food cost could not be loaded." onRetry={() => void foodCost.refetch()} />
        ) : (
          <Comparison data={foodCost.data} />
        )}
      </Stack>
    </Paper>
  );
}
