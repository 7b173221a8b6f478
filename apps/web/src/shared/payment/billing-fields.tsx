import { Group, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { validateBillingAddress, type BillingAddressInput } from '@stockpot/domain';

export interface BillingValues {
  address_line1: string;
  address_line2: string;
  address_city: string;
  address_state: string;
  address_zip: string;
}

export const EMPTY_BILLING: BillingValues = {
  address_line1: '',
  address_line2: '',
  address_city: '',
  address_state: '',
  address_zip: '',
};

/** Form options for the billing fields: doc 3 §5 rules, messages under each field once it is left. */
export const billingFormOptions = {
  validateInputOnBlur: true,
  validate: (values: BillingValues) => validateBillingAddress(values satisfies BillingAddressInput),
};

/** Billing info (doc 3 §2.9 'Step 2 of 2' and the update form). */
export function BillingFields<T extends BillingValues>({ form }: { form: UseFormReturnType<T> }) {
  // The form's values are a superset of the billing fields; the paths below are its own keys.
  const field = (name: keyof BillingValues) => form.getInputProps(name as never);
  return (
    <Stack gap="sm">
      <TextInput label="Address line 1" autoComplete="billing address-line1" withAsterisk {...field('address_line1')} />
      <TextInput label="Address line 2" autoComplete="billing address-line2" {...field('address_line2')} />
      <TextInput label="City" autoComplete="billing address-level2" withAsterisk {...field('address_city')} />
      <Group grow align="flex-start" gap="sm">
        <TextInput
          label="State"
          description="2 letters, e.g. MA"
          autoComplete="billing address-level1"
          maxLength={2}
          withAsterisk
          {...field('address_state')}
        />
        <TextInput
          label="Zip"
          description="5 digits"
          autoComplete="billing postal-code"
          inputMode="numeric"
          maxLength={5}
          withAsterisk
          {...field('address_zip')}
        />
      </Group>
    </Stack>
  );
}
