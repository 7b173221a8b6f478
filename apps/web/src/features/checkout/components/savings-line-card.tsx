import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  describeSwapOffer,
  formatMoney,
  formatUnitPriceLabel,
  type SavingsMatch,
  type ShoppingCartMatch,
} from '@stockpot/domain';

interface SavingsLineCardProps {
  line: ShoppingCartMatch;
  isBusy: boolean;
  onSwap: (line: ShoppingCartMatch, match: SavingsMatch) => void;
  onReject: (line: ShoppingCartMatch, match: SavingsMatch) => void;
  onSwapBack: (line: ShoppingCartMatch) => void;
  onCancelReject: (line: ShoppingCartMatch, rejectedItemDistributorId: number) => void;
}

function describe(item: { brand: string; packSize: string; distributor: string; din: string }): string {
  return [item.brand, item.packSize, item.distributor, item.din && `#${item.din}`].filter(Boolean).join(' · ');
}

/**
 * The savings sentence (describeSwapOffer): per case in the cart and for the whole line, both from
 * the line totals the API computed, so they never contradict each other. Only an exact match can
 * cost more.
 */
function describeSavings(line: ShoppingCartMatch, match: SavingsMatch): string {
  return describeSwapOffer(line.quantity, {
    swapQuantity: match.swapQuantity,
    lineSavings: match.lineSavings,
    savingsPerCase: match.savings,
  });
}

function MatchRow({
  line,
  match,
  isBusy,
  onSwap,
  onReject,
}: { line: ShoppingCartMatch; match: SavingsMatch } & Pick<SavingsLineCardProps, 'isBusy' | 'onSwap' | 'onReject'>) {
  return (
    <Card withBorder radius="sm" padding="sm" role="listitem" aria-label={`${match.name}, ${match.distributor}`}>
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
        <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{match.name}</Text>
            <Badge variant="outline" color={match.matchType === 'ExactMatch' ? 'teal.9' : 'dark'} size="sm">
              {match.matchType === 'ExactMatch' ? 'Exact match' : 'Savings option'}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {describe(match)}
          </Text>
          <Text size="sm">
            {formatMoney(match.price)} / {match.unitMeasure || 'CS'} ·{' '}
            {formatUnitPriceLabel({ unitPrice: match.unitPrice, unit: match.unit })} (now{' '}
            {formatUnitPriceLabel({ unitPrice: match.originalUnitPrice, unit: match.unit })})
          </Text>
          <Text size="sm" fw={600} c={match.lineSavings > 0 ? 'teal.9' : undefined}>
            {describeSavings(line, match)}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            size="sm"
            onClick={() => onSwap(line, match)}
            disabled={isBusy}
            aria-label={`Swap ${line.name} for ${match.name} from ${match.distributor}`}
          >
            Swap
          </Button>
          <Button
            size="sm"
            variant="default"
            onClick={() => onReject(line, match)}
            disabled={isBusy}
            aria-label={`Reject ${match.name} from ${match.distributor} for ${line.name}`}
          >
            Reject
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/**
 * A cart line with its recommended matches (doc 1 §2 "Savings", §4): Swap or Reject per match, one
 * or the other; a swapped line offers 'Swap back' and a rejected match can have its reject cancelled.
 */
export function SavingsLineCard({ line, isBusy, onSwap, onReject, onSwapBack, onCancelReject }: SavingsLineCardProps) {
  const headingId = `savings-line-${line.shoppingCartId}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={`${line.name}, ${line.distributor}`}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="md" id={headingId}>
            {line.name}
          </Title>
          <Text size="xs" c="dimmed">
            {describe(line)}
          </Text>
          <Text size="sm">
            {line.quantity} × {formatMoney(line.price)} / {line.unitMeasure || 'CS'}
          </Text>
        </Stack>

        {line.swap ? (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">
              Swapped from <strong>{line.swap.name}</strong> ({line.swap.distributor}), saving{' '}
              {formatMoney(line.swap.savingsPerCase)} per case.
            </Text>
            <Button
              size="sm"
              variant="default"
              onClick={() => onSwapBack(line)}
              disabled={isBusy}
              aria-label={`Swap back to ${line.swap.name}`}
            >
              Swap back
            </Button>
          </Group>
        ) : line.matches.length > 0 ? (
          <Stack gap="xs" role="list" aria-label={`Matches for ${line.name}`}>
            {line.matches.map((match) => (
              <MatchRow
                key={match.itemDistributorId}
                line={line}
                match={match}
                isBusy={isBusy}
                onSwap={onSwap}
                onReject={onReject}
              />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No better match found for this item.
          </Text>
        )}

        {line.rejected.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Rejected
            </Text>
            {line.rejected.map((rejected) => (
              <Group key={rejected.itemDistributorId} justify="space-between" gap="sm" wrap="wrap">
                <Text size="sm" c="dimmed">
                  {rejected.name} · {describe(rejected)}
                </Text>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => onCancelReject(line, rejected.itemDistributorId)}
                  disabled={isBusy}
                  aria-label={`Cancel reject of ${rejected.name} from ${rejected.distributor}`}
                >
                  Cancel reject
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
