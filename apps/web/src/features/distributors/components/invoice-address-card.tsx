import { ActionIcon, Card, CopyButton, Group, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { LoadFailed } from '../../../ui/load-failed';
import { useInvoiceAddress } from '../api/use-invoice-address';

/**
 * Invoices by e-mail (issue 36): the location's own address for distributors to send invoices to,
 * with a copy button. The address is read-only text in a labelled field, so it can be selected by
 * hand too and a screen reader names it.
 */
export function InvoiceAddressCard() {
  const query = useInvoiceAddress();
  let body;
  if (query.isPending) body = <Skeleton height={36} radius="sm" />;
  else if (query.isError)
    body = <LoadFailed title="The invoice address could not be loaded" onRetry={() => void query.refetch()} />;
  else if (query.data.address === null)
    body = (
      <Text fz="sm" c="dimmed">
        Invoices by e-mail are not set up on this server.
      </Text>
    );
  else {
    const { address } = query.data;
    body = (
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Invoice e-mail address"
          value={address}
          readOnly
          style={{ flex: 1, minWidth: 0 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={address} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                size={36}
                variant={copied ? 'filled' : 'default'}
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={copied ? 'Invoice address copied' : 'Copy invoice address'}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    );
  }
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="invoice-mail-heading"
      aria-busy={query.isPending}
    >
      <Stack gap="xs">
        <Text component="h2" id="invoice-mail-heading" fw={700} fz="lg" m={0}>
          Invoices by e-mail
        </Text>
        <Text fz="sm">
          Ask your distributors to e-mail invoices (X12 810, CSV or Excel attachments) to this address: each is matched to its
          order and received electronically. Photos and PDFs (PNG, JPEG, PDF) are read too: each joins its electronic invoice by
          number, else it waits on the waiting list on Order History.
        </Text>
        {body}
      </Stack>
    </Card>
  );
}
