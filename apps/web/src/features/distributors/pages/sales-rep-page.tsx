import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link, Navigate, useParams, useRoutes } from 'react-router';
import { formatMoney, LOGOUT_PATH, parseCents, SALES_REP_PATH, toDecimalString, type RepAccount } from '@stockpot/domain';
import { ApiError } from '../../../lib/api-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { LoadFailed } from '../../../ui/load-failed';
import { useRepAccounts, useRepItems, useUpdateRepPrices } from '../api/use-rep-accounts';

const ACCESS_LABELS: Record<RepAccount['accessType'], string> = {
  unlimited: 'Unlimited',
  limited: 'Limited',
  none: 'None',
};

/** The API's price rule: dollars with at most 2 decimals. */
const DOLLARS = /^\d{1,8}(\.\d{1,2})?$/;

function formatIsoDate(value: string | null): string {
  if (!value) return '';
  const [year, month, day] = value.split('-');
  return `${month}/${day}/${year}`;
}

function describeAccess(account: RepAccount): string {
  if (account.accessType !== 'limited') return ACCESS_LABELS[account.accessType];
  return `Limited, ${formatIsoDate(account.startDate)} to ${formatIsoDate(account.endDate)}`;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="md" py="md" px="sm">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {title}
        </Title>
        <Anchor component={Link} to={LOGOUT_PATH}>
          Log Out
        </Anchor>
      </Group>
      {children}
    </Container>
  );
}

function AccountList() {
  const accounts = useRepAccounts();
  let content;
  if (accounts.isError)
    content = <LoadFailed title="Your accounts could not be loaded" onRetry={() => void accounts.refetch()} />;
  else if (!accounts.data) content = <Skeleton height={160} aria-label="Loading your accounts" />;
  else if (accounts.data.length === 0)
    content = <Text>You serve no accounts yet. Accept an invite from a restaurant to see its order guide here.</Text>;
  else
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {accounts.data.map((account) => (
          <Card component="li" key={account.salesRepId} withBorder padding="md">
            <Text fw={600}>{account.location.nickname}</Text>
            <Text c="dimmed">{account.distributor.nickname}</Text>
            <Group gap="xs" mt="xs">
              <Text fz="sm">{`Access: ${describeAccess(account)}`}</Text>
              {!account.canUpdatePrices && (
                <Badge color="gray" variant="light">
                  Read only
                </Badge>
              )}
            </Group>
            <Button
              component={Link}
              to={`${SALES_REP_PATH}/${account.salesRepId}`}
              mt="sm"
              variant="light"
              aria-label={`Open ${account.location.nickname}, ${account.distributor.nickname}`}
            >
              Open
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    );
  return <Frame title="Your accounts">{content}</Frame>;
}

function AccountItems({ account }: { account: RepAccount }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 400);
  const items = useRepItems(account.salesRepId, page, debounced);
  /** Typed prices by DIN, as typed (dollars); only valid changed ones are sent. */
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const update = useUpdateRepPrices(account.salesRepId);

  const invalid = Object.entries(drafts).filter(([, value]) => !DOLLARS.test(value.trim()));
  const changes = Object.entries(drafts).filter(([, value]) => DOLLARS.test(value.trim()));

  const save = () => {
    setSaved(null);
    // Cents in code; the wire takes the API's dollar string, built from the cents, never from a float.
    const prices = changes.map(([din, value]) => ({ din, price: toDecimalString(parseCents(value.trim()), 2) }));
    update.mutate(prices, {
      onSuccess: (result) => {
        setDrafts({});
        setSaved(result.updated === 1 ? '1 price saved.' : `${result.updated} prices saved.`);
      },
    });
  };

  let list;
  if (items.isError) list = <LoadFailed title="The order guide could not be loaded" onRetry={() => void items.refetch()} />;
  else if (!items.data) list = <Skeleton height={300} aria-label="Loading order guide items" />;
  else if (items.data.data.length === 0)
    list = <Text>{debounced ? `No items match "${debounced}".` : 'This account has no order guide items yet.'}</Text>;
  else
    list = (
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Order guide items">
        {items.data.data.map((item) => {
          const draft = drafts[item.din];
          const isInvalid = draft !== undefined && !DOLLARS.test(draft.trim());
          return (
            <Paper component="li" key={item.din} withBorder p="sm">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Text fw={600}>{item.name}</Text>
                  <Text fz="sm" c="dimmed">
                    DIN {item.din} · {item.brand} · {item.pack_size} · {item.unit_measure}
                  </Text>
                  <Text fz="sm">Current price {formatMoney(item.price)}</Text>
                </div>
                <TextInput
                  w={140}
                  aria-label={`New price for ${item.name} (DIN ${item.din})`}
                  leftSection="$"
                  inputMode="decimal"
                  placeholder={toDecimalString(item.price, 2)}
                  value={draft ?? ''}
                  disabled={!account.canUpdatePrices}
                  error={isInvalid ? 'Enter dollars, e.g. 42.50' : undefined}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDrafts((current) => {
                      const next = { ...current };
                      if (value.trim() === '') delete next[item.din];
                      else next[item.din] = value;
                      return next;
                    });
                  }}
                />
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );

  const refusal =
    update.error instanceof ApiError ? update.error.message : update.error ? 'The prices could not be saved. Try again.' : null;
  return (
    <Frame title={`${account.location.nickname} · ${account.distributor.nickname}`}>
      <Stack gap="md">
        <Anchor component={Link} to={SALES_REP_PATH}>
          All accounts
        </Anchor>
        <Text>{`Access: ${describeAccess(account)}`}</Text>
        {account.refusal && (
          <Alert color="yellow" variant="light" title="Prices cannot be updated">
            {account.refusal}
          </Alert>
        )}
        <TextInput
          label="Search items"
          placeholder="Name, DIN or brand"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {list}
        {items.data && items.data.meta.pageCount > 1 && (
          <Pagination
            total={items.data.meta.pageCount}
            value={page}
            onChange={setPage}
            aria-label="Order guide pages"
            getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
            getItemProps={(pageNumber) => ({ 'aria-label': `Page ${pageNumber}` })}
          />
        )}
        {refusal && (
          <Alert role="alert" color="red" variant="light" title="Not saved">
            {refusal}
          </Alert>
        )}
        {saved && (
          <Text role="status" fw={600}>
            {saved}
          </Text>
        )}
        <Group>
          <Button
            onClick={save}
            loading={update.isPending}
            disabled={!account.canUpdatePrices || changes.length === 0 || invalid.length > 0}
          >
            Save prices
          </Button>
          {changes.length > 0 && <Text fz="sm">{changes.length} changed</Text>}
        </Group>
      </Stack>
    </Frame>
  );
}

function AccountPage() {
  const params = useParams();
  const repId = Number(params.id);
  const accounts = useRepAccounts();
  if (accounts.isError)
    return (
      <Frame title="Account">
        <LoadFailed title="Your accounts could not be loaded" onRetry={() => void accounts.refetch()} />
      </Frame>
    );
  if (!accounts.data)
    return (
      <Frame title="Account">
        <Skeleton height={160} aria-label="Loading the account" />
      </Frame>
    );
  const account = accounts.data.find((a) => a.salesRepId === repId);
  if (!account) return <Navigate to={SALES_REP_PATH} replace />;
  return <AccountItems key={account.salesRepId} account={account} />;
}

/** /sales-rep and /sales-rep/{id}: a sales rep's accounts and their order-guide prices (decisions.md). */
export function SalesRepPage() {
  return useRoutes([
    { index: true, element: <AccountList /> },
    { path: ':id', element: <AccountPage /> },
    { path: '*', element: <Navigate to={SALES_REP_PATH} replace /> },
  ]);
}
