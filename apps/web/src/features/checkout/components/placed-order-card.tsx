import { Card, Stack, Text } from '@mantine/core';
import { formatMoney, type OrderSummary } from '@stockpot/domain';
import { PurchaseOrderDocuments } from './purchase-order-documents';

/** What an order just placed says while its thank-you dialog is open: number, distributor, total, documents. */
export function PlacedOrderCard({ placed }: { placed: OrderSummary }) {
  return (
    <Card withBorder radius="md" padding="lg" role="status">
      <Stack gap="xs">
        <Text fw={600}>
          Order #{placed.id} to {placed.distributor} placed: {formatMoney(placed.total)}.
        </Text>
        <PurchaseOrderDocuments placed={placed} />
      </Stack>
    </Card>
  );
}
