import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  billingFields,
  getFailureText,
  NICKNAME_MAX_LENGTH,
  validateBillingAddress,
  validateCardNickname,
  type PaymentMethod,
  type UpdatePaymentMethodRequest,
} from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { BillingFields, CardSummary, useUpdatePaymentMethod, type BillingValues } from '../../../shared/payment';

interface UpdateValues extends BillingValues {
  nickname: string;
  isDefault: boolean;
}

const FIELDS: readonly string[] = [...billingFields, 'nickname'];

/** Nickname, billing address and default of a saved card; the card itself cannot change (doc 3 §7 PATCH). */
export function UpdateCardForm({ card, onSaved, onCancel }: { card: PaymentMethod; onSaved: () => void; onCancel: () => void }) {
  const update = useUpdatePaymentMethod();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<UpdateValues>({
    initialValues: {
      nickname: card.nickname,
      address_line1: card.address1,
      address_line2: card.address2,
      address_city: card.city,
      address_state: card.state,
      address_zip: card.zip,
      isDefault: card.isDefault,
    },
    validateInputOnBlur: true,
    validate: (values) => {
      const nickname = validateCardNickname(values.nickname);
      return { ...validateBillingAddress(values), ...(nickname ? { nickname } : {}) };
    },
  });

  const save = form.onSubmit((values) => {
    setFailure(null);
    const changes: UpdatePaymentMethodRequest = {
      nickname: values.nickname.trim(),
      address_line1: values.address_line1,
      address_line2: values.address_line2,
      address_city: values.address_city,
      address_state: values.address_state,
      address_zip: values.address_zip,
      // The default only moves by choosing another card, so an unticked default is not sent.
      ...(values.isDefault && !card.isDefault ? { default: true } : {}),
    };
    update.mutate(
      { token: card.token, changes },
      {
        onSuccess: onSaved,
        onError: (error) => {
          // Doc 3 §8 "Card update failure": the server's message in an alert.
          const status = isApiError(error) ? error.status : 0;
          const fieldErrors = isApiError(error) ? error.errors.filter((e) => FIELDS.includes(e.field)) : [];
          if (fieldErrors.length) form.setErrors(Object.fromEntries(fieldErrors.map((e) => [e.field, e.message])));
          setFailure(getFailureText(status, error.message, [400, 404, 409, 422]));
        },
      },
    );
  });

  return (
    <form onSubmit={save} noValidate aria-label="Update card">
      <Stack gap="md">
        <CardSummary card={card} />
        {failure && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            {failure}
          </Alert>
        )}
        <TextInput
          label="Nickname"
          description="Optional, e.g. Kitchen Visa"
          maxLength={NICKNAME_MAX_LENGTH}
          {...form.getInputProps('nickname')}
        />
        <Title order={2} fz="h4">
          Billing info
        </Title>
        <BillingFields form={form} />
        <Checkbox
          label="Default card"
          description={
            card.isDefault
              ? 'To change the default, make another card the default.'
              : 'Pay with this card unless you choose another.'
          }
          disabled={card.isDefault}
          {...form.getInputProps('isDefault', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
