import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { formatIsoDateMdy, getDeliverySlots, isDeliveryTimeRequired, type OrderingDistributor } from '@stockpot/domain';
import type { CheckoutChoices } from '../order-lines';

interface DeliveryFieldsProps {
  distributor: OrderingDistributor;
  today: string;
  choices: CheckoutChoices;
  onChange: (changes: Partial<CheckoutChoices>) => void;
  errors: { deliveryDate?: string; deliveryTime?: string };
  /** Review order on a phone has the note in its own modal, so it leaves the note out here. */
  withNote?: boolean;
}

export function formatDeliveryDate(date: string, today: string): string {
  return date === today ? `Today (${formatIsoDateMdy(date)})` : formatIsoDateMdy(date);
}

/**
 * Delivery date (one of the distributor's delivery dates, required), delivery time (the slots of
 * doc 1 §5, required only when the date is not today and Stockpot delivers) and the note with its
 * clear button (disabled when the note is empty).
 */
export function DeliveryFields({ distributor, today, choices, onChange, errors, withNote = true }: DeliveryFieldsProps) {
  const slots = choices.deliveryDate ? getDeliverySlots(distributor.id, choices.deliveryDate) : [];
  const isTimeRequired =
    choices.deliveryDate !== '' && isDeliveryTimeRequired(choices.deliveryDate, today, distributor.isDelivery);
  return (
    <Stack gap="md">
      <Select
        label="Delivery date"
        placeholder="Choose a delivery date"
        required
        // Issue 31: why a nearer day is missing, and until when the first one can be ordered.
        description={distributor.orderCutoffNote ?? undefined}
        data={distributor.deliveryDates.map((date) => ({ value: date, label: formatDeliveryDate(date, today) }))}
        value={choices.deliveryDate || null}
        error={errors.deliveryDate}
        onChange={(value) => {
          const date = value ?? '';
          // A slot of another date may not exist on this one (weekends have no 2pm-5pm).
          const keepsTime = date !== '' && getDeliverySlots(distributor.id, date).some((s) => s.value === choices.deliveryTime);
          onChange({ deliveryDate: date, deliveryTime: keepsTime ? choices.deliveryTime : '' });
        }}
        nothingFoundMessage="No delivery dates"
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Delivery time"
        placeholder={choices.deliveryDate ? 'Choose a delivery time' : 'Choose a date first'}
        required={isTimeRequired}
        description={choices.deliveryDate && !isTimeRequired ? 'Optional' : undefined}
        disabled={!choices.deliveryDate}
        data={slots}
        value={choices.deliveryTime || null}
        error={errors.deliveryTime}
        clearable={!isTimeRequired}
        onChange={(value) => onChange({ deliveryTime: value ?? '' })}
      />
      {withNote && (
        <Stack gap={4}>
          <Textarea
            label="Delivery note"
            placeholder="Instructions for the driver or the distributor"
            rows={2}
            maxLength={1000}
            value={choices.notes}
            onChange={(event) => onChange({ notes: event.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="subtle" size="xs" disabled={choices.notes === ''} onClick={() => onChange({ notes: '' })}>
              Clear note
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
