import { useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatIsoDateMdy, type SuggestedOrder } from '@stockpot/domain';
import { LoadFailed } from '../../../ui/load-failed';
import { useAddSuggestedToCart, useSuggestedOrders, type AddSuggestedVars } from '../api/suggested-orders-api';
import { SuggestedLine } from './suggested-line';

function DistributorOrder({
  order,
  add,
  busyKey,
  chosen,
  setChosen,
}: {
  order: SuggestedOrder;
  add: (vars: AddSuggestedVars, key: string) => void;
  busyKey: string | null;
  chosen: Record<number, number>;
  setChosen: (groupId: number, cases: number) => void;
}) {
  const headingId = `suggested-distributor-${order.distributorId}`;
  const next = order.nextDeliveryDate ? `Next delivery ${formatIsoDateMdy(order.nextDeliveryDate)}` : 'No delivery day set';
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="start" wrap="wrap" gap="xs" mb="xs">
        <Stack gap={2}>
          <Title order={3} fz="h4" id={headingId}>
            {order.distributor}
          </Title>
          <Text fz="sm" c="dimmed">
            {order.orderBy ? `${next} · ${order.orderBy}` : next}
          </Text>
        </Stack>
        <Button
          size="xs"
          loading={busyKey === `d${order.distributorId}`}
          onClick={() => add({ distributorIds: [order.distributorId] }, `d${order.distributorId}`)}
          aria-label={`Add ${order.distributor}'s lines to cart`}
        >
          Add {order.lines.length} {order.lines.length === 1 ? 'line' : 'lines'} to cart
        </Button>
      </Group>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {order.lines.map((line) => (
          <SuggestedLine
            key={line.genericGroupId}
            line={line}
            isBusy={busyKey === `g${line.genericGroupId}`}
            cases={chosen[line.genericGroupId] ?? line.cases}
            onCasesChange={(cases) => setChosen(line.genericGroupId, cases)}
            onAdd={() =>
              add({ distributorIds: [order.distributorId], genericGroupIds: [line.genericGroupId] }, `g${line.genericGroupId}`)
            }
          />
        ))}
      </Stack>
    </Card>
  );
}

/**
 * "Suggested Order" on /place-order/inventory (issue 37): per distributor what to order before its
 * next delivery, each line's arithmetic on demand, and adding a line, a distributor's lines or the
 * whole list to the cart in one step (the cart's own rules apply on the server). `isOpenFixed`: the
 * list's filter, always open, without its own toggle.
 */
export function SuggestedOrderPanel({ isOpenFixed = false }: { isOpenFixed?: boolean }) {
  const [isOpenState, setIsOpen] = useState(false);
  const isOpen = isOpenFixed || isOpenState;
  const [busyKey, setBusyKey] = useState<string | null>(null);
  // Cases the buyer changed, by group: sent with the add and kept for the report (issue 37 "It learns").
  const [chosen, setChosenState] = useState<Record<number, number>>({});
  const setChosen = (groupId: number, cases: number) => setChosenState((c) => ({ ...c, [groupId]: cases }));
  const suggestions = useSuggestedOrders(isOpen);
  const mutation = useAddSuggestedToCart();
  const add = (vars: AddSuggestedVars, key: string) => {
    setBusyKey(key);
    const quantities = Object.entries(chosen).map(([groupId, cases]) => ({ genericGroupId: Number(groupId), cases }));
    mutation.mutate(
      { ...vars, quantities },
      {
        onSuccess: () => notifications.show({ message: 'Added to the cart. Review Order shows it.' }),
        onError: (error) =>
          notifications.show({ color: 'red', message: error.message || 'Could not add to the cart. Please try again.' }),
        onSettled: () => {
          setBusyKey(null);
          setChosenState({});
        },
      },
    );
  };
  const orders = suggestions.data?.data ?? [];
  const unorderable = suggestions.data?.unorderable ?? [];
  return (
    <Stack gap="sm" maw={1200} mx="auto" w="100%" mb="md">
      <Group gap="xs">
        {!isOpenFixed && (
          <Button variant={isOpen ? 'filled' : 'default'} aria-expanded={isOpen} onClick={() => setIsOpen((o) => !o)}>
            Suggested Order
          </Button>
        )}
        {isOpen && orders.length > 0 && (
          <Button
            variant="default"
            loading={busyKey === 'all'}
            onClick={() => add({ distributorIds: orders.map((o) => o.distributorId) }, 'all')}
          >
            Order the whole list
          </Button>
        )}
      </Group>
      {isOpen &&
        (suggestions.isPending ? (
          <Stack gap="xs" aria-label="Loading suggested orders">
            <Skeleton h={28} />
            <Skeleton h={64} />
            <Skeleton h={64} />
          </Stack>
        ) : suggestions.isError ? (
          <LoadFailed title="The suggested order could not be loaded." onRetry={() => void suggestions.refetch()} />
        ) : (
          <Stack gap="sm">
            <Title order={2} fz="h3">
              Suggested Order
            </Title>
            {orders.length === 0 && (suggestions.data?.groupCount ?? 0) === 0 && (
              <Text>
                No suggestions yet: they are worked out from your inventory lists. Put your items in a list on the inventory view
                with their par levels, count them, and this shows what to order from each distributor.
              </Text>
            )}
            {orders.length === 0 && (suggestions.data?.groupCount ?? 0) > 0 && (
              <Text>Nothing to order: every group has enough on hand or on the way.</Text>
            )}
            {orders.map((order) => (
              <DistributorOrder
                key={order.distributorId}
                order={order}
                add={add}
                busyKey={busyKey}
                chosen={chosen}
                setChosen={setChosen}
              />
            ))}
            {unorderable.length > 0 && (
              <Alert color="yellow">
                <Text fw={600} fz="sm">
                  Below need with nothing to order
                </Text>
                <Stack component="ul" gap={4} m={0} pl="md">
                  {unorderable.map((g) => (
                    <Text component="li" fz="sm" key={g.genericGroupId}>
                      {g.group}: {g.explanation}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
          </Stack>
        ))}
    </Stack>
  );
}
