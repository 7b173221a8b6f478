import { ActionIcon, Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { useDeleteRecipes } from '../api/recipes-api';
import { failureText } from './failure-text';

/**
 * Deletes one recipe after the spec's 'Delete Recipe?' confirmation (doc 2 §8), from its row in the
 * recipe table (an icon) or its editor (a button); `onDeleted` runs once it is gone.
 */
export function DeleteRecipeButton(props: {
  recipe: { id: number; name: string };
  variant: 'icon' | 'button';
  onDeleted?: () => void;
}) {
  const { recipe, variant, onDeleted } = props;
  const remove = useDeleteRecipes();
  const confirm = () =>
    openConfirmModal({
      message: 'Delete Recipe?',
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate([recipe.id], {
          onSuccess: () => onDeleted?.(),
          onError: (e) => openMessageModal({ message: failureText(e) }),
        }),
    });
  if (variant === 'icon')
    return (
      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${recipe.name}`} loading={remove.isPending} onClick={confirm}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    );
  return (
    <Button color="red" variant="light" loading={remove.isPending} onClick={confirm}>
      Delete Recipe
    </Button>
  );
}
