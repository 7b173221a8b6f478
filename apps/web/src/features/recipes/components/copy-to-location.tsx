import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { getRecipeCopiedNotice, type Recipe } from '@stockpot/domain';
import { useSession } from '../../../lib/session-store';
import { useCopyRecipeToLocation } from '../api/recipes-api';
import { failureText } from './failure-text';

/**
 * "Copy to Location" of the recipe editor. Only the user's other locations that have recipe costing
 * are offered: a copy into a location without it could never be opened there.
 */
export function CopyToLocationButton({ recipe }: { recipe: Recipe }) {
  const activeId = useSession((s) => s.activeLocation?.id ?? null);
  const locations = useSession((s) => s.locations).filter((l) => l.id !== activeId && l.display_recipe_costing === 1);
  const [isOpen, setIsOpen] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const copy = useCopyRecipeToLocation(recipe.id);
  if (locations.length === 0) return null;

  const close = () => {
    setIsOpen(false);
    setTarget(null);
    setError(null);
  };
  const submit = () => {
    const location = locations.find((l) => String(l.id) === target);
    if (!location) {
      setError('Choose the location to copy this recipe to.');
      return;
    }
    setError(null);
    copy.mutate(location.id, {
      onSuccess: ({ skipped }) => {
        notifications.show({ message: getRecipeCopiedNotice(recipe.name, location.nickname, skipped), autoClose: 8000 });
        close();
      },
      onError: (e) => setError(failureText(e)),
    });
  };

  return (
    <>
      <Button variant="default" onClick={() => setIsOpen(true)}>
        Copy to Location
      </Button>
      <Modal opened={isOpen} onClose={close} title="Copy Recipe to Location">
        <Stack>
          <Text size="sm">
            The copy goes into the menu category of the same name there. Ingredients from the catalogue come along when that
            location buys the item.
          </Text>
          <Select
            label="Location"
            placeholder="Choose a location"
            data={locations.map((l) => ({ value: String(l.id), label: l.nickname }))}
            value={target}
            onChange={setTarget}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit} loading={copy.isPending}>
              Copy
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
