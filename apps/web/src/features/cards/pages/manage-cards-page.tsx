import { Button, Card, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session-store';
import { usePaymentMethods } from '../../../shared/payment';
import { ADD_CARD_PATH } from '../card-paths';
import { CardListItem } from '../components/card-list-item';
import { LoadFailed } from '../../../ui/load-failed';

function AddCardButton() {
  return (
    <Button component={Link} to={ADD_CARD_PATH} leftSection={<IconPlus size={18} aria-hidden />}>
      Add Card
    </Button>
  );
}

function LoadingCards() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading cards">
      {[0, 1].map((i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={28} w={28} radius="sm" />
            <Stack gap={6} flex={1}>
              <Skeleton h={14} w="40%" />
              <Skeleton h={12} w="25%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** /manage-cards: the Credit Card List with an Add Card button (doc 3 §2.9). */
export function ManageCardsPage() {
  usePageTitle('Credit Card List');
  const cards = usePaymentMethods();
  const locationName = useSession((s) => s.activeLocation?.nickname);

  let content;
  if (cards.isPending) content = <LoadingCards />;
  else if (cards.isError) content = <LoadFailed title="Your cards could not be loaded" onRetry={() => void cards.refetch()} />;
  else if (cards.data.length === 0)
    content = (
      <Card withBorder radius="lg" padding="xl">
        <EmptyState variant="light">
          <EmptyState.Indicator>
            <IconCreditCard size={28} aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>No cards saved yet</EmptyState.Title>
          <EmptyState.Description maw={460}>
            Save a card to pay distributors that take cards at checkout. The card number stays with the payment service.
          </EmptyState.Description>
          <EmptyState.Actions>
            <AddCardButton />
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  else
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Saved cards" style={{ listStyle: 'none' }}>
        {cards.data.map((card) => (
          <CardListItem key={card.token} card={card} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <Group justify="space-between" align="center" gap="sm">
        <Text c="dimmed">{locationName ? `Cards saved for ${locationName}.` : 'Saved cards.'}</Text>
        {!(cards.isSuccess && cards.data.length === 0) && <AddCardButton />}
      </Group>
      {content}
    </Stack>
  );
}
