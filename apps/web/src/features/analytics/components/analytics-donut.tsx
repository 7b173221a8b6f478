import { ActionIcon, Card, Group, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { DonutChart } from '@mantine/charts';
import { IconInfoCircle } from '@tabler/icons-react';
import classes from './analytics.module.css';

export interface Slice {
  key: string;
  name: string;
  value: number;
  color: string;
  /** Shown in the legend's info tooltip. */
  info?: string;
}

interface AnalyticsDonutProps {
  title: string;
  /** The centre text (doc 3 §2.4: 'Total Purchases'). */
  chartLabel: string;
  slices: Slice[];
  format: (value: number) => string;
  /** A clicked slice (or its legend entry) drills down; omitted for a donut without drill-down. */
  onSelect?: (slice: Slice) => void;
  selectedKey?: string | null;
  emptyText: string;
}

/** A donut with its legend; each legend entry is a button when slices drill down, so keyboards reach them too. */
export function AnalyticsDonut({ title, chartLabel, slices, format, onSelect, selectedKey, emptyText }: AnalyticsDonutProps) {
  const visible = slices.filter((slice) => slice.value > 0);
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.donutCard}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {slices.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {emptyText}
        </Text>
      ) : (
        <Group align="center" gap="xl" wrap="wrap">
          {visible.length === 0 ? (
            <Text c="dimmed" fz="sm" w={200} ta="center">
              {emptyText}
            </Text>
          ) : (
            <div role="img" aria-label={`${title}: ${visible.map((s) => `${s.name} ${format(s.value)}`).join(', ')}`}>
              <DonutChart
                data={visible.map((slice) => ({ name: slice.name, value: slice.value, color: slice.color }))}
                chartLabel={chartLabel}
                size={200}
                thickness={28}
                withTooltip
                tooltipDataSource="segment"
                valueFormatter={format}
                pieProps={
                  onSelect
                    ? {
                        onClick: (_data: unknown, index: number) => {
                          const slice = visible[index];
                          if (slice) onSelect(slice);
                        },
                        cursor: 'pointer',
                      }
                    : undefined
                }
              />
            </div>
          )}
          <Stack gap={6} className={classes.legend}>
            {slices.map((slice) => {
              const content = (
                <Group gap={8} wrap="nowrap">
                  <span className={classes.swatch} style={{ background: slice.color }} aria-hidden />
                  <Text fz="sm" className={classes.legendName}>
                    {slice.name}
                  </Text>
                  <Text fz="sm" fw={600}>
                    {format(slice.value)}
                  </Text>
                  {slice.info && (
                    <Tooltip label={slice.info} multiline w={260} withArrow>
                      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`About ${slice.name}: ${slice.info}`}>
                        <IconInfoCircle size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              );
              return onSelect && slice.value > 0 ? (
                <UnstyledButton
                  key={slice.key}
                  onClick={() => onSelect(slice)}
                  className={classes.legendButton}
                  aria-pressed={selectedKey === slice.key}
                  aria-label={`Show ${slice.name}`}
                >
                  {content}
                </UnstyledButton>
              ) : (
                <div key={slice.key}>{content}</div>
              );
            })}
          </Stack>
        </Group>
      )}
    </Card>
  );
}
