import { useState } from 'react';
import { Button, Card, Center, EmptyState, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { formatMoney, isCardExpired, toYearMonth, type PaymentMethod } from '@stockpot/domain';
import { useIsDesktop } from '../../lib/use-is-desktop';
import { AddCardForm } from './add-card-form';
import { CardSummary } from './card-summary';
import { usePaymentMethods } from './payment-methods-api';
import { LoadFailed } from '../../ui/load-failed';

/** The payment modal's panel states (doc 1 §2 "Payment modal with panel states …"). */
export const PAYMENT_PANELS = ['CHECKOUT', 'CREDIT CARD LIST', 'CARD DETAIL'] as const;
export type PaymentPanel = (typeof PAYMENT_PANELS)[number];

const PANEL_TITLES: Record<PaymentPanel, string> = {
  CHECKOUT: 'Payment',
  'CREDIT CARD LIST': 'Credit Card List',
  'CARD DETAIL': 'Add Card',
};

export interface PaymentModalProps {
  opened: boolean;
  onClose: () => void;
  /** The card the user chose; the modal closes after. */
  onConfirm: (card: PaymentMethod) => void;
  /** The card chosen before, if any; otherwise the default card is offered. */
  selectedToken?: string | null;
  /** The amount the card will pay, in cents, shown on the checkout panel. */
  amountCents?: number;
  initialPanel?: PaymentPanel;
}

const isUsable = (card: PaymentMethod) => !isCardExpired(card.expMonth, card.expYear, toYearMonth(new Date()));

/** The card offered first: the one chosen before, else the default, else the first usable card. */
function pickCard(cards: PaymentMethod[], token: string | null): PaymentMethod | undefined {
  return cards.find((c) => c.token === token) ?? cards.find((c) => c.isDefault && isUsable(c)) ?? cards.find(isUsable);
}

interface PanelProps extends Omit<PaymentModalProps, 'opened' | 'initialPanel'> {
  panel: PaymentPanel;
  setPanel: (panel: PaymentPanel) => void;
}

function PanelContent({ panel, setPanel, onClose, onConfirm, selectedToken = null, amountCents }: PanelProps) {
  const [checkedToken, setCheckedToken] = useState<string | null>(selectedToken);
  const cards = usePaymentMethods();
  const list = cards.data ?? [];
  const checked = pickCard(list, checkedToken);

  if (panel === 'CARD DETAIL') {
    return (
      <AddCardForm
        headingOrder={3}
        canChooseDefault={list.length > 0}
        onSaved={(card) => {
          setCheckedToken(card.token);
          setPanel('CHECKOUT');
        }}
        onCancel={() => setPanel(list.length ? 'CREDIT CARD LIST' : 'CHECKOUT')}
      />
    );
  }

  if (cards.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading cards">
        <Loader />
      </Center>
    );
  }
  if (cards.isError) {
    return <LoadFailed title="Your cards could not be loaded" onRetry={() => void cards.refetch()} />;
  }
  if (list.length === 0) {
    return (
      <EmptyState variant="light">
        <EmptyState.Indicator>
          <IconCreditCard size={28} aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title order={3}>No cards saved yet</EmptyState.Title>
        <EmptyState.Description>Add a card to pay this order with it.</EmptyState.Description>
        <EmptyState.Actions>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setPanel('CARD DETAIL')}>
            Add Card
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  if (panel === 'CREDIT CARD LIST') {
    return (
      <Stack gap="md">
        <Radio.Group value={checked?.token ?? null} onChange={setCheckedToken} label="Pay with" name="payment-card">
          <Stack gap="xs" mt="xs">
            {list.map((card) => (
              <Radio.Card key={card.token} value={card.token} radius="md" p="sm" disabled={!isUsable(card)}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={4} />
                  <CardSummary card={card} />
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="space-between" gap="sm">
          <Button variant="default" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setPanel('CARD DETAIL')}>
            Add Card
          </Button>
          <Button onClick={() => setPanel('CHECKOUT')} disabled={!checked}>
            Done
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {amountCents !== undefined && (
        <Text>
          Amount to pay: <strong>{formatMoney(amountCents)}</strong>
        </Text>
      )}
      <Card withBorder radius="md" padding="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          {checked ? <CardSummary card={checked} /> : <Text>Every saved card has expired. Add a card to pay.</Text>}
          <Button variant="default" size="xs" onClick={() => setPanel('CREDIT CARD LIST')}>
            Change card
          </Button>
        </Group>
      </Card>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!checked}
          onClick={() => {
            if (!checked) return;
            onConfirm(checked);
            onClose();
          }}
        >
          Use this card
        </Button>
      </Group>
    </Stack>
  );
}

/** Header and panel; mounted only while the modal is open, so every opening starts afresh. */
function PaymentModalContent({ initialPanel = 'CHECKOUT', ...props }: Omit<PaymentModalProps, 'opened'>) {
  const [panel, setPanel] = useState<PaymentPanel>(initialPanel);
  return (
    <>
      <Modal.Header>
        <Modal.Title fw={700} fz="lg">
          {PANEL_TITLES[panel]}
        </Modal.Title>
        <Modal.CloseButton aria-label="Close" />
      </Modal.Header>
      <Modal.Body>
        <PanelContent {...props} panel={panel} setPanel={setPanel} />
      </Modal.Body>
    </>
  );
}

/**
 * Choosing how to pay by card at checkout (doc 1 §2, §5): CHECKOUT shows the card that will pay,
 * CREDIT CARD LIST picks another saved card, CARD DETAIL adds one with the two-step card form. Open
 * it only where cards are offered (canPayByCard). Full screen on a phone.
 */
export function PaymentModal({ opened, ...props }: PaymentModalProps) {
  const isDesktop = useIsDesktop();
  return (
    <Modal.Root opened={opened} onClose={props.onClose} size="lg" fullScreen={!isDesktop} centered>
      <Modal.Overlay />
      <Modal.Content>{opened && <PaymentModalContent {...props} />}</Modal.Content>
    </Modal.Root>
  );
}
