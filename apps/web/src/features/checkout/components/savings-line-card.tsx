import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney, formatUnitPrice, type SavingsMatch, type ShoppingCartMatch } from '@stockpot/domain';

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

/** A match can cost more than the cart line (an exact match at a higher price, or a smaller pack that needs an extra case): say so instead of showing a negative saving. */
function describeSavings(match: SavingsMatch): string {
  const perCase =
    match.savings >= 0 ? `Save ${formatMoney(match.savings)} per case` : `${formatMoney(-match.savings)} more per case`;
  const line =
    match.lineSavings >= 0
      ? `${match.swapQuantity} case(s) would save ${formatMoney(match.lineSavings)}`
      : `${match.swapQuantity} case(s) would cost ${formatMoney(-match.lineSavings)} more`;
  return `${perCase} · ${line}`;
}

function MatchRow({
  line,
  match,
  isBusy,
  onSwap,
  onReject,
}: { line: ShoppingCartMatch; match: SavingsMatch } & Pick<SavingsLineCardProps, 'isBusy' | 'onSwap' | 'onReject'>) {
  return (
    <Card withBorder radius="sm" padding="sm" role="listitem" aria-label={match.name}>
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
            {formatMoney(match.price)} / {match.unitMeasure || 'CS'} · {formatUnitPrice(match.unitPrice)} per {match.unit} (now{' '}
            {formatUnitPrice(match.originalUnitPrice)})
          </Text>
          <Text size="sm" fw={600} c={match.lineSavings > 0 ? 'teal.9' : undefined}>
            {describeSavings(match)}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            size="sm"
            onClick={() => onSwap(line, match)}
            disabled={isBusy}
            aria-label={`Swap ${line.name} for ${match.name}`}
          >
            Swap
          </Button>
          <Button
            size="sm"
            variant="default"
            onClick={() => onReject(line, match)}
            disabled={isBusy}
            aria-label={`Reject ${match.name} for ${line.name}`}
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
                  aria-label={`Cancel reject of ${rejected.name}`}
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
