import { useState } from 'react';
import { Text } from '@mantine/core';
import type { BarcodeItem } from '@stockpot/domain';
import { ScanOrTypeBarcode } from '../../../shared/barcodes/scan-or-type-barcode';

interface ReceivableLine {
  oi_id: number;
  item: string;
  itemDistributorId: number | null;
}

/**
 * Receiving by barcode (issue 40): a scan or typed code finds the order's line of that item and
 * brings its Accept button into view and focus, so the receiver checks the case against it.
 */
export function ReceiveBarcode({ lines }: { lines: ReceivableLine[] }) {
  const [notOnOrder, setNotOnOrder] = useState<string | null>(null);
  const onFound = (found: BarcodeItem) => {
    const line = lines.find((l) => l.itemDistributorId === found.itemDistributorId);
    if (!line) {
      setNotOnOrder(`${found.description} is not on this order.`);
      return;
    }
    setNotOnOrder(null);
    const accept = [...document.querySelectorAll<HTMLElement>('[aria-label^="Accept "]')].find(
      (button) => button.getAttribute('aria-label') === `Accept ${line.item}`,
    );
    accept?.scrollIntoView({ block: 'center' });
    accept?.focus();
  };
  return (
    <>
      <ScanOrTypeBarcode onFound={onFound} />
      {notOnOrder && (
        <Text fz="sm" role="alert">
          {notOnOrder}
        </Text>
      )}
    </>
  );
}
