import { LineChart } from '@mantine/charts';
import { describePriceAnalytics, formatMoney, formatPriceAnalyticsTick, type GroupPriceAnalyticsPoint } from '@stockpot/domain';

/**
 * The average price paid per the group's unit by month (MM/YY ticks), of a group or of one item. The caller
 * wraps it in its own labelled figure. The price axis is wide enough for '$1,000.00': at recharts'
 * default width the dollar sign of three-digit prices was cut off.
 */
export function PriceHistoryChart({ points, unit }: { points: readonly GroupPriceAnalyticsPoint[]; unit: string }) {
  return (
    <LineChart
      h={200}
      data={points.map((point) => ({
        month: formatPriceAnalyticsTick(point.startDate),
        // Chart coordinates only: every figure shown goes back through formatMoney in cents.
        price: point.price === null ? null : point.price / 100,
      }))}
      dataKey="month"
      series={[{ name: 'price', label: describePriceAnalytics(unit), color: 'teal.6' }]}
      connectNulls
      withDots
      yAxisProps={{ width: 80 }}
      valueFormatter={(value) => formatMoney(Math.round(value * 100))}
    />
  );
}
