import { Group, Tabs, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { ANALYTICS_FILTER_TYPES, getCustomRangeProblem, type AnalyticsFilterType } from '@stockpot/domain';
import type { TimeRange } from './time-range';

/** The time filter tabs (doc 3 §2.4, §4): WEEKLY, MONTHLY, YEARLY, CUSTOM with Start Date and End Date pickers. */
export function RangeTabs({ range, onChange }: { range: TimeRange; onChange: (next: Partial<TimeRange>) => void }) {
  const problem =
    range.filterType === 'CUSTOM' && range.startDate && range.endDate
      ? getCustomRangeProblem(range.startDate, range.endDate)
      : null;
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Tabs
        value={range.filterType}
        onChange={(value) => value && onChange({ filterType: value as AnalyticsFilterType })}
        variant="pills"
        radius="xl"
      >
        <Tabs.List aria-label="Time period">
          {ANALYTICS_FILTER_TYPES.map((type) => (
            <Tabs.Tab key={type} value={type}>
              {type}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {range.filterType === 'CUSTOM' && (
        <Group gap="sm" align="flex-end">
          <DatePickerInput
            label="Start Date"
            placeholder="Pick a date"
            valueFormat="MM/DD/YYYY"
            value={range.startDate}
            onChange={(value) => onChange({ startDate: value ?? null })}
            maxDate={range.endDate ?? undefined}
            clearable
            w={160}
          />
          <DatePickerInput
            label="End Date"
            placeholder="Pick a date"
            valueFormat="MM/DD/YYYY"
            value={range.endDate}
            onChange={(value) => onChange({ endDate: value ?? null })}
            minDate={range.startDate ?? undefined}
            clearable
            w={160}
          />
        </Group>
      )}
      {range.filterType === 'CUSTOM' && (!range.startDate || !range.endDate) && (
        <Text fz="sm" c="dimmed">
          Choose a start and an end date.
        </Text>
      )}
      {problem && (
        <Text fz="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Group>
  );
}
