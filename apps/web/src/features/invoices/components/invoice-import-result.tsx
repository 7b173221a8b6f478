import { Alert, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import {
  formatIsoDateMdy,
  formatMoney,
  formatUnitPrice,
  sumInvoiceLines,
  type InvoiceImportResult as Result,
} from '@stockpot/domain';
import { Link } from 'react-router';
import type { InvoiceFileOutcome } from '../api/import-invoice';

const MATCHED_BY: Record<NonNullable<Result['matchedBy']>, string> = {
  'po-number': 'by its PO number',
  'distributor-date': 'by distributor and date',
  attached: 'attached by hand from the waiting list',
};

/** One file's result: its order, lines matched, the unmatched lines listed, and the total as the sum of its parts. */
export function InvoiceImportResult({ outcome }: { outcome: InvoiceFileOutcome }) {
  if ('error' in outcome)
    return (
      <Alert color="red" title={outcome.fileName} role="alert">
        {outcome.error}
      </Alert>
    );
  const r = outcome.result;
  const unmatchedAmount = sumInvoiceLines(r.unmatchedLines);
  const isTotalChecked = r.matchedAmount + unmatchedAmount === r.total;
  return (
    <Card withBorder radius="md" padding="sm" aria-label={`Result of ${outcome.fileName}`} component="section">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap={6}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {outcome.fileName}
          </Text>
          <Group gap={6}>
            {r.orderId === null && (
              <Badge color="orange" variant="light" c="dark.8">
                No matching order
              </Badge>
            )}
            <Badge color={r.alreadyImported ? 'gray' : 'teal'} variant="light" c="dark.8">
              {r.alreadyImported ? 'Already imported' : 'Imported'}
            </Badge>
          </Group>
        </Group>
        {r.orderId === null ? (
          // Kept, not refused (ordered by phone, say): the buyer sees why and where it waits.
          <Text size="sm">
            No matching order: invoice {r.invoiceNumber} of {formatIsoDateMdy(r.invoiceDate)} from {r.distributor} is kept on the
            waiting list (matched to no order). {r.noOrderReason}
          </Text>
        ) : (
          <Text size="sm">
            Invoice {r.invoiceNumber} of {formatIsoDateMdy(r.invoiceDate)} from {r.distributor} matched{' '}
            <Link to={`/order-history/view/${r.orderId}`}>order {r.orderId}</Link> {MATCHED_BY[r.matchedBy ?? 'distributor-date']}
            .
          </Text>
        )}
        <Text size="sm">
          {r.matchedLines} {r.matchedLines === 1 ? 'line' : 'lines'} matched ({formatMoney(r.matchedAmount)}) +{' '}
          {r.unmatchedLines.length} unmatched ({formatMoney(unmatchedAmount)}) = total {formatMoney(r.total)}{' '}
          {isTotalChecked ? '✓ total checked' : ''}
        </Text>
        {r.unmatchedLines.length > 0 && (
          <Table.ScrollContainer minWidth={420} type="native">
            <Table verticalSpacing={4} fz="sm" aria-label={`Unmatched lines of invoice ${r.invoiceNumber}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Item No</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">Unit price</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.unmatchedLines.map((line) => (
                  <Table.Tr key={line.lineNumber}>
                    <Table.Td>{line.lineNumber}</Table.Td>
                    <Table.Td>{line.itemNumber ?? line.upc ?? '—'}</Table.Td>
                    <Table.Td>{line.description || '—'}</Table.Td>
                    <Table.Td ta="right">
                      {line.quantity} {line.unitCode}
                    </Table.Td>
                    <Table.Td ta="right">{formatUnitPrice(line.unitPrice)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
