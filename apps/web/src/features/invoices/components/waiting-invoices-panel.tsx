import { useId, useState } from 'react';
import { Badge, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatIsoDateMdy, formatMoney, type InvoiceWaitingKind, type WaitingInvoice } from '@stockpot/domain';
import { LoadFailed } from '../../../ui/load-failed';
import { useWaitingInvoices } from '../api/get-waiting-invoices';
import { AttachInvoiceForm } from './attach-invoice-form';
import { DismissPhotoButton } from './dismiss-photo-button';

const KIND_TEXT: Record<InvoiceWaitingKind, { badge: string; color: string }> = {
  'no-paper-copy': { badge: 'No paper copy', color: 'orange' },
  'no-electronic-copy': { badge: 'No electronic invoice', color: 'blue' },
  'no-order': { badge: 'No order', color: 'red' },
};

type Filter = 'all' | InvoiceWaitingKind;
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'Everything waiting' },
  { value: 'no-paper-copy', label: 'Electronic invoices without their paper copy' },
  { value: 'no-electronic-copy', label: 'Photos without their electronic invoice' },
  { value: 'no-order', label: 'Invoices matched to no order' },
];

function describeItem(item: WaitingInvoice): string {
  const number = item.invoiceNumber ? `Invoice ${item.invoiceNumber}` : 'Invoice number not read';
  const date = item.invoiceDate ? ` · ${formatIsoDateMdy(item.invoiceDate)}` : '';
  const total = item.total !== null ? ` · ${formatMoney(item.total)}` : '';
  return `${number}${date}${total}`;
}

/**
 * What to do next for one waiting item: a link to the order's invoices (upload a photo, or look at
 * it), for an invoice matched to no order, attach it to its order, and for a photo, dismiss it.
 */
function ItemAction({ item }: { item: WaitingInvoice }) {
  if (item.kind === 'no-electronic-copy' && item.imageId !== null) {
    const dismiss = <DismissPhotoButton imageId={item.imageId} fileName={item.fileName} />;
    // An e-mailed photo has no order to open: dismissing it is the only thing to do here.
    if (item.orderId === null) return dismiss;
    return (
      <Group gap={6}>
        <OrderLink orderId={item.orderId} upload={false} />
        {dismiss}
      </Group>
    );
  }
  if (item.orderId === null)
    return item.invoiceId === null ? null : <AttachInvoiceForm item={{ ...item, invoiceId: item.invoiceId }} />;
  return <OrderLink orderId={item.orderId} upload={item.kind === 'no-paper-copy'} />;
}

function OrderLink({ orderId, upload }: { orderId: number; upload: boolean }) {
  return (
    <Button
      component={Link}
      to={`/order-history/upload-invoice/${orderId}`}
      size="xs"
      variant="default"
      aria-label={`${upload ? 'Upload the paper copy of' : 'Invoices of'} order ${orderId}`}
    >
      {upload ? 'Upload photo' : 'Open order'}
    </Button>
  );
}

function WaitingItem({ item }: { item: WaitingInvoice }) {
  const kind = KIND_TEXT[item.kind];
  return (
    <Card component="li" withBorder radius="sm" padding="xs">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap={6}>
            <Badge color={kind.color} c="dark.8" variant="dot" tt="none">
              {kind.badge}
            </Badge>
            <Text size="sm" fw={600}>
              {item.distributor || (item.senderEmail ? 'By e-mail' : 'Distributor unknown')}
            </Text>
          </Group>
          <Text size="sm">{describeItem(item)}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.orderId !== null ? `Order ${item.orderId} · ` : ''}
            {item.senderEmail ? `From ${item.senderEmail} · ` : ''}
            {item.fileName || 'no file name'}
            {item.readingStatus === 'pending' && ' · being read'}
            {item.readingStatus === 'failed' && ' · could not be read'}
          </Text>
        </Stack>
        <ItemAction item={item} />
      </Group>
    </Card>
  );
}

/**
 * The waiting list on /order-history (issue 36): electronic invoices without their paper copy,
 * photos whose electronic invoice has not arrived, invoices matched to no order. Folded to its
 * counts at first, so the orders stay where the buyer expects them.
 */
export function WaitingInvoicesPanel() {
  const query = useWaitingInvoices();
  const [isOpen, setIsOpen] = useState(false);
  const [filter, setFilter] = useState<Filter>('all');
  const titleId = useId();
  const listId = useId();

  let body;
  if (query.isPending) body = <Skeleton h={28} role="status" aria-label="Loading waiting invoices" />;
  else if (query.isError)
    body = <LoadFailed title="The waiting invoices could not be loaded" onRetry={() => void query.refetch()} />;
  else {
    const { counts, items } = query.data;
    const total = counts.noPaperCopy + counts.noElectronicCopy + counts.noOrder;
    if (total === 0)
      body = (
        <Text size="sm" c="dimmed">
          Nothing is waiting: every imported invoice has its paper copy and its order.
        </Text>
      );
    else {
      const shown = items.filter((item) => filter === 'all' || item.kind === filter);
      body = (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {counts.noPaperCopy} without their paper copy · {counts.noElectronicCopy} photos without their electronic invoice ·{' '}
              {counts.noOrder} with no order
            </Text>
            <Button
              size="xs"
              variant="subtle"
              aria-expanded={isOpen}
              aria-controls={listId}
              rightSection={isOpen ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
              onClick={() => setIsOpen((open) => !open)}
            >
              {isOpen ? 'Hide waiting invoices' : 'Show waiting invoices'}
            </Button>
          </Group>
          {isOpen && (
            <Stack gap="xs" id={listId}>
              <Select
                label="Show"
                data={FILTERS}
                value={filter}
                onChange={(value) => setFilter((value as Filter | null) ?? 'all')}
                allowDeselect={false}
                maw={420}
              />
              {shown.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nothing of this kind is waiting.
                </Text>
              ) : (
                <Stack component="ul" gap="xs" p={0} m={0} aria-label="Waiting invoices" style={{ listStyle: 'none' }}>
                  {shown.map((item) => (
                    <WaitingItem key={`${item.kind}-${item.invoiceId ?? item.imageId}`} item={item} />
                  ))}
                </Stack>
              )}
            </Stack>
          )}
        </Stack>
      );
    }
  }

  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby={titleId}>
      <Group gap="xs" mb={6}>
        <IconClockHour4 size={18} aria-hidden />
        <Title order={2} fz="h5" id={titleId}>
          Waiting invoices
        </Title>
      </Group>
      {body}
    </Card>
  );
}
