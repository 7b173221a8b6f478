import { useState } from 'react';
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { SIGN_UP_PRICE_TEXT, type GatewayError } from '@stockpot/domain';
import { CardDetailsFields, checkCardDetails, EMPTY_CARD_DETAILS, type CardDetailsValues } from '../../../shared/payment';
import { WizardButtons } from './wizard-buttons';

const FEATURES = ['Order from all your vendors in one place', 'Recipe costing', 'Inventory tracking', 'Purchase data analysis'];

interface PaymentStepProps {
  isSubmitting: boolean;
  /** The gateway's refusal of the last Done, shown under its card field. */
  gatewayError: GatewayError | null;
  onGatewayErrorSeen: () => void;
  onBack: () => void;
  onDone: (card: CardDetailsValues) => void;
}

/** Step 4 (doc 3 §2.11): the card and the feature bullets; Done stays disabled until the card is complete. */
export function PaymentStep({ isSubmitting, gatewayError, onGatewayErrorSeen, onBack, onDone }: PaymentStepProps) {
  const [card, setCard] = useState<CardDetailsValues>(EMPTY_CARD_DETAILS);
  const isComplete = checkCardDetails(card).isValid;

  return (
    <form
      noValidate
      aria-labelledby="sign-up-step-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (isComplete && !isSubmitting) onDone(card);
      }}
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id="sign-up-step-title">
          Payment Details
        </Title>
        <Text>
          Stockpot costs <strong>{SIGN_UP_PRICE_TEXT}</strong>. The one-time fee is charged to this card when you press Done.
        </Text>
        <List spacing={4} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />}>
          {FEATURES.map((f) => (
            <List.Item key={f}>{f}</List.Item>
          ))}
        </List>
        <CardDetailsFields
          values={card}
          onChange={setCard}
          gatewayError={gatewayError}
          onGatewayErrorSeen={onGatewayErrorSeen}
          withNickname={false}
        />
        <WizardButtons message={null}>
          <Button variant="default" onClick={onBack} disabled={isSubmitting}>
            Back
          </Button>
          <Button type="submit" disabled={!isComplete} loading={isSubmitting}>
            Done
          </Button>
        </WizardButtons>
      </Stack>
    </form>
  );
}
