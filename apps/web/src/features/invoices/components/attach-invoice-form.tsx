import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { WaitingInvoice } from '@stockpot/domain';
import { useAttachInvoice } from '../api/attach-invoice';

/**
 * Attach an invoice matched to no order (ordered by phone, say) to the order it belongs to, by the
 * order number. The server checks the order is this location's, of the invoice's distributor and
 * not cancelled, and says so when it is not.
 */
export function AttachInvoiceForm({ item }: { item: WaitingInvoice & { invoiceId: number } }) {
  const attach = useAttachInvoice();
  const [orderId, setOrderId] = useState<string | number>('');
  const name = item.invoiceNumber ?? item.fileName;
  const chosen = typeof orderId === 'number' && Number.isInteger(orderId) && orderId > 0 ? orderId : null;
  return (
    <Stack
      gap={2}
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen !== null) attach.mutate({ invoiceId: item.invoiceId, orderId: chosen });
      }}
    >
      <Group gap={6} align="flex-end" wrap="nowrap">
        <NumberInput
          label="Attach to order number"
          size="xs"
          w={150}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          value={orderId}
          onChange={setOrderId}
        />
        <Button
          type="submit"
          size="xs"
          variant="default"
          loading={attach.isPending}
          disabled={chosen === null}
          aria-label={`Attach invoice ${name} to the order`}
        >
          Attach
        </Button>
      </Group>
      {attach.isError && (
        <Text size="xs" c="red.8" role="alert" maw={260}>
          {attach.error.message}
        </Text>
      )}
    </Stack>
  );
}
