import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { formatIsoDateMdy, formatMoney, getOrderStatusDisplay, type OrderSummary } from '@stockpot/domain';

/** The order id of the route, or NaN when it is not a number. */
export function useRouteOrderId(): number {
  const { id } = useParams();
  return /^\d+$/.test(id ?? '') ? Number(id) : Number.NaN;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** The order's header: distributor, number, dates, status and totals (doc 3 §2.5 /order-history/{id}). */
export function OrderHeader({ order, actions }: { order: OrderSummary; actions?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Stack gap={2}>
          <Title order={2} fz="h3">
            {order.distributor}
          </Title>
          <Text size="sm" c="dimmed">
            Order #{order.id}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge variant="dot" c="dark.8" tt="none">
            {getOrderStatusDisplay(order.status)}
          </Badge>
          {actions}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Field label="Submitted">{order.createTimeDisplay}</Field>
        <Field label="Delivery">{formatIsoDateMdy(order.requestedDeliveryDate) || '—'}</Field>
        <Field label="Invoice No">{order.customInvoiceId ?? '—'}</Field>
        <Field label="Line items">{order.lineItems}</Field>
        {order.creditRefusal > 0 && <Field label="Ordered">{formatMoney(order.orderedTotal)}</Field>}
        {order.creditRefusal > 0 && <Field label="Credit (rejected)">{formatMoney(order.creditRefusal)}</Field>}
        <Field label="Total">{formatMoney(order.total)}</Field>
      </SimpleGrid>
    </Card>
  );
}

export function OrderLoading({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label}>
      <Skeleton h={120} radius="md" />
      <Skeleton h={64} radius="md" />
      <Skeleton h={64} radius="md" />
    </Stack>
  );
}
