import { useState } from 'react';
import { Anchor, Button, Card, Group, Radio, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { isCardExpired, toYearMonth, type PaymentMethod } from '@stockpot/domain';
import { CardSummary, PaymentModal, usePaymentMethods, type PaymentPanel } from '../../../shared/payment';
import type { CheckoutChoices } from '../order-lines';

const isUsable = (card: PaymentMethod) => !isCardExpired(card.expMonth, card.expYear, toYearMonth(new Date()));

/** The card a card payment starts with: the default if usable, else the first usable one. */
export function pickDefaultCard(cards: PaymentMethod[]): PaymentMethod | undefined {
  return cards.find((c) => c.isDefault && isUsable(c)) ?? cards.find(isUsable);
}

interface PaymentFieldsProps {
  choices: CheckoutChoices;
  canPayByCard: boolean;
  amountCents: number;
  error?: string;
  onChange: (changes: Partial<CheckoutChoices>) => void;
}

/**
 * Payment terms or a saved card (doc 1 §2 "Shipping and payment"); cards only where doc 1 §5 allows
 * them. The payment modal chooses or adds a card; a card's details are edited on its card page.
 */
export function PaymentFields({ choices, canPayByCard, amountCents, error, onChange }: PaymentFieldsProps) {
  const cards = usePaymentMethods();
  const [panel, setPanel] = useState<PaymentPanel | null>(null);
  const list = cards.data ?? [];
  const chosen = list.find((card) => card.token === choices.cardToken);

  const choose = (value: string) => {
    if (value === 'card') onChange({ paymentType: 'card', cardToken: choices.cardToken ?? pickDefaultCard(list)?.token ?? null });
    else onChange({ paymentType: 'terms' });
  };

  return (
    <Stack gap="sm">
      <Radio.Group label="Payment method" value={canPayByCard ? choices.paymentType : 'terms'} onChange={choose} required>
        <Stack gap="xs" mt="xs">
          <Radio value="terms" label="Payment terms" description="Pay the distributor on your account's terms." />
          <Radio
            value="card"
            label="Credit card"
            disabled={!canPayByCard}
            description={canPayByCard ? 'Pay now with a saved card.' : 'Cards are not accepted for this order.'}
          />
        </Stack>
      </Radio.Group>
      {canPayByCard && choices.paymentType === 'card' && (
        <Card withBorder radius="md" padding="sm">
          <Stack gap="xs">
            {chosen ? (
              <CardSummary card={chosen} />
            ) : (
              <Text size="sm">{cards.isPending ? 'Loading your cards…' : 'No card chosen yet.'}</Text>
            )}
            <Group gap="xs" wrap="wrap">
              {list.length > 0 && (
                <Button size="xs" variant="default" onClick={() => setPanel('CREDIT CARD LIST')}>
                  Change card
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => setPanel('CARD DETAIL')}>
                Add card
              </Button>
              {chosen && (
                <Anchor component={Link} to={`/manage-cards/update-card/${encodeURIComponent(chosen.token)}`} size="xs">
                  Edit card
                </Anchor>
              )}
            </Group>
            {error && (
              <Text size="sm" c="red.8" role="alert">
                {error}
              </Text>
            )}
          </Stack>
        </Card>
      )}
      <PaymentModal
        opened={panel !== null}
        initialPanel={panel ?? 'CHECKOUT'}
        onClose={() => setPanel(null)}
        selectedToken={choices.cardToken}
        amountCents={amountCents}
        onConfirm={(card) => onChange({ paymentType: 'card', cardToken: card.token })}
      />
    </Stack>
  );
}
