import { useState } from 'react';
import { Text } from '@mantine/core';
import type { BarcodeItem, ListWithGroups } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { ScanOrTypeBarcode } from '../../../shared/barcodes/scan-or-type-barcode';

const FOCUS_WAIT_MS = 8000;

/** Waits for the item's card among the groups shown, then brings its cases field into view and focus. */
function focusItemCount(itemDistributorId: number): void {
  const started = performance.now();
  const tryFocus = () => {
    const card = document.querySelector<HTMLElement>(`[data-item-distributor-id="${itemDistributorId}"]`);
    const field = card?.querySelector<HTMLInputElement>('input[aria-label^="Cases of"]');
    if (field) {
      field.scrollIntoView({ block: 'center' });
      field.focus();
      field.select();
      return;
    }
    if (performance.now() - started < FOCUS_WAIT_MS) requestAnimationFrame(tryFocus);
  };
  requestAnimationFrame(tryFocus);
}

/**
 * Counting by barcode (issue 40): a scan or typed code finds the item, the view narrows to the
 * generic group of this list that holds it (the page's own group search), and its cases field
 * takes the focus, so the counter types the count next.
 */
export function BarcodeFinder({ listId, onSearchGroup }: { listId: number; onSearchGroup: (name: string) => void }) {
  const [notInList, setNotInList] = useState<string | null>(null);
  const onFound = async (item: BarcodeItem) => {
    setNotInList(null);
    const lists = await api.get<ListWithGroups[]>(
      `comparison-views/from-item-distributor?id=${item.itemDistributorId}&expand=groups`,
    );
    const group = lists.find((list) => list.id === listId)?.groups?.[0];
    if (!group) {
      setNotInList(`${item.description} is in no generic group of this list.`);
      return;
    }
    onSearchGroup(group.name);
    focusItemCount(item.itemDistributorId);
  };
  return (
    <>
      <ScanOrTypeBarcode
        onFound={(item) => void onFound(item).catch(() => setNotInList('The item’s group could not be found: try again.'))}
      />
      {notInList && (
        <Text fz="sm" role="alert">
          {notInList}
        </Text>
      )}
    </>
  );
}
