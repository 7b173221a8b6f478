/**
 * /inventory-view/inventories-detail?id=… (doc 2 §2, doc 3 §2.6, §4 "Inventory completion"): the
 * inventory summary with storage groups, comparison groups and items; search, expand/collapse all,
 * 'Show only items with missing on hand value', and the Complete/Reopen toggle. Reopen is disabled
 * unless the user's title contains 'owner' ('Only users with the owner title can reopen inventories.').
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Badge, Button, Checkbox, Group, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { INVENTORIES_TEXTS, canReopenInventory, formatIsoDate, formatMoney } from '@stockpot/domain';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-store';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { downloadInventory, useCompleteInventory, useInventoryDetail, useReopenInventory } from '../api/inventories-api';
import { InventoryViews } from '../components/inventory-views';

export function InventoryDetailPage() {
  const [params] = useSearchParams();
  const id = /^\d{1,9}$/.test(params.get('id') ?? '') ? Number(params.get('id')) : null;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [missingOnly, setMissingOnly] = useState(false);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const detail = useInventoryDetail(id, debounced, missingOnly);
  const title = useSession((s) => s.profile?.title ?? '');
  const complete = useCompleteInventory();
  const reopen = useReopenInventory();
  const navigate = useNavigate();

  if (id === null || (detail.isError && detail.error instanceof ApiError && detail.error.status === 404))
    return (
      <Stack gap="sm" maw={640} mx="auto" align="start">
        <Title order={1} fz="h2">
          Inventory
        </Title>
        <Text>This inventory was not found.</Text>
        <Button component={Link} to="/inventory-view/inventories">
          Back to inventories
        </Button>
      </Stack>
    );
  if (detail.isPending)
    return (
      <Stack gap="xs" maw={1100} mx="auto" w="100%" role="status" aria-busy="true" aria-label="Loading the inventory">
        <Skeleton h={32} w={240} />
        <Skeleton h={120} />
      </Stack>
    );
  if (detail.isError) return <LoadFailed title="The inventory could not be loaded." onRetry={() => void detail.refetch()} />;

  const { inventory, comparisonViews } = detail.data;
  const allIds = comparisonViews.map((view) => String(view.id));
  const open = expanded ?? allIds;
  const isComplete = inventory.status === 'completed';
  const mayReopen = canReopenInventory(title);
  const failed = (error: unknown) =>
    openMessageModal({ title: 'Inventory', message: error instanceof ApiError ? error.message : "Something wen't wrong" });

  const reopenButton = (
    <Button
      variant="default"
      disabled={!mayReopen}
      loading={reopen.isPending}
      onClick={() => reopen.mutate(inventory.id, { onError: failed })}
    >
      Reopen
    </Button>
  );
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="end" wrap="wrap">
        <div>
          <Group gap="xs">
            <Title order={1} fz="h2">
              Inventory of {formatIsoDate(inventory.start_date)}
            </Title>
            <Badge variant="outline" color={isComplete ? 'teal.9' : 'orange.9'}>
              {isComplete ? 'Complete' : 'Under way'}
            </Badge>
          </Group>
          <Text c="dimmed" fz="sm">
            {isComplete ? `Completed ${formatIsoDate(inventory.completed_date)} · ` : ''}Total on hand value{' '}
            {formatMoney(inventory.total_on_hand_value)}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/inventory-view/inventories">
            Back to inventories
          </Button>
          <Button
            variant="default"
            onClick={() =>
              void downloadInventory(inventory).catch(() => openMessageModal({ message: INVENTORIES_TEXTS.noInventory }))
            }
          >
            Download
          </Button>
          {isComplete ? (
            mayReopen ? (
              reopenButton
            ) : (
              <Tooltip label={INVENTORIES_TEXTS.reopenOwnerOnly}>
                <span>{reopenButton}</span>
              </Tooltip>
            )
          ) : (
            <Button
              loading={complete.isPending}
              onClick={() =>
                // Completing zeroes every on-hand value, so the detail asks as the review does (docs/decisions.md).
                openConfirmModal({
                  title: INVENTORIES_TEXTS.completeInventory,
                  message: INVENTORIES_TEXTS.confirmComplete,
                  confirmLabel: 'Confirm',
                  cancelLabel: 'Cancel',
                  onConfirm: () =>
                    complete.mutate(inventory.id, {
                      onSuccess: () => {
                        openMessageModal({ message: INVENTORIES_TEXTS.completed });
                        void navigate('/place-order/inventory');
                      },
                    }),
                })
              }
            >
              Complete
            </Button>
          )}
        </Group>
      </Group>
      {isComplete && !mayReopen && (
        <Text fz="sm" c="dimmed">
          {INVENTORIES_TEXTS.reopenOwnerOnly}
        </Text>
      )}
      <Group gap="sm" align="end" wrap="wrap">
        <TextInput
          label="Search this inventory"
          placeholder="Item, distributor or group"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={260}
        />
        <Checkbox
          label={INVENTORIES_TEXTS.missingOnHandFilter}
          checked={missingOnly}
          onChange={(event) => setMissingOnly(event.currentTarget.checked)}
          mb={6}
        />
        <Button variant="default" onClick={() => setExpanded(open.length > 0 ? [] : allIds)}>
          {open.length > 0 ? 'Collapse all' : 'Expand all'}
        </Button>
      </Group>
      {comparisonViews.length === 0 ? (
        <Text>No results found</Text>
      ) : (
        <InventoryViews views={comparisonViews} expanded={open} onExpandedChange={setExpanded} />
      )}
    </Stack>
  );
}
