/** One order line on the receive screen: its figures, received weight, edits, and Accept / Reject. */
import { Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  formatOrderLineAmount,
  formatOrderLinePrice,
  getPricedByWeightNote,
  isPricedPerWeight,
  type OrderItem,
  type OrderLinePricing,
} from '@stockpot/domain';
import { PRICE, type LineState } from '../hooks/use-receiving-lines';
import { ReceivedWeightInput } from './received-weight-input';

/** What the line's quantity and price fields hold, as typed. */
export interface LineEdit {
  quantity: string;
  price: string;
}

export function ReceiveLineCard({
  item,
  state,
  quantity,
  line,
  edit,
  isEditing,
  weight,
  onWeightChange,
  onEditChange,
  onAccept,
  onReject,
}: {
  item: OrderItem;
  state: LineState;
  quantity: number;
  /** The line as the screen has it now (edits over the server's values). */
  line: OrderLinePricing;
  edit: LineEdit;
  isEditing: boolean;
  /** The received weight as typed, if it was. */
  weight: string | undefined;
  onWeightChange: (value: string) => void;
  onEditChange: (edit: LineEdit) => void;
  onAccept: () => void;
  onReject: () => void;
}) {
  return (
    <Card component="li" withBorder radius="md" padding="sm" aria-label={item.item}>
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
            <ReceivedWeightInput name={item.item} value={weight ?? item.receivedWeight ?? ''} onChange={onWeightChange} />
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
              onEditChange({ ...edit, quantity: value });
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
              onEditChange({ ...edit, price: value });
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
          onClick={onAccept}
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
          onClick={onReject}
        >
          Reject
        </Button>
      </Group>
    </Card>
  );
}
