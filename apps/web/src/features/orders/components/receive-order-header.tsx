/** The receive screen's header card: distributor, delivery date, the totals, and Show Details. */
import { useState } from 'react';
import { Button, Card, Collapse, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatIsoDateMdy, formatMoney, type OrderSummary, type ReceivingTotals } from '@stockpot/domain';

/** The order's figures as receiving has moved them (totals from computeReceivingTotals). */
export function ReceiveOrderHeader({ order, totals }: { order: OrderSummary; totals: ReceivingTotals }) {
  const [showDetails, setShowDetails] = useState(false);
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Text fw={700} fz="lg">
            {order.distributor}
          </Text>
          <Text size="sm" c="dimmed">
            Order #{order.id} · Delivery {formatIsoDateMdy(order.requestedDeliveryDate) || '—'}
          </Text>
        </Stack>
        <Button variant="subtle" size="xs" onClick={() => setShowDetails((v) => !v)} aria-expanded={showDetails}>
          {showDetails ? 'Hide Details' : 'Show Details'}
        </Button>
      </Group>
      <SimpleGrid cols={2} mt="sm" spacing="xs">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            On hand total
          </Text>
          <Text>{formatMoney(order.onHandTotal)}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Order total
          </Text>
          <Text aria-live="polite">{formatMoney(totals.newTotal)}</Text>
        </Stack>
      </SimpleGrid>
      <Collapse expanded={showDetails}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm" spacing="xs">
          <Text size="sm">Submitted {order.createTimeDisplay}</Text>
          <Text size="sm">{order.lineItems} line items</Text>
          <Text size="sm">Original {formatMoney(totals.originalTotal)}</Text>
          <Text size="sm">Rejected {formatMoney(totals.creditRefusal)}</Text>
          {order.notes && <Text size="sm">Notes: {order.notes}</Text>}
        </SimpleGrid>
      </Collapse>
    </Card>
  );
}
