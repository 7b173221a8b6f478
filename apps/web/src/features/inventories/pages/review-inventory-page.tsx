/**
 * /inventory-view/review-inventory (doc 2 §2, §4 "Inventory lifecycle"): the inventory under way
 * grouped by comparison view, and Complete Inventory: 'Are you sure you want to complete
 * inventory?' (Cancel/Confirm), then 'The inventory's complete!' and back to /place-order/inventory.
 * A failure to complete shows no message (doc 2 §8): the button comes back for another try.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { INVENTORIES_TEXTS, formatIsoDate, formatMoney } from '@stockpot/domain';
import { ApiError } from '../../../lib/api-error';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { useCompleteInventory, useInventoryReview } from '../api/inventories-api';
import { InventoryViews } from '../components/inventory-views';

export function ReviewInventoryPage() {
  const review = useInventoryReview();
  const complete = useCompleteInventory();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const views = review.data?.comparisonViews ?? [];
  const open = expanded ?? views.map((view) => String(view.id));

  const confirmComplete = () =>
    openConfirmModal({
      title: INVENTORIES_TEXTS.completeInventory,
      message: INVENTORIES_TEXTS.confirmComplete,
      confirmLabel: 'Confirm',
      cancelLabel: 'Cancel',
      onConfirm: () =>
        complete.mutate(review.data?.inventory.id, {
          onSuccess: () => {
            openMessageModal({ message: INVENTORIES_TEXTS.completed });
            void navigate('/place-order/inventory');
          },
        }),
    });

  if (review.isPending)
    return (
      <Stack gap="xs" maw={1100} mx="auto" w="100%" role="status" aria-busy="true" aria-label="Loading the inventory">
        <Skeleton h={32} w={240} />
        <Skeleton h={120} />
      </Stack>
    );
  if (review.isError && review.error instanceof ApiError && review.error.status === 404)
    return (
      <Stack gap="sm" maw={640} mx="auto" align="start">
        <Title order={1} fz="h2">
          Review Inventory
        </Title>
        <Text>No inventory is under way. Start one from the inventory view.</Text>
        <Button component={Link} to="/place-order/inventory">
          Go to the inventory view
        </Button>
      </Stack>
    );
  if (review.isError) return <LoadFailed title="The inventory could not be loaded." onRetry={() => void review.refetch()} />;

  const { inventory } = review.data;
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            Review Inventory
          </Title>
          <Text c="dimmed" fz="sm">
            Started {formatIsoDate(inventory.start_date)} · On hand value {formatMoney(inventory.total_on_hand_value)}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/place-order/inventory">
            Back to counting
          </Button>
          <Button onClick={confirmComplete} loading={complete.isPending}>
            {INVENTORIES_TEXTS.completeInventory}
          </Button>
        </Group>
      </Group>
      {views.length === 0 ? (
        <Text>There are no inventory lists to count yet.</Text>
      ) : (
        <InventoryViews views={views} expanded={open} onExpandedChange={setExpanded} />
      )}
    </Stack>
  );
}
