import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BarcodeItem } from '@stockpot/domain';
import { queryKeys } from '../../lib/query-keys';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSession } from '../../lib/session-store';
import { linkBarcode, searchItemsToLink } from './barcodes-api';

/**
 * A barcode the location has not seen yet: the buyer finds the item it belongs to among the
 * location's items and links it once; every later scan of it (or of its case or unit) finds it.
 */
export function LinkBarcodeForm({ digits, onLinked }: { digits: string; onLinked: (item: BarcodeItem) => void }) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const candidates = useQuery({
    queryKey: queryKeys.barcodes.linkSearch(locationId, term),
    enabled: term.length >= 2,
    queryFn: ({ signal }) => searchItemsToLink(term, signal),
  });
  const link = useMutation({
    mutationFn: (itemDistributorId: number) => linkBarcode(digits, itemDistributorId),
    onSuccess: onLinked,
  });

  return (
    <Stack gap="xs" p="sm" bg="gray.0" style={{ borderRadius: 8 }}>
      <Text fz="sm">
        No item is linked to barcode <b>{digits}</b> here yet. Find the item it belongs to and link it once.
      </Text>
      <TextInput
        label="Item to link the barcode to"
        placeholder="Item name or number"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {candidates.isFetching && <Text fz="sm">Searching…</Text>}
      {candidates.data?.length === 0 && <Text fz="sm">No item of this location matches “{term}”.</Text>}
      {candidates.isError && <Text fz="sm">The items could not be searched: try again.</Text>}
      {candidates.data?.map((item) => (
        <Group key={item.itemDistributorId} justify="space-between" wrap="nowrap" gap="xs">
          <Text fz="sm" lineClamp={2} style={{ flex: 1 }}>
            {item.description} · {item.brand} · {item.packSize} · {item.distributor}
          </Text>
          <Button
            size="xs"
            variant="light"
            style={{ flexShrink: 0 }}
            aria-label={`Link barcode to ${item.description}, ${item.distributor}`}
            loading={link.isPending && link.variables === item.itemDistributorId}
            onClick={() => link.mutate(item.itemDistributorId)}
          >
            Link
          </Button>
        </Group>
      ))}
      {link.isError && (
        <Alert color="red" role="alert">
          {link.error.message}
        </Alert>
      )}
    </Stack>
  );
}
