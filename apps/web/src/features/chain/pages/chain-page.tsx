import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { Alert, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { getFailureText } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { useItemListStore } from '../../../lib/item-list-store';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session-store';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { useSwitchLocation } from '../../../shell/api/use-switch-location';
import { LoadFailed } from '../../../ui/load-failed';
import { downloadChainSheet, useChainSummary } from '../api/chain-api';
import { useTimeRange } from '../../../shared/time-range/time-range';
import { RangeTabs } from '../../../shared/time-range/range-tabs';
import { LocationsSummary } from '../components/locations-summary';
import { PriceVarianceTable } from '../components/price-variance-table';
import { StockTable } from '../components/stock-table';

function showFailure(title: string, error: unknown) {
  if (isApiError(error) && error.status === 401) return;
  openMessageModal({ title, message: getFailureText(isApiError(error) ? error.status : 0, (error as Error).message) });
}

/**
 * /chain (issue 39, desktop): every location the user belongs to, for a time filter — the group's
 * totals, each location's figures, and the items they paid different prices for.
 */
export function ChainPage() {
  // The header shows the page title as the page's one h1.
  usePageTitle('Chain');
  const { range, setRange } = useTimeRange();
  const summary = useChainSummary(range);
  const userId = useSession((s) => s.userId);
  const activeLocationId = useSession((s) => s.activeLocation?.id ?? null);
  const switchLocation = useSwitchLocation();
  const navigate = useNavigate();

  // Opening an item in a location's list: switch to that location the way the sidebar's switcher
  // does (PUT users/{id}), then search its place-order list for the item's DIN (an exact match).
  const openInLocation = async (locationId: number, din: string) => {
    try {
      if (locationId !== activeLocationId && userId !== null) {
        await switchLocation.mutateAsync({ id: userId, active_location_id: locationId });
      }
      useItemListStore.getState().setSearch(din);
      navigate('/place-order/list');
    } catch (error) {
      showFailure('Location not changed', error);
    }
  };
  const exportSheet = (kind: 'summary' | 'price-variance' | 'stock') =>
    downloadChainSheet(kind, range).catch((error: unknown) => showFailure('Export failed', error));

  const isForbidden = summary.isError && isApiError(summary.error) && summary.error.status === 403;
  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <RangeTabs range={range} onChange={setRange} />
      {isForbidden ? (
        <Alert color="gray" title="Nothing to compare yet">
          <Text fz="sm">{summary.error.message}</Text>
        </Alert>
      ) : summary.isError ? (
        <LoadFailed title="The chain figures could not be loaded." onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <LocationsSummary summary={summary.data} isPending={summary.isPending} onExport={() => void exportSheet('summary')} />
          {/* Both name the locations the summary brings: drawn once it is here, they neither show ids
              nor jump down the page as its rows arrive (CLS). */}
          {summary.data && (
            <>
              <PriceVarianceTable
                range={range}
                locations={summary.data.locations}
                onOpen={(locationId, din) => void openInLocation(locationId, din)}
                onExport={() => void exportSheet('price-variance')}
                isOpening={switchLocation.isPending}
              />
              <StockTable locations={summary.data.locations} onExport={() => void exportSheet('stock')} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
