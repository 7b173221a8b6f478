import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  billingFields,
  getFailureText,
  SOMETHING_WENT_WRONG_TEXT,
  type GatewayError,
  type PaymentMethod,
} from '@stockpot/domain';
import { isApiError } from '../../lib/api-error';
import { BillingFields, billingFormOptions, EMPTY_BILLING, type BillingValues } from './billing-fields';
import {
  CardDetailsFields,
  checkCardDetails,
  EMPTY_CARD_DETAILS,
  getGatewayErrorField,
  toCardTokenFields,
  type CardDetailsValues,
} from './card-details-fields';
import { useAddPaymentMethod } from './payment-methods-api';
import { isCardTokenError } from './tokenize-card';

interface AddCardFormProps {
  onSaved: (card: PaymentMethod) => void;
  onCancel: () => void;
  /** Offer "Make this my default card"; the first card of a location is the default anyway. */
  canChooseDefault: boolean;
  /** Heading level of the step titles: 2 on a page, 3 inside a titled modal. */
  headingOrder?: 2 | 3;
}

/**
 * The card form of doc 3 §2.9 and §4: 'Step 1 of 2' card details, then 'Step 2 of 2' billing info.
 * Next opens only when the card fields are valid. Save tokenises the card with the gateway from the
 * browser and then saves the token; a gateway refusal returns to step 1 with its message under the
 * card field it is about.
 */
export function AddCardForm({ onSaved, onCancel, canChooseDefault, headingOrder = 2 }: AddCardFormProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const [card, setCard] = useState<CardDetailsValues>(EMPTY_CARD_DETAILS);
  const [gatewayError, setGatewayError] = useState<GatewayError | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isDefault, setIsDefault] = useState(false);
  const billing = useForm<BillingValues>({ initialValues: EMPTY_BILLING, ...billingFormOptions });
  const addCard = useAddPaymentMethod();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const hasMoved = useRef(false);
  const { isValid: isCardValid } = checkCardDetails(card);

  // Moving between steps puts focus on the new step's title, so it is announced.
  useEffect(() => {
    if (hasMoved.current) headingRef.current?.focus();
    hasMoved.current = true;
  }, [step]);

  const goNext = (event: FormEvent) => {
    event.preventDefault();
    if (!isCardValid) return;
    setFailure(null);
    setStep(2);
  };

  const save = billing.onSubmit((values) => {
    setFailure(null);
    addCard.mutate(
      { card: toCardTokenFields(card), billing: values, nickname: card.nickname.trim(), isDefault },
      {
        onSuccess: (saved) => {
          setCard(EMPTY_CARD_DETAILS);
          onSaved(saved);
        },
        onError: (error) => {
          if (isCardTokenError(error)) {
            const refusal = error.gatewayError;
            if (refusal.type === 'card_error' && getGatewayErrorField(refusal)) {
              setGatewayError(refusal);
              setStep(1);
            } else {
              setFailure(refusal.message);
            }
            return;
          }
          if (!isApiError(error)) {
            setFailure(SOMETHING_WENT_WRONG_TEXT);
            return;
          }
          const fieldErrors = error.errors.filter((e) => (billingFields as readonly string[]).includes(e.field));
          if (fieldErrors.length) billing.setErrors(Object.fromEntries(fieldErrors.map((e) => [e.field, e.message])));
          else setFailure(getFailureText(error.status, error.message));
        },
      },
    );
  });

  const failureAlert = failure && (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
      {failure}
    </Alert>
  );

  if (step === 1) {
    return (
      <form onSubmit={goNext} noValidate aria-labelledby={headingId}>
        <Stack gap="md">
          <div>
            <Text size="sm" fw={600} c="dimmed">
              Step 1 of 2
            </Text>
            <Title order={headingOrder} fz="h3" id={headingId} ref={headingRef} tabIndex={-1}>
              Card details
            </Title>
          </div>
          {failureAlert}
          <CardDetailsFields
            values={card}
            onChange={setCard}
            gatewayError={gatewayError}
            onGatewayErrorSeen={() => setGatewayError(null)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isCardValid || gatewayError !== null}>
              Next
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Text size="sm" fw={600} c="dimmed">
            Step 2 of 2
          </Text>
          <Title order={headingOrder} fz="h3" id={headingId} ref={headingRef} tabIndex={-1}>
            Billing info
          </Title>
        </div>
        {failureAlert}
        <BillingFields form={billing} />
        {canChooseDefault && (
          <Checkbox
            label="Make this my default card"
            checked={isDefault}
            onChange={(e) => setIsDefault(e.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStep(1)} disabled={addCard.isPending}>
            Back
          </Button>
          <Button type="submit" loading={addCard.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
