import { useState } from 'react';
import { Badge, Button, Card, Collapse, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { Navigate, useNavigate } from 'react-router';
import {
  checkOrderItems,
  computeReceivingTotals,
  formatIsoDateMdy,
  formatMoney,
  formatOrderLineAmount,
  formatOrderLinePrice,
  getOrderLineCents,
  isOrderLinePriceUnknown,
  getPricedByWeightNote,
  isPricedPerWeight,
  parseCents,
  RECEIVED_WEIGHT_PATTERN,
  RECEIVING_MESSAGES,
  toDecimalString,
  type OrderCreditLine,
  type OrderItem,
  type OrderItemEdit,
  type OrderSummary,
  type ReceivingItemState,
  type RejectReason,
} from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { useOrder, usePreReject } from '../api/order-history-api';
import { NewItemModal } from '../components/new-item-modal';
import { OrderLoading, useRouteOrderId } from '../components/order-header';
import { RejectItemModal, type RejectChoice } from '../components/reject-item-modal';
import { ReceivedWeightInput } from '../components/received-weight-input';
import { showReceivedMeanwhile } from '../received-meanwhile';

/** One line's receiving state on the screen. */
interface LineState {
  status: 'accepted' | 'rejected' | null;
  qtyReduction: number;
  rejectReason: RejectReason | null;
  rejectComment: string | null;
}

/** What the order-complete screen receives through navigation state (doc 3 §2.5). */
export interface ReceiveNavigationState {
  result: import('@stockpot/domain').PreRejectResult;
  /** The order's receivingVersion when the receive screen loaded it (issue 33). */
  receivingVersion: number;
  itemList: ReceivingItemState[];
  items: OrderItemEdit[];
}

const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

/** A line as the server sent it, as the order's money rules read it (the one line rule, issue 32). */
function toCreditLine(item: OrderItem): OrderCreditLine {
  return {
    quantity: item.quantity,
    price: item.price,
    statusReceived: null,
    qtyReduction: 0,
    isUnpriced: item.isSpecial === 1 || isOrderLinePriceUnknown(item),
    unitMeasure: item.unit_measure,
    isCatchWeight: Boolean(item.isCatchWeight),
    averageWeight: item.averageWeight,
    receivedWeight: item.receivedWeight,
  };
}

/** The saved receiving state of a line (a line added at receiving arrives accepted). */
function toLineState(item: OrderItem): LineState {
  return {
    status: item.receiveChecked ? (item.statusReceived as LineState['status']) : null,
    qtyReduction: item.qtyReduction,
    rejectReason: (item.rejectReason as RejectReason | null) ?? null,
    rejectComment: item.rejectComment,
  };
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
  const [changed, setLines] = useState<Record<number, LineState>>({});
  // Lines not touched on this screen (and items added at receiving) keep their saved state.
  const lines: Record<number, LineState> = Object.fromEntries(
    order.items.map((item) => [item.oi_id, changed[item.oi_id] ?? toLineState(item)]),
  );
  const [isEditing, setIsEditing] = useState(false);
  const [edits, setEdits] = useState<Record<number, { quantity: string; price: string }>>({});
  // Catch weight (issue 32): pounds received per line, as typed.
  const [weights, setWeights] = useState<Record<number, string>>({});
  const [rejecting, setRejecting] = useState<OrderItem | null>(null);
  const [isAddingItem, setIsAddingItem] = useState(false);
  const [showDetails, setShowDetails] = useState(false);
  const [hint, setHint] = useState<string | null>(null);

  /** The line as the screen has it now: edits over the server's values. */
  const current = (item: OrderItem) => {
    const edit = edits[item.oi_id];
    const quantity = edit && /^\d{1,6}$/.test(edit.quantity) ? Number(edit.quantity) : item.quantity;
    const price = edit && PRICE.test(edit.price) ? parseCents(edit.price) : item.price;
    const weight = weights[item.oi_id];
    const receivedWeight =
      weight !== undefined && RECEIVED_WEIGHT_PATTERN.test(weight.trim()) ? weight.trim() : item.receivedWeight;
    // A market price entered here prices the line (isEdited), as the server will once it is sent.
    const line = { ...item, quantity, price, receivedWeight, isEdited: item.isEdited || (edit !== undefined && price > 0) };
    return { quantity, price: isOrderLinePriceUnknown(line) ? 0 : price, line };
  };

  const receiving = order.items.map((item) => {
    const state = lines[item.oi_id];
    const { quantity, price, line } = current(item);
    return {
      ...toCreditLine(item),
      quantity,
      price,
      receivedWeight: line.receivedWeight,
      isUnpriced: item.isSpecial === 1 || isOrderLinePriceUnknown(line),
      receiveChecked: state.status !== null,
      statusReceived: state.status,
      qtyReduction: Math.min(state.qtyReduction, quantity),
    };
  });
  // The order's own total, moved by the edits not yet saved, by the one line rule: the figures history will show (issue 32).
  const editDelta = order.items.reduce(
    (sum, item, index) => sum + getOrderLineCents(receiving[index]) - getOrderLineCents(toCreditLine(item)),
    0,
  );
  const totals = computeReceivingTotals(receiving, order.orderedTotal + editDelta);
  const isAllAccepted = order.items.every((item) => lines[item.oi_id].status === 'accepted');

  const setLine = (id: number, state: LineState) => setLines((all) => ({ ...all, [id]: state }));
  const accept = (id: number) => setLine(id, { status: 'accepted', qtyReduction: 0, rejectReason: null, rejectComment: null });
  const toggleAcceptAll = (on: boolean) =>
    setLines(
      Object.fromEntries(
        order.items.map((item) => [
          item.oi_id,
          on
            ? { status: 'accepted', qtyReduction: 0, rejectReason: null, rejectComment: null }
            : { status: null, qtyReduction: 0, rejectReason: null, rejectComment: null },
        ]),
      ),
    );

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

  const collectEdits = (): OrderItemEdit[] =>
    order.items.flatMap((item) => {
      const edit = edits[item.oi_id];
      if (!edit && weights[item.oi_id] === undefined) return [];
      const weight = weights[item.oi_id]?.trim();
      const received_weight =
        weight && RECEIVED_WEIGHT_PATTERN.test(weight) && weight !== item.receivedWeight ? weight : undefined;
      const { quantity, price } = current(item);
      const isPriced = Boolean(item.isMarketPrice) && isOrderLinePriceUnknown(item) && price > 0;
      if (quantity === item.quantity && price === item.price && !isPriced && !received_weight) return [];
      return [{ order_item_id: item.oi_id, quantity, merchant_price: price, ...(received_weight ? { received_weight } : {}) }];
    });

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
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Text fw={700} fz="lg">
              {order.distributor}
            </Text>
            <Text size="sm" c="dimmed">
              Order #{order.id} · Delivery {formatIsoDateMdy(order.requestedDeliveryDate) || '—'}
            </Text>
          </Stack>
          <Button variant="subtle" size="xs" onClick={() => setShowDetails((v) => !v)} aria-expanded={showDetails}>
            {showDetails ? 'Hide Details' : 'Show Details'}
          </Button>
        </Group>
        <SimpleGrid cols={2} mt="sm" spacing="xs">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              On hand total
            </Text>
            <Text>{formatMoney(order.onHandTotal)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Order total
            </Text>
            <Text aria-live="polite">{formatMoney(totals.newTotal)}</Text>
          </Stack>
        </SimpleGrid>
        <Collapse expanded={showDetails}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm" spacing="xs">
            <Text size="sm">Submitted {order.createTimeDisplay}</Text>
            <Text size="sm">{order.lineItems} line items</Text>
            <Text size="sm">Original {formatMoney(totals.originalTotal)}</Text>
            <Text size="sm">Rejected {formatMoney(totals.creditRefusal)}</Text>
            {order.notes && <Text size="sm">Notes: {order.notes}</Text>}
          </SimpleGrid>
        </Collapse>
      </Card>

      <Group justify="space-between" gap="sm">
        <Group gap="lg">
          <Switch label="Edit" checked={isEditing} onChange={(e) => setIsEditing(e.currentTarget.checked)} />
          <Switch label="Accept All Items" checked={isAllAccepted} onChange={(e) => toggleAcceptAll(e.currentTarget.checked)} />
        </Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsAddingItem(true)}>
          Add New Item
        </Button>
      </Group>

      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Order items" style={{ listStyle: 'none' }}>
        {order.items.map((item) => {
          const state = lines[item.oi_id];
          const { quantity, line } = current(item);
          const edit = edits[item.oi_id] ?? { quantity: String(item.quantity), price: toDecimalString(item.price, 2) };
          return (
            <Card component="li" key={item.oi_id} withBorder radius="md" padding="sm" aria-label={item.item}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.item}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[item.brand, item.packSize, item.din && `#${item.din}`].filter(Boolean).join(' · ')}
                  </Text>
                  {!isEditing && (
                    <Text size="sm">
                      {quantity} × {formatOrderLinePrice(line)} = {formatOrderLineAmount(line)}
                    </Text>
                  )}
                  {isPricedPerWeight({ unitMeasure: item.unit_measure, isCatchWeight: Boolean(item.isCatchWeight) }) && (
                    <Text size="xs" c="dimmed">
                      {getPricedByWeightNote(item.unit_measure)}
                    </Text>
                  )}
                  {isPricedPerWeight({ unitMeasure: item.unit_measure, isCatchWeight: Boolean(item.isCatchWeight) }) && (
                    <ReceivedWeightInput
                      name={item.item}
                      value={weights[item.oi_id] ?? item.receivedWeight ?? ''}
                      onChange={(value) => setWeights((all) => ({ ...all, [item.oi_id]: value }))}
                    />
                  )}
                  {state.status === 'rejected' && (
                    <Text size="sm" c="red.8">
                      Rejected {Math.min(state.qtyReduction, quantity)} · {state.rejectReason}
                      {state.rejectComment ? `: ${state.rejectComment}` : ''}
                    </Text>
                  )}
                </Stack>
                {state.status === 'accepted' && (
                  <Badge color="teal" c="dark.8" variant="dot" tt="none">
                    Accepted
                  </Badge>
                )}
                {state.status === 'rejected' && (
                  <Badge color="red" c="dark.8" variant="dot" tt="none">
                    Rejected
                  </Badge>
                )}
              </Group>
              {isEditing && (
                <Group gap="sm" mt="xs" grow>
                  <TextInput
                    label={`Quantity of ${item.item}`}
                    value={edit.quantity}
                    inputMode="numeric"
                    error={/^\d{1,6}$/.test(edit.quantity) ? undefined : 'Whole number'}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setEdits((all) => ({ ...all, [item.oi_id]: { ...edit, quantity: value } }));
                    }}
                  />
                  <TextInput
                    label={`Price of ${item.item}`}
                    value={edit.price}
                    leftSection="$"
                    inputMode="decimal"
                    error={PRICE.test(edit.price) ? undefined : 'A price like 24.50'}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setEdits((all) => ({ ...all, [item.oi_id]: { ...edit, price: value } }));
                    }}
                  />
                </Group>
              )}
              <Group gap="xs" mt="xs" grow>
                <Button
                  size="sm"
                  variant={state.status === 'accepted' ? 'filled' : 'default'}
                  color="teal.9"
                  leftSection={<IconCheck size={16} aria-hidden />}
                  aria-pressed={state.status === 'accepted'}
                  aria-label={`Accept ${item.item}`}
                  onClick={() => accept(item.oi_id)}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant={state.status === 'rejected' ? 'filled' : 'default'}
                  color="red.9"
                  leftSection={<IconX size={16} aria-hidden />}
                  aria-pressed={state.status === 'rejected'}
                  aria-label={`Reject ${item.item}`}
                  onClick={() => setRejecting(item)}
                >
                  Reject
                </Button>
              </Group>
            </Card>
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
