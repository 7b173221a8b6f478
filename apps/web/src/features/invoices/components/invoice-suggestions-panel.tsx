import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconScan } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatIsoDateMdy, formatMoney, toReceivingEdits, type InvoiceSuggestions, type ReadLineEdit } from '@stockpot/domain';
import { LoadFailed } from '../../../ui/load-failed';
import { useInvoiceSuggestions } from '../api/get-invoice-suggestions';

export interface InvoiceSuggestionsPanelProps {
  orderId: number;
  /** Where the receiver confirms a suggestion (order-complete): without it the panel only shows what was read. */
  onAcceptInvoiceNumber?: (invoiceNumber: string) => void;
  /** The invoice number the form holds now, so an accepted suggestion shows as used. */
  currentInvoiceNumber?: string;
  /** Where the receiver checks lines (receive): puts the read quantities and prices into the line edits. */
  onUseLines?: (edits: ReadLineEdit[]) => void;
}

/**
 * What OCR read on the order's invoice photo or PDF (issue 36): progress while reading, a plain
 * "nothing could be read", or the suggestions. Where the receiver confirms (order-complete), the read
 * invoice number is prefilled once into an empty field, as the issue asks; the receiver checks or
 * changes it, and nothing is saved until Complete receiving.
 */
export function InvoiceSuggestionsPanel({
  orderId,
  onAcceptInvoiceNumber,
  currentInvoiceNumber,
  onUseLines,
}: InvoiceSuggestionsPanelProps) {
  const query = useInvoiceSuggestions(orderId);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`invoice-reading-${orderId}`}>
      <Group gap="xs" mb="xs">
        <IconScan size={18} aria-hidden />
        <Title order={3} fz="h5" id={`invoice-reading-${orderId}`}>
          Read from the invoice photo
        </Title>
      </Group>
      {query.isPending ? (
        <Skeleton h={48} role="status" aria-label="Loading what was read from the invoice" />
      ) : query.isError ? (
        <LoadFailed title="What was read from the invoice could not be loaded" onRetry={() => void query.refetch()} />
      ) : (
        <SuggestionsBody
          orderId={orderId}
          data={query.data}
          onAcceptInvoiceNumber={onAcceptInvoiceNumber}
          currentInvoiceNumber={currentInvoiceNumber}
          onUseLines={onUseLines}
        />
      )}
    </Card>
  );
}

function SuggestionsBody({
  orderId,
  data,
  onAcceptInvoiceNumber,
  currentInvoiceNumber,
  onUseLines,
}: { data: InvoiceSuggestions } & InvoiceSuggestionsPanelProps) {
  const fileName = data.fileName ?? 'the invoice';
  if (data.status === 'none')
    return (
      <Text size="sm" c="dimmed">
        No invoice photo has been read for this order.{' '}
        <Anchor component={Link} to={`/order-history/upload-invoice/${orderId}`} inherit underline="always">
          Upload a photo or PDF of the invoice
        </Anchor>{' '}
        and its number, date and total are read for you to check.
      </Text>
    );
  if (data.status === 'pending')
    return (
      <Stack gap={6}>
        <Text size="sm">Reading {fileName}… this takes a few seconds.</Text>
        <Progress value={Math.max(data.progress, 5)} animated aria-label={`Reading the invoice: ${data.progress}%`} />
      </Stack>
    );
  if (data.status === 'failed' || data.isEmpty)
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="status">
        {data.status === 'failed'
          ? (data.error ?? 'The invoice could not be read.')
          : `Nothing could be read from ${fileName}. Type the invoice number yourself, or upload a sharper, straighter photo.`}
      </Alert>
    );

  const isUsed = data.invoiceNumber !== null && currentInvoiceNumber?.trim() === data.invoiceNumber;
  return (
    <>
      <PrefillOnce
        invoiceNumber={data.invoiceNumber}
        currentInvoiceNumber={currentInvoiceNumber}
        onAcceptInvoiceNumber={onAcceptInvoiceNumber}
      />
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Suggestions read from {fileName}: check them against the paper invoice.
          {onAcceptInvoiceNumber && data.invoiceNumber !== null && ' Its invoice number is filled in above for you to check.'}
        </Text>
        <Table variant="vertical" withRowBorders aria-label="Read from the invoice">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="40%">Invoice number</Table.Th>
              <Table.Td>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {data.invoiceNumber ?? 'Not found'}
                  </Text>
                  {data.invoiceNumber !== null && onAcceptInvoiceNumber && (
                    <Button
                      size="xs"
                      variant={isUsed ? 'default' : 'light'}
                      disabled={isUsed}
                      onClick={() => onAcceptInvoiceNumber(data.invoiceNumber!)}
                    >
                      {isUsed ? 'Used' : 'Use this number'}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Invoice date</Table.Th>
              <Table.Td>{data.invoiceDate ? formatIsoDateMdy(data.invoiceDate) : 'Not found'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Td>{data.total !== null ? formatMoney(data.total) : 'Not found'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <SuggestedLines data={data} />
        {onUseLines && <UseReadLines data={data} onUseLines={onUseLines} />}
      </Stack>
    </>
  );
}

/** Fills an empty invoice-number field with the read number once; a receiver's own edit is never overwritten. */
function PrefillOnce({
  invoiceNumber,
  currentInvoiceNumber,
  onAcceptInvoiceNumber,
}: {
  invoiceNumber: string | null;
  currentInvoiceNumber?: string;
  onAcceptInvoiceNumber?: (invoiceNumber: string) => void;
}) {
  const hasFilled = useRef(false);
  useEffect(() => {
    if (hasFilled.current || !invoiceNumber || !onAcceptInvoiceNumber) return;
    hasFilled.current = true;
    if ((currentInvoiceNumber ?? '').trim() === '') onAcceptInvoiceNumber(invoiceNumber);
  }, [invoiceNumber, currentInvoiceNumber, onAcceptInvoiceNumber]);
  return null;
}

/** "Use these quantities and prices": the receiver confirms the read lines into the receive screen's edits. */
function UseReadLines({ data, onUseLines }: { data: InvoiceSuggestions; onUseLines: (edits: ReadLineEdit[]) => void }) {
  const [usedCount, setUsedCount] = useState<number | null>(null);
  const { edits, leftAsOrdered } = toReceivingEdits(data.lines);
  if (edits.length === 0) return null;
  const left =
    leftAsOrdered > 0
      ? ` ${leftAsOrdered} read ${leftAsOrdered === 1 ? 'line stays' : 'lines stay'} as ordered: part cases, or an amount that does not add up.`
      : '';
  return (
    <Group gap="sm" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        onClick={() => {
          onUseLines(edits);
          setUsedCount(edits.length);
        }}
      >
        Use these quantities and prices
      </Button>
      {usedCount !== null && (
        <Text size="xs" role="status">
          {`Filled in ${usedCount} ${usedCount === 1 ? 'line' : 'lines'}: check them below before Order Checked.${left}`}
        </Text>
      )}
    </Group>
  );
}

function SuggestedLines({ data }: { data: InvoiceSuggestions }) {
  const unmatched =
    data.unmatchedLineCount > 0
      ? `${data.unmatchedLineCount} more ${data.unmatchedLineCount === 1 ? 'line was' : 'lines were'} read that match no item of this order.`
      : null;
  if (data.lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No line read matches an item of this order. {unmatched}
      </Text>
    );
  return (
    <Stack gap={4}>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="Invoice lines read" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.lines.map((line) => (
              <Table.Tr key={line.orderItemId}>
                <Table.Td>
                  <Text size="sm">{line.description}</Text>
                  <Text size="xs" c="dimmed">
                    #{line.itemNumber} · read as “{line.readDescription}”
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatMoney(line.unitPrice)}</Table.Td>
                <Table.Td ta="right">
                  {formatMoney(line.amount)}
                  {!line.isConsistent && (
                    <Badge ml={4} size="xs" color="orange" variant="light" title="Quantity × price is not this amount: check it">
                      check
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {unmatched && (
        <Text size="xs" c="dimmed">
          {unmatched}
        </Text>
      )}
    </Stack>
  );
}
