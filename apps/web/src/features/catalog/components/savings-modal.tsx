import { Badge, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import {
  formatMoney,
  formatUnitPriceLabel,
  getEffectivePrice,
  getItemAccessibleName,
  MARKET_PRICE_LABEL,
  truncateDescription,
  type ListItem,
} from '@stockpot/domain';
import { useItemMatches, type ItemMatch } from '../api/use-item-matches';
import { CartControl } from './cart-control';
import classes from './savings-modal.module.css';
import { LoadFailed } from '../../../ui/load-failed';

function MatchCard({ match, today, hasCart }: { match: ItemMatch; today: string; hasCart: boolean }) {
  const label = getItemAccessibleName(match);
  const meta = [match.brand, match.distributor, match.packSize].filter(Boolean).join(' · ');
  const asListItem: ListItem = { ...match, matchType: match.matchType };
  return (
    <li className={classes.match} aria-label={label}>
      <Stack gap={4} className={classes.matchInfo}>
        <Group gap="xs">
          <Text fw={700} title={match.name}>
            {truncateDescription(match.name)}
          </Text>
          <Badge size="sm" variant="light" c="stockpot.9" tt="none">
            {match.matchType === 'ExactMatch' ? 'Exact match' : 'Savings option'}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {meta}
        </Text>
        <Text fz="sm">
          {match.isMarketPrice ? MARKET_PRICE_LABEL : formatMoney(getEffectivePrice(match, today))}
          {' · '}
          {formatUnitPriceLabel({ unitPrice: match.normalisedUnitPrice, unit: match.normalisedUnit })}
        </Text>
        {match.savings > 0 && (
          <Text fz="sm" fw={700} c="stockpot.8">
            Save {formatMoney(match.savings)} per case
          </Text>
        )}
        {match.reasons.length > 0 && (
          <List size="sm" spacing={2} aria-label="Why it matches">
            {match.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        )}
      </Stack>
      {hasCart && (
        <div className={classes.matchCart}>
          <CartControl item={asListItem} label={label} source="savings" />
        </div>
      )}
    </li>
  );
}

interface SavingsModalProps {
  item: ListItem;
  today: string;
  hasCart: boolean;
  onClose: () => void;
}

/** 'View savings': the item's matches from GET items/matches/{id}, each with what it saves and why, and Add. */
export function SavingsModal({ item, today, hasCart, onClose }: SavingsModalProps) {
  const matches = useItemMatches(item.itemDistributorId);
  return (
    <Modal opened onClose={onClose} title={`Savings for ${truncateDescription(item.name)}`} size="lg" centered>
      {matches.isLoading && (
        <Group justify="center" py="lg">
          <Loader aria-label="Loading savings" />
        </Group>
      )}
      {matches.error && <LoadFailed title="The savings could not be loaded" onRetry={() => void matches.refetch()} />}
      {matches.data && matches.data.matches.length === 0 && <Text>No savings were found for this item.</Text>}
      {matches.data && matches.data.matches.length > 0 && (
        <ul className={classes.matches}>
          {matches.data.matches.map((match) => (
            <MatchCard key={match.itemDistributorId} match={match} today={today} hasCart={hasCart} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
