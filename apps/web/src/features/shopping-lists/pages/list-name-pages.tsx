import { Card, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useCreateShoppingList, useRenameShoppingList } from '../api/use-list-mutations';
import { useShoppingList } from '../api/use-shopping-list';
import { LoadingRows } from '../components/list-page-states';
import { ListNameForm } from '../components/list-name-form';
import { useListNotFoundRedirect } from '../components/use-list-not-found';
import { getListPath, SHOPPING_LISTS_PATH } from '../paths';
import { LoadFailed } from '../../../ui/load-failed';

function FormFrame({ heading, hint, children }: { heading: string; hint: string; children: React.ReactNode }) {
  return (
    <Stack gap="lg" maw={560} mx="auto" w="100%">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="lg">
              {heading}
            </Title>
            <Text fz="sm" c="dimmed">
              {hint}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Card>
    </Stack>
  );
}

/** /shopping-lists/add-list: the name form; the new list opens its catalogue screen to add items. */
export function AddListPage() {
  usePageTitle('Add List');
  const navigate = useNavigate();
  const create = useCreateShoppingList();
  return (
    <FormFrame heading="New shopping list" hint="List names are unique at this location.">
      <ListNameForm
        submitLabel="Create List"
        isSubmitting={create.isPending}
        onCancel={() => void navigate(SHOPPING_LISTS_PATH)}
        onSubmit={async (name) => {
          const list = await create.mutateAsync(name);
          void navigate(getListPath(list.id), { replace: true });
        }}
      />
    </FormFrame>
  );
}

/** /shopping-lists/update-list/{id}: the name form with the list's current name. */
export function UpdateListPage({ listId }: { listId: number }) {
  usePageTitle('Rename List');
  const navigate = useNavigate();
  const list = useShoppingList(listId);
  const rename = useRenameShoppingList(listId);
  const isMissing = useListNotFoundRedirect(list.error);
  if (isMissing) return null;
  return (
    <FormFrame heading="Rename shopping list" hint="List names are unique at this location.">
      {list.isPending ? (
        <LoadingRows label="Loading the list" count={1} />
      ) : list.isError ? (
        <LoadFailed title="The list could not be loaded" onRetry={() => void list.refetch()} />
      ) : (
        <ListNameForm
          initialName={list.data.name}
          submitLabel="Save"
          isSubmitting={rename.isPending}
          onCancel={() => void navigate(getListPath(listId))}
          onSubmit={async (name) => {
            await rename.mutateAsync(name);
            void navigate(getListPath(listId), { replace: true });
          }}
        />
      )}
    </FormFrame>
  );
}
