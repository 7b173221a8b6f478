import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { OrderGuardResponse } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { useCartQuery } from '../../../shared/cart/use-cart';

const REVIEW_ORDER_SUFFIX = '/review-order';

/**
 * The sanity guard on review order (issue 37): per distributor in the cart, the lines far from
 * their suggestion or usual quantity and a repeat order for the next delivery, with the reason.
 * It only warns: "Confirm and go on" puts it away until the cart changes.
 */
export function ReviewOrderGuard() {
  const { pathname } = useLocation();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const cart = useCartQuery();
  const [confirmedVersion, setConfirmedVersion] = useState<string | null>(null);
  const isReview = pathname.endsWith(REVIEW_ORDER_SUFFIX);
  const version = cart.data?.lastModified ?? '';
  const distributorIds = [
    ...new Set((cart.data?.shoppingCart ?? []).flatMap((line) => (line.item ? [line.item.distributorId] : []))),
  ];
  const guards = useQueries({
    queries: distributorIds.map((distributorId) => ({
      queryKey: queryKeys.suggestedOrderGuard(locationId, distributorId, version),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<OrderGuardResponse>('suggested-orders/guard', { query: { distributorId }, signal, isBackground: true }),
      enabled: isReview && locationId !== null,
      staleTime: 30_000,
    })),
  });
  const flags = guards.flatMap((g) => g.data?.flags ?? []);
  if (!isReview || flags.length === 0 || confirmedVersion === version) return null;
  return (
    <Stack maw={1200} mx="auto" w="100%" mb="md">
      <Alert color="yellow" role="status" aria-label="Check before ordering">
        <Text fw={600} fz="sm">
          Check before ordering
        </Text>
        <Stack component="ul" gap={2} my="xs" pl="md">
          {flags.map((flag) => (
            <Text component="li" fz="sm" key={`${flag.itemDistributorId ?? 'order'}-${flag.reason}`}>
              {flag.reason}
            </Text>
          ))}
        </Stack>
        <Group>
          <Button size="xs" variant="default" onClick={() => setConfirmedVersion(version)}>
            Confirm and go on
          </Button>
        </Group>
      </Alert>
    </Stack>
  );
}
