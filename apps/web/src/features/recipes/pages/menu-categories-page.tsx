import { useState } from 'react';
import { Link } from 'react-router';
import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { MenuCategory } from '@stockpot/domain';
import { useIsDesktop } from '../../../lib/use-is-desktop';
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

/** The phone's options sheet of one menu category (doc 2 §2: "mobile: options sheet"), in place of inline buttons. */
function CategoryOptionsSheet(props: { category: MenuCategory; onEdit: () => void; onDelete: () => void; onClose: () => void }) {
  const { category, onEdit, onDelete, onClose } = props;
  return (
    <Drawer opened onClose={onClose} position="bottom" size="auto" title={category.label}>
      <Stack gap="xs" pb="md">
        <Button variant="default" fullWidth component={Link} to={`/recipe-costing/${category.value}`}>
          Open
        </Button>
        <Button variant="default" fullWidth onClick={onEdit}>
          Edit
        </Button>
        <Button color="red" variant="light" fullWidth onClick={onDelete}>
          Delete
        </Button>
      </Stack>
    </Drawer>
  );
}

/** /recipe-costing: the menu categories (doc 2 §2). */
export function MenuCategoriesPage() {
  const categories = useMenuCategories();
  const remove = useDeleteMenuCategory();
  const [editing, setEditing] = useState<MenuCategory | null | 'new'>(null);
  const [sheetFor, setSheetFor] = useState<MenuCategory | null>(null);
  const isDesktop = useIsDesktop();

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
                {isDesktop ? (
                  <Group gap="xs" className={classes.rowActions}>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Edit ${category.label}`}
                      onClick={() => setEditing(category)}
                    >
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
                ) : (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`Options for ${category.label}`}
                    aria-haspopup="dialog"
                    onClick={() => setSheetFor(category)}
                  >
                    <Text fw={700} aria-hidden>
                      ⋯
                    </Text>
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {sheetFor && (
        <CategoryOptionsSheet
          category={sheetFor}
          onClose={() => setSheetFor(null)}
          onEdit={() => {
            setSheetFor(null);
            setEditing(sheetFor);
          }}
          onDelete={() => {
            setSheetFor(null);
            confirmDelete(sheetFor);
          }}
        />
      )}
      {editing !== null && <CategoryModal category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
