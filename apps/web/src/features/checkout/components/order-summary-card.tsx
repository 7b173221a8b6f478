import type { ReactNode } from 'react';
import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@stockpot/domain';
import type { CartGroup } from '../order-lines';

function Row({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={isStrong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={isStrong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

/** The summary card of a distributor's order; the savings figure is hardcoded to $0.00 (doc 1 §9). */
export function OrderSummaryCard({ group, children, headingId }: { group: CartGroup; children?: ReactNode; headingId?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Title order={3} fz="md" id={headingId}>
          Order summary
        </Title>
        <Row label="Line items" value={String(group.lines.length)} />
        <Row label="Items" value={String(group.itemCount)} />
        <Row label="Rebates" value={formatMoney(group.totalRebates)} />
        <Row label="Savings" value={formatMoney(0)} />
        <Divider />
        <Row label="Total" value={group.totalText} isStrong />
        {children}
      </Stack>
    </Card>
  );
}
