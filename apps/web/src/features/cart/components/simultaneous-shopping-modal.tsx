import { useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SIMULTANEOUS_SHOPPING_TEXT, SIMULTANEOUS_SHOPPING_TITLE } from '@stockpot/domain';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useCartSync, useCartSyncState } from '../../../shared/cart/cart-sync-context';

const REVIEW_ORDER_PATH = '/checkout-ordering/review-order';

/**
 * The simultaneous-shopping warning (doc 1 §4): the lines someone else changed, with this user's
 * wanted quantity. It must be answered: Discard keeps the other change and opens review order;
 * Apply resends this user's quantities with the new lastModified. Neither loses a change unseen.
 */
export function SimultaneousShoppingModal() {
  const cartSync = useCartSync();
  const items = useCartSyncState((s) => s.sameModifiedItems);
  const navigate = useNavigate();
  const [isBusy, setIsBusy] = useState(false);
  const isDesktop = useIsDesktop();

  const discard = async () => {
    setIsBusy(true);
    try {
      await cartSync.discardSameModifiedItems();
    } finally {
      setIsBusy(false);
    }
    navigate(REVIEW_ORDER_PATH);
  };

  return (
    <Modal
      opened={items.length > 0}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={SIMULTANEOUS_SHOPPING_TITLE}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Text>{SIMULTANEOUS_SHOPPING_TEXT}</Text>
        {isDesktop ? (
          <Table.ScrollContainer minWidth={360}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Current quantity</Table.Th>
                  <Table.Th scope="col">Modify-to quantity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={`${item.shoppingCartId}:${item.itemDistributorId}`}>
                    <Table.Td>{item.name}</Table.Td>
                    <Table.Td>{item.currentQuantity}</Table.Td>
                    <Table.Td>{item.requestedQuantity}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          // A phone: one block per line instead of a three-column table that scrolls sideways (issue 23).
          <Stack component="ul" gap="xs" p={0} m={0} aria-label="Changed lines" style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <Stack
                component="li"
                key={`${item.shoppingCartId}:${item.itemDistributorId}`}
                gap={2}
                p="xs"
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item.name}
                </Text>
                <Text fz="sm">Current quantity: {item.currentQuantity}</Text>
                <Text fz="sm">Modify-to quantity: {item.requestedQuantity}</Text>
              </Stack>
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void discard()} disabled={isBusy}>
            Discard
          </Button>
          <Button onClick={() => void cartSync.applySameModifiedItems()} disabled={isBusy}>
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
