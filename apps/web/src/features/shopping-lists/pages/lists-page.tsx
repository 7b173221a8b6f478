import { Button, Card, EmptyState, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconListCheck, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session-store';
import { useShoppingLists } from '../api/use-shopping-lists';
import { LoadingRows } from '../components/list-page-states';
import { ADD_LIST_PATH, getListPath } from '../paths';
import { LoadFailed } from '../../../ui/load-failed';

function AddListButton() {
  return (
    <Button component={Link} to={ADD_LIST_PATH} leftSection={<IconPlus size={18} aria-hidden />}>
      Add List
    </Button>
  );
}

const itemCountText = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** /shopping-lists: every list of the active location, with a button to add one (doc 1 §2). */
export function ListsPage() {
  usePageTitle('Shopping Lists');
  const lists = useShoppingLists();
  const locationName = useSession((s) => s.activeLocation?.nickname);

  let content;
  if (lists.isPending) content = <LoadingRows label="Loading shopping lists" />;
  else if (lists.isError)
    content = <LoadFailed title="Your shopping lists could not be loaded" onRetry={() => void lists.refetch()} />;
  else if (lists.data.length === 0)
    content = (
      <Card withBorder radius="lg" padding="xl">
        <EmptyState variant="light">
          <EmptyState.Indicator>
            <IconListCheck size={28} aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>No shopping lists yet</EmptyState.Title>
          <EmptyState.Description maw={460}>
            Keep the items you order together in a list, then add the whole list to your cart in one go.
          </EmptyState.Description>
          <EmptyState.Actions>
            <AddListButton />
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  else
    content = (
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Shopping lists" style={{ listStyle: 'none' }}>
        {lists.data.map((list) => (
          <li key={list.id}>
            <Card withBorder radius="md" padding={0}>
              <UnstyledButton component={Link} to={getListPath(list.id)} p="md" w="100%" display="block">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} miw={0}>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {list.name}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {itemCountText(list.itemCount)}
                    </Text>
                  </Stack>
                  <IconChevronRight size={20} aria-hidden />
                </Group>
              </UnstyledButton>
            </Card>
          </li>
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg" maw={860} mx="auto" w="100%">
      <Group justify="space-between" align="center" gap="sm">
        <Text c="dimmed">{locationName ? `Shopping lists of ${locationName}.` : 'Your shopping lists.'}</Text>
        {!(lists.isSuccess && lists.data.length === 0) && <AddListButton />}
      </Group>
      {content}
    </Stack>
  );
}
