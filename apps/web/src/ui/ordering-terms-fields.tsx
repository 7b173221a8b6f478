import { Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ISO_WEEKDAY_NAMES, type OrderingTermsForm } from '@stockpot/domain';

interface OrderingTermsFieldsProps {
  value: OrderingTermsForm;
  onChange: (value: OrderingTermsForm) => void;
  /** Tells apart the fields of several distributors on one page. */
  idPrefix: string;
}

/**
 * A location's ordering terms with a distributor (issue 31): delivery days, the order cut-off in the
 * location's time zone, the minimum order and the delivery fee. Shared by the sign-up wizard's
 * distributor editor and Edit Distributor's Ordering section.
 */
export function OrderingTermsFields({ value, onChange, idPrefix }: OrderingTermsFieldsProps) {
  const set = (patch: Partial<OrderingTermsForm>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="sm">
      <Checkbox.Group
        id={`${idPrefix}-days`}
        label="Delivery days"
        value={value.deliveryWeekdays.map(String)}
        onChange={(days) => set({ deliveryWeekdays: days.map(Number) })}
      >
        <Group gap="md" mt={6}>
          {ISO_WEEKDAY_NAMES.map((name, index) => (
            <Checkbox key={name} value={String(index + 1)} label={name} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          id={`${idPrefix}-cutoff`}
          label="Order cut-off time"
          description="In the location's time zone; leave empty for none"
          type="time"
          value={value.orderCutoffTime}
          onChange={(e) => set({ orderCutoffTime: e.currentTarget.value })}
        />
        <TextInput
          id={`${idPrefix}-cutoff-days`}
          label="Days before delivery"
          description="0 means the delivery day itself"
          inputMode="numeric"
          value={value.orderCutoffDaysBefore}
          onChange={(e) => set({ orderCutoffDaysBefore: e.currentTarget.value })}
        />
        <TextInput
          id={`${idPrefix}-minimum`}
          label="Minimum order amount"
          leftSection="$"
          inputMode="decimal"
          value={value.minOrderAmount}
          onChange={(e) => set({ minOrderAmount: e.currentTarget.value })}
        />
        <TextInput
          id={`${idPrefix}-fee`}
          label="Delivery fee"
          leftSection="$"
          inputMode="decimal"
          value={value.deliveryFee}
          onChange={(e) => set({ deliveryFee: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Checkbox
        id={`${idPrefix}-required`}
        label="The minimum order is required"
        checked={value.isMinOrderAmountRequired}
        onChange={(e) => set({ isMinOrderAmountRequired: e.currentTarget.checked })}
      />
    </Stack>
  );
}
