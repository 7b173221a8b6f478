import { lazy, Suspense, useEffect } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconClipboardList, IconList } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { resolvePlaceOrderView, type PlaceOrderView } from '@stockpot/domain';
import { ListSkeleton } from '../features/catalog/components/list-skeleton';
import { MessagePopups } from '../features/messages/components/message-popups';
import { SuggestedOrderFilter } from '../features/suggested-orders/components/suggested-order-filter';
import { useSession } from '../lib/session-store';
import { InventoryViewPage, PlaceOrderListPage } from './lazy-pages';

// Lazy like the inventory view it sits above (both wait under the layout's Suspense): on the list it
// only loads with the filter switched on (issue 38).
const SuggestedOrderPanel = lazy(() =>
  import('../features/suggested-orders/components/suggested-order-panel').then((m) => ({ default: m.SuggestedOrderPanel })),
);

const VIEW_LINKS: { view: PlaceOrderView; label: string; icon: typeof IconList }[] = [
  { view: 'list', label: 'List', icon: IconList },
  { view: 'inventory', label: 'Inventory', icon: IconClipboardList },
];

function ViewSwitch({ current }: { current: PlaceOrderView }) {
  return (
    <Group component="nav" aria-label="Place order view" gap="xs" maw={960} mx="auto" w="100%" mb="lg">
      {VIEW_LINKS.map(({ view, label, icon: Icon }) => (
        <Button
          key={view}
          component={Link}
          to={`/place-order/${view}`}
          replace
          size="xs"
          variant={view === current ? 'filled' : 'default'}
          aria-current={view === current ? 'page' : undefined}
          leftSection={<Icon size={16} aria-hidden />}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * What the list shows while its code loads: the page's frame (the toolbar's height kept) and
 * skeleton rows, never a lone spinner (issue 13).
 */
function ListPageFallback() {
  return (
    <Stack gap="md" maw={1120} mx="auto" w="100%">
      <div style={{ minHeight: 60 }} aria-hidden />
      <ListSkeleton />
    </Stack>
  );
}

/**
 * /place-order/{view} (doc 1 §2 routing rules): any path under place-order settles on an allowed
 * view, and the view opened is remembered for the next bare /place-order.
 */
export function PlaceOrderRoute() {
  const splat = useParams()['*'] ?? '';
  const activeLocation = useSession((s) => s.activeLocation);
  const storedView = useSession((s) => s.placeOrderView);
  const setPlaceOrderView = useSession((s) => s.setPlaceOrderView);
  const requested = splat.replace(/\/+$/, '') || undefined;
  const view = resolvePlaceOrderView(requested, storedView, activeLocation);
  const isSettled = requested === view;

  useEffect(() => {
    if (isSettled) setPlaceOrderView(view);
  }, [isSettled, view, setPlaceOrderView]);

  if (!isSettled) return <Navigate replace to={`/place-order/${view}`} />;
  return (
    <>
      <MessagePopups />
      {activeLocation?.display_comparison_view === 1 && <ViewSwitch current={view} />}
      {view === 'inventory' ? (
        <>
          <SuggestedOrderPanel />
          <InventoryViewPage />
        </>
      ) : (
        <SuggestedOrderFilter>
          <Suspense fallback={<ListPageFallback />}>
            <PlaceOrderListPage />
          </Suspense>
        </SuggestedOrderFilter>
      )}
    </>
  );
}
