import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBrandMastercard, IconBrandVisa, IconCreditCard } from '@tabler/icons-react';
import { isCardExpired, toYearMonth, type PaymentMethod } from '@stockpot/domain';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** "12/30", as the card shows it. */
export function formatCardExpiry(expMonth: number, expYear: number): string {
  return `${pad2(expMonth)}/${pad2(expYear % 100)}`;
}

function BrandIcon({ cardType }: { cardType: string }) {
  const props = { size: 28, stroke: 1.5, 'aria-hidden': true } as const;
  if (cardType === 'Visa') return <IconBrandVisa {...props} />;
  if (cardType === 'MasterCard') return <IconBrandMastercard {...props} />;
  return <IconCreditCard {...props} />;
}

/** How a person reads a card out: "Visa ending in 4242". */
export function describeCard(card: Pick<PaymentMethod, 'cardType' | 'last4'>): string {
  return `${card.cardType} ending in ${card.last4}`;
}

/** A saved card at a glance: brand, •••• last 4, nickname, expiry and the Default badge. */
export function CardSummary({ card, withDefaultBadge = true }: { card: PaymentMethod; withDefaultBadge?: boolean }) {
  const isExpired = isCardExpired(card.expMonth, card.expYear, toYearMonth(new Date()));
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <BrandIcon cardType={card.cardType} />
      <Stack gap={2} miw={0}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>
            {card.cardType} <span aria-hidden>••••</span> <VisuallyHidden>ending in</VisuallyHidden> {card.last4}
          </Text>
          {withDefaultBadge && card.isDefault && (
            <Badge variant="light" size="sm">
              Default
            </Badge>
          )}
        </Group>
        {card.nickname && (
          <Text size="sm" truncate="end">
            {card.nickname}
          </Text>
        )}
        <Text size="sm" c={isExpired ? 'red.9' : 'dimmed'}>
          {isExpired ? 'Expired' : 'Expires'} {formatCardExpiry(card.expMonth, card.expYear)}
        </Text>
      </Stack>
    </Group>
  );
}
