import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Group, Skeleton, Stack, Switch } from '@mantine/core';

// The panel (NumberInput, the toasts' store and the suggestion hooks) loads when the filter is
// switched on: most visits to the list never do, and it was on the list's first load (issue 38).
const SuggestedOrderPanel = lazy(() => import('./suggested-order-panel').then((m) => ({ default: m.SuggestedOrderPanel })));

/** While the panel's code loads: the same skeleton as while its suggestions load. */
export function SuggestedOrderSkeleton() {
  return (
    <Stack gap="xs" maw={1200} mx="auto" w="100%" mb="md" aria-label="Loading suggested orders">
      <Skeleton h={28} />
      <Skeleton h={64} />
      <Skeleton h={64} />
    </Stack>
  );
}

/**
 * "Suggested Order" as a filter of /place-order/list (issue 37): when on, the list shows only the
 * items suggested, per distributor, with their suggested cases (the panel) instead of `children`.
 * Kept in the page's state, as the list's other filters are (the item-list store), not in the address.
 */
export function SuggestedOrderFilter({ children }: { children: ReactNode }) {
  const [isOn, setIsOn] = useState(false);
  return (
    <>
      <Group maw={1120} mx="auto" w="100%" mb={isOn ? 0 : 'sm'}>
        <Switch
          label="Suggested Order: show only the items suggested"
          checked={isOn}
          onChange={(event) => setIsOn(event.currentTarget.checked)}
        />
      </Group>
      {isOn ? (
        <Suspense fallback={<SuggestedOrderSkeleton />}>
          <SuggestedOrderPanel isOpenFixed />
        </Suspense>
      ) : (
        children
      )}
    </>
  );
}
