import { useState } from 'react';
import { Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { formatIsoDateMdy, formatMoney } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { LoadFailed } from '../../../ui/load-failed';
import { useCompleteReceiving, useOrder } from '../api/order-history-api';
import { OrderLoading, useRouteOrderId } from '../components/order-header';
import type { ReceiveNavigationState } from './receive-order-page';

function isReceiveState(value: unknown): value is ReceiveNavigationState {
  return typeof value === 'object' && value !== null && 'result' in value && 'itemList' in value;
}

/**
 * /order-history/receive/{id}/order-complete (doc 3 §2.5): the pre-reject result, an editable
 * invoice number and Complete receiving. Without a pre-reject result in the navigation state it goes
 * back to the receive screen.
 */
export function OrderCompletePage() {
  const orderId = useRouteOrderId();
  usePageTitle('Order Complete');
  const { state } = useLocation();
  const order = useOrder(orderId);
  if (Number.isNaN(orderId)) return <Navigate to="/order-history" replace />;
  if (!isReceiveState(state)) return <Navigate to={`/order-history/receive/${orderId}`} replace />;
  if (order.isPending) return <OrderLoading label="Loading the order" />;
  if (order.isError) return <LoadFailed title="This order could not be loaded" onRetry={() => void order.refetch()} />;
  return <OrderComplete orderId={orderId} state={state} initialInvoice={order.data.customInvoiceId ?? ''} />;
}

function OrderComplete({
  orderId,
  state,
  initialInvoice,
}: {
  orderId: number;
  state: ReceiveNavigationState;
  initialInvoice: string;
}) {
  const navigate = useNavigate();
  const complete = useCompleteReceiving(orderId);
  const [invoice, setInvoice] = useState(initialInvoice);
  const { result } = state;

  const submit = () =>
    complete.mutate(
      { customInvoiceId: invoice.trim() || null, itemList: state.itemList, items: state.items },
      { onSuccess: () => void navigate('/order-history') },
    );

  const rows: [string, string][] = [
    ['Distributor', result.distributor],
    ['Submission date', result.submission_date],
    ['Delivery date', formatIsoDateMdy(result.delivery_date) || '—'],
    ['Items', String(result.line_items)],
    ['Original total', formatMoney(result.original_total_price)],
    ['Total price of rejected items', formatMoney(result.credit_refusal)],
    ['New total', formatMoney(result.new_total_price)],
  ];
  return (
    <Stack gap="md" maw={640} w="100%" mx="auto">
      <Card withBorder radius="md" padding="md">
        <Title order={2} fz="h3" mb="sm">
          Order summary
        </Title>
        <Table aria-label="Order summary" variant="vertical" withRowBorders>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="55%">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <TextInput
          mt="md"
          label="Invoice number"
          value={invoice}
          maxLength={64}
          onChange={(e) => setInvoice(e.currentTarget.value)}
        />
      </Card>
      {complete.isError && (
        <Text c="red.8" role="alert">
          {isApiError(complete.error) ? complete.error.message : 'Receiving could not be completed. Please try again.'}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => void navigate(`/order-history/receive/${orderId}`)}>
          Back
        </Button>
        <Button size="md" onClick={submit} loading={complete.isPending}>
          Complete receiving
        </Button>
      </Group>
    </Stack>
  );
}
