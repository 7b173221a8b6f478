import { lazy, Suspense, useState } from 'react';
import { Button, Loader, Stack } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useItemListStore } from '../../../lib/item-list-store';

// Loaded on demand: the place-order list is the first route, and most visits never scan.
const ScanOrTypeBarcode = lazy(() =>
  import('../../../shared/barcodes/scan-or-type-barcode').then((m) => ({ default: m.ScanOrTypeBarcode })),
);

/**
 * Searching the place-order list by barcode (issue 40): the item a scan or typed code finds is
 * searched by its item number (DIN), which the list's search matches exactly.
 */
export function BarcodeSearch() {
  const setSearch = useItemListStore((s) => s.setSearch);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Stack gap="xs" align="start">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconBarcode size={16} aria-hidden />}
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? 'Hide barcode search' : 'Find by barcode'}
      </Button>
      {isOpen && (
        <Suspense fallback={<Loader size="sm" aria-label="Loading barcode search" />}>
          <ScanOrTypeBarcode onFound={(item) => setSearch(item.din)} />
        </Suspense>
      )}
    </Stack>
  );
}
