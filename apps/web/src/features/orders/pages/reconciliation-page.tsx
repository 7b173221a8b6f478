import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import {
  formatMoney,
  getReconciliationTotals,
  parsePriceCents,
  RECEIVED_STATUSES,
  RECONCILIATION_STATUS_LABELS,
  type ReconciliationResponse,
} from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { LoadFailed } from '../../../ui/load-failed';
import { useCloseCredit, useOrder, useReconciliation, useSaveInvoiceLines } from '../api/order-history-api';
import { OrderLoading, useRouteOrderId } from '../components/order-header';

type Line = ReconciliationResponse['lines'][number];
type Draft = Record<number, { quantity: string; price: string }>;

const CREDIT_STATUS: Record<ReconciliationResponse['creditStatus'], { label: string; color: string }> = {
  none: { label: 'Nothing owed', color: 'gray' },
  open: { label: 'Open', color: 'orange' },
  closed: { label: 'Closed', color: 'teal' },
};

const toDraft = (lines: Line[]): Draft =>
  Object.fromEntries(
    lines.map((line) => [
      line.orderItemId,
      {
        quantity: line.invoicedQuantity === null ? '' : String(line.invoicedQuantity),
        price: line.invoicedPrice === null ? '' : (line.invoicedPrice / 100).toFixed(2),
      },
    ]),
  );

/** The draft as invoice lines in cents, or the first problem a person can fix. */
function readDraft(lines: Line[], draft: Draft) {
  const out: { orderItemId: number; invoicedQuantity: number | null; invoicedPrice: number | null }[] = [];
  for (const line of lines) {
    const { quantity, price } = draft[line.orderItemId] ?? { quantity: '', price: '' };
    if (!quantity.trim() && !price.trim()) {
      out.push({ orderItemId: line.orderItemId, invoicedQuantity: null, invoicedPrice: null });
      continue;
    }
    if (!/^\d{1,6}$/.test(quantity.trim()))
      return { error: `Enter the invoiced cases of ${line.description} as a whole number.` };
    const cents = parsePriceCents(price);
    if (cents === null) return { error: `Enter the invoiced price of ${line.description} as a number, like 24.50.` };
    out.push({ orderItemId: line.orderItemId, invoicedQuantity: Number(quantity.trim()), invoicedPrice: cents });
  }
  return { lines: out };
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

function Reconciliation({ orderId, data, isReceived }: { orderId: number; data: ReconciliationResponse; isReceived: boolean }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(data.lines));
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveInvoiceLines(orderId);
  const close = useCloseCredit(orderId);
  const totals = getReconciliationTotals(data.lines);
  const isEditable = isReceived && data.creditStatus !== 'closed';
  const status = CREDIT_STATUS[data.creditStatus];

  const setCell = (id: number, field: 'quantity' | 'price', value: string) =>
    setDraft((current) => ({ ...current, [id]: { ...(current[id] ?? { quantity: '', price: '' }), [field]: value } }));

  // Most invoice lines match what arrived: start the blank ones from the received cases at the order price.
  const fillFromReceived = () =>
    setDraft((current) => {
      const next = { ...current };
      for (const line of data.lines) {
        const cell = current[line.orderItemId];
        if (line.receivedQuantity === null || cell?.quantity.trim() || cell?.price.trim()) continue;
        next[line.orderItemId] = { quantity: String(line.receivedQuantity), price: (line.orderedPrice / 100).toFixed(2) };
      }
      return next;
    });

  const submit = () => {
    const read = readDraft(data.lines, draft);
    if ('error' in read) {
      setFormError(read.error ?? null);
      return;
    }
    setFormError(null);
    save.mutate({ lines: read.lines }, { onSuccess: (next) => setDraft(toDraft(next.lines)) });
  };

  const mutationError = save.error ?? close.error;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="flex-start">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" style={{ flex: 1 }}>
            <Figure label="Ordered" value={formatMoney(totals.orderedTotal)} />
            <Figure label="Received" value={formatMoney(totals.receivedTotal)} />
            <Figure label="Invoiced" value={totals.invoicedTotal === null ? '—' : formatMoney(totals.invoicedTotal)} />
            <Figure label="Credit owed" value={formatMoney(data.creditOwed)} />
          </SimpleGrid>
          <Stack gap={6} align="flex-end">
            <Badge color={status.color} variant="dot" c="dark.8" tt="none" aria-label={`Credit status: ${status.label}`}>
              Credit: {status.label}
            </Badge>
            {data.creditStatus === 'open' && (
              <Button size="xs" onClick={() => close.mutate()} loading={close.isPending}>
                Close credit
              </Button>
            )}
          </Stack>
        </Group>
      </Card>
      {!isReceived && (
        <Alert color="blue" variant="light" title="Not received yet">
          Receive this order before entering its invoice.
        </Alert>
      )}
      {data.creditStatus === 'closed' && (
        <Text size="sm" c="dimmed">
          The credit is closed, so this invoice can no longer be changed.
        </Text>
      )}
      <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label="Invoice lines, scrolls sideways">
        <Table striped verticalSpacing="xs" aria-label="Invoice reconciliation">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Ordered</Table.Th>
              <Table.Th ta="right">Order price</Table.Th>
              <Table.Th ta="right">Received</Table.Th>
              <Table.Th>Invoiced cases</Table.Th>
              <Table.Th>Invoiced price</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Credit owed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.lines.map((line) => (
              <Table.Tr key={line.orderItemId}>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="right">{line.orderedQuantity}</Table.Td>
                <Table.Td ta="right">{formatMoney(line.orderedPrice)}</Table.Td>
                <Table.Td ta="right">{line.receivedQuantity ?? '—'}</Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    w={80}
                    inputMode="numeric"
                    aria-label={`Invoiced cases of ${line.description}`}
                    value={draft[line.orderItemId]?.quantity ?? ''}
                    disabled={!isEditable}
                    onChange={(e) => setCell(line.orderItemId, 'quantity', e.currentTarget.value)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    w={110}
                    leftSection="$"
                    inputMode="decimal"
                    aria-label={`Invoiced price of ${line.description}`}
                    value={draft[line.orderItemId]?.price ?? ''}
                    disabled={!isEditable}
                    onChange={(e) => setCell(line.orderItemId, 'price', e.currentTarget.value)}
                  />
                </Table.Td>
                <Table.Td>{RECONCILIATION_STATUS_LABELS[line.status]}</Table.Td>
                <Table.Td ta="right">{formatMoney(line.creditOwed)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(formError || mutationError) && (
        <Text c="red.8" size="sm" role="alert">
          {formError ?? (isApiError(mutationError) ? mutationError.message : 'The invoice could not be saved. Please try again.')}
        </Text>
      )}
      <Group justify="space-between">
        <Button component={Link} to={`/order-history/view/${orderId}`} variant="default">
          Back to the order
        </Button>
        {isEditable && (
          <Group gap="xs">
            <Button variant="default" onClick={fillFromReceived}>
              Fill blanks with received
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Save invoice
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

/**
 * /order-history/reconciliation/{id} (issue 18, beyond the spec): ordered vs received vs invoiced
 * per line, the invoice typed from the distributor's paper, the credit owed and closing it.
 */
export function ReconciliationPage() {
  const orderId = useRouteOrderId();
  usePageTitle('Invoice Reconciliation');
  const reconciliation = useReconciliation(orderId);
  const order = useOrder(orderId);
  if (Number.isNaN(orderId)) return <Navigate to="/order-history" replace />;
  const retry = () => {
    void reconciliation.refetch();
    void order.refetch();
  };
  let content;
  if (reconciliation.isPending || order.isPending) content = <OrderLoading label="Loading the reconciliation" />;
  else if (reconciliation.isError || order.isError)
    content = <LoadFailed title="The reconciliation of this order could not be loaded" onRetry={retry} />;
  else
    content = (
      <Reconciliation
        orderId={orderId}
        data={reconciliation.data}
        isReceived={(RECEIVED_STATUSES as readonly string[]).includes(order.data.status)}
      />
    );
  return (
    <Stack gap="md" maw={1100} w="100%" mx="auto">
      <Title order={2} fz="h3">
        Invoice reconciliation · order #{orderId}
        {order.data ? ` · ${order.data.distributor}` : ''}
      </Title>
      {content}
    </Stack>
  );
}
