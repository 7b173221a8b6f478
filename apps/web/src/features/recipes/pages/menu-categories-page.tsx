import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import type { MenuCategory } from '@stockpot/domain';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { useCreateMenuCategory, useDeleteMenuCategory, useMenuCategories, useRenameMenuCategory } from '../api/recipes-api';
import { failureText } from '../components/failure-text';
import classes from '../components/recipes.module.css';

function CategoryModal({ category, onClose }: { category: MenuCategory | null; onClose: () => void }) {
  const create = useCreateMenuCategory();
  const rename = useRenameMenuCategory();
  const [name, setName] = useState(category?.label ?? '');
  const [error, setError] = useState<string | null>(null);
  const isSaving = create.isPending || rename.isPending;
  const submit = () => {
    setError(null);
    const options = { onSuccess: onClose, onError: (e: unknown) => setError(failureText(e)) };
    if (category) rename.mutate({ id: category.value, name }, options);
    else create.mutate(name, options);
  };
  return (
    <Modal opened onClose={onClose} title={category ? 'Edit Menu Category' : 'New Menu Category'}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Category Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={name.trim() === ''} loading={isSaving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /recipe-costing: the menu categories (doc 2 §2). */
export function MenuCategoriesPage() {
  const categories = useMenuCategories();
  const remove = useDeleteMenuCategory();
  const [editing, setEditing] = useState<MenuCategory | null | 'new'>(null);

  const confirmDelete = (category: MenuCategory) =>
    openConfirmModal({
      title: 'Delete Category?',
      message: `"${category.label}" and its recipes will be deleted.`,
      confirmLabel: 'Delete',
      onConfirm: () => remove.mutate(category.value, { onError: (e) => openMessageModal({ message: failureText(e) }) }),
    });

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between">
        <Title order={1}>Menu</Title>
        <Button onClick={() => setEditing('new')}>New Menu Category</Button>
      </Group>
      {categories.isPending ? (
        <Stack role="status" aria-busy="true" aria-label="Loading menu categories">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={52} />
          ))}
        </Stack>
      ) : categories.isError ? (
        <LoadFailed title="The menu could not be loaded." onRetry={() => void categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <Text c="dimmed">There are no menu here yet!</Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.plainList}>
          {categories.data.map((category) => (
            <Paper key={category.value} withBorder p="sm" component="li" className={classes.row}>
              <Group justify="space-between" wrap="nowrap">
                <UnstyledButton component={Link} to={`/recipe-costing/${category.value}`} className={classes.rowLink}>
                  <Text fw={600}>{category.label}</Text>
                </UnstyledButton>
                <Group gap="xs" className={classes.rowActions}>
                  <Button size="xs" variant="default" aria-label={`Edit ${category.label}`} onClick={() => setEditing(category)}>
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Delete ${category.label}`}
                    onClick={() => confirmDelete(category)}
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {editing !== null && <CategoryModal category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
