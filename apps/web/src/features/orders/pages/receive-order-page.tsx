import { useState } from 'react';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Navigate, useNavigate } from 'react-router';
import {
  checkOrderItems,
  RECEIVING_MESSAGES,
  toDecimalString,
  type OrderItem,
  type OrderItemEdit,
  type OrderSummary,
  type ReceivingItemState,
} from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { useOrder, usePreReject } from '../api/order-history-api';
import { InvoiceSuggestionsSlot } from '../components/invoice-suggestions-slot';
import { NewItemModal } from '../components/new-item-modal';
import { OrderLoading, useRouteOrderId } from '../components/order-header';
import { RejectItemModal, type RejectChoice } from '../components/reject-item-modal';
import { ReceiveBarcode } from '../components/receive-barcode';
import { ReceiveLineCard } from '../components/receive-line-card';
import { ReceiveOrderHeader } from '../components/receive-order-header';
import { showReceivedMeanwhile } from '../received-meanwhile';
import { useReceivingLines } from '../hooks/use-receiving-lines';

/** What the order-complete screen receives through navigation state (doc 3 §2.5). */
export interface ReceiveNavigationState {
  result: import('@stockpot/domain').PreRejectResult;
  /** The order's receivingVersion when the receive screen loaded it (issue 33). */
  receivingVersion: number;
  itemList: ReceivingItemState[];
  items: OrderItemEdit[];
}

/** /order-history/receive/{id}: receive the order item by item (doc 3 §2.5, §4 "Receiving", §5). */
export function ReceiveOrderPage() {
  const orderId = useRouteOrderId();
  usePageTitle('Receive Order');
  const order = useOrder(orderId);
  if (Number.isNaN(orderId)) return <Navigate to="/order-history" replace />;
  if (order.isPending) return <OrderLoading label="Loading the order" />;
  if (order.isError) return <LoadFailed title="This order could not be loaded" onRetry={() => void order.refetch()} />;
  if (order.data.status === 'cancelled') return <Navigate to={`/order-history/view/${orderId}`} replace />;
  return <ReceiveOrder order={order.data} />;
}

function ReceiveOrder({ order }: { order: OrderSummary }) {
  const navigate = useNavigate();
  const preReject = usePreReject(order.id);
  // The version this screen started from: a background refetch must not make a stale save look fresh.
  const [receivingVersion] = useState(order.receivingVersion);
  const {
    lines,
    edits,
    setEdits,
    weights,
    setWeights,
    current,
    receiving,
    totals,
    isAllAccepted,
    setLine,
    accept,
    toggleAcceptAll,
    collectEdits,
  } = useReceivingLines(order);
  const [isEditing, setIsEditing] = useState(false);
  const [rejecting, setRejecting] = useState<OrderItem | null>(null);
  const [isAddingItem, setIsAddingItem] = useState(false);
  const [hint, setHint] = useState<string | null>(null);

  const onReject = (choice: RejectChoice) => {
    if (!rejecting) return;
    setLine(rejecting.oi_id, { status: 'rejected', ...choice });
    setRejecting(null);
    // After a reject the product offers to create a new item (doc 3 §2.5).
    openMessageModal({
      id: 'create-new-item',
      title: 'Create a new item?',
      message: 'If something else arrived in place of the rejected item, add it to this order.',
      buttonLabel: 'Add New Item',
      cancelLabel: 'No thanks',
      onConfirm: () => setIsAddingItem(true),
    });
  };

  const orderChecked = () => {
    setHint(null);
    const check = checkOrderItems(receiving);
    if (!check.ok && check.reason === 'not_all_checked') {
      setHint(RECEIVING_MESSAGES.notAllChecked);
      return;
    }
    if (!check.ok) {
      openMessageModal({ id: 'missing-prices', title: check.title, message: check.message, buttonLabel: check.button });
      return;
    }
    const itemList: ReceivingItemState[] = order.items.map((item) => {
      const state = lines[item.oi_id];
      return state.status === 'rejected'
        ? {
            id: item.oi_id,
            status: 'rejected',
            qtyReduction: Math.min(state.qtyReduction, current(item).quantity),
            rejectReason: state.rejectReason,
            rejectComment: state.rejectComment,
          }
        : { id: item.oi_id, status: 'accepted', qtyReduction: 0 };
    });
    const items = collectEdits();
    preReject.mutate(
      { itemList, items, receivingVersion },
      {
        onSuccess: (result) => {
          const state: ReceiveNavigationState = { result, itemList, items, receivingVersion };
          void navigate(`/order-history/receive/${order.id}/order-complete`, { state });
        },
        onError: (error) =>
          showReceivedMeanwhile(error, order.id) ||
          openMessageModal({
            id: 'pre-reject-failed',
            title: 'Alert',
            message: isApiError(error) ? error.message : 'The order could not be checked. Please try again.',
          }),
      },
    );
  };

  const rejectingLine = rejecting ? lines[rejecting.oi_id] : null;
  return (
    <Stack gap="md" maw={960} w="100%" mx="auto">
      <ReceiveOrderHeader order={order} totals={totals} />
      {/* Issue 36: what OCR read; its lines can be taken into the edits here, the number is confirmed on the next screen. */}
      <InvoiceSuggestionsSlot
        orderId={order.id}
        onUseLines={(read) => {
          setEdits((all) => ({
            ...all,
            ...Object.fromEntries(read.map((e) => [e.orderItemId, { quantity: e.quantity, price: e.price }])),
          }));
          setIsEditing(true);
        }}
      />

      <Group justify="space-between" gap="sm">
        <Group gap="lg">
          <Switch label="Edit" checked={isEditing} onChange={(e) => setIsEditing(e.currentTarget.checked)} />
          <Switch label="Accept All Items" checked={isAllAccepted} onChange={(e) => toggleAcceptAll(e.currentTarget.checked)} />
        </Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsAddingItem(true)}>
          Add New Item
        </Button>
      </Group>

      <ReceiveBarcode lines={order.items} />
      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Order items" style={{ listStyle: 'none' }}>
        {order.items.map((item) => {
          const { quantity, line } = current(item);
          return (
            <ReceiveLineCard
              key={item.oi_id}
              item={item}
              state={lines[item.oi_id]}
              quantity={quantity}
              line={line}
              edit={edits[item.oi_id] ?? { quantity: String(item.quantity), price: toDecimalString(item.price, 2) }}
              isEditing={isEditing}
              weight={weights[item.oi_id]}
              onWeightChange={(value) => setWeights((all) => ({ ...all, [item.oi_id]: value }))}
              onEditChange={(edit) => setEdits((all) => ({ ...all, [item.oi_id]: edit }))}
              onAccept={() => accept(item.oi_id)}
              onReject={() => setRejecting(item)}
            />
          );
        })}
      </Stack>

      {hint && (
        <Text c="orange.9" size="sm" role="status">
          {hint}
        </Text>
      )}
      <Group justify="flex-end">
        <Button size="md" onClick={orderChecked} loading={preReject.isPending}>
          Order Checked
        </Button>
      </Group>

      <RejectItemModal
        item={
          rejecting
            ? {
                name: rejecting.item,
                quantity: current(rejecting).quantity,
                initial:
                  rejectingLine?.status === 'rejected' && rejectingLine.rejectReason
                    ? {
                        qtyReduction: rejectingLine.qtyReduction,
                        rejectReason: rejectingLine.rejectReason,
                        rejectComment: rejectingLine.rejectComment,
                      }
                    : undefined,
              }
            : null
        }
        onClose={() => setRejecting(null)}
        onReject={onReject}
      />
      <NewItemModal orderId={order.id} opened={isAddingItem} onClose={() => setIsAddingItem(false)} />
    </Stack>
  );
}
