import { useState, type KeyboardEvent } from 'react';
import { TextInput } from '@mantine/core';
import { INVENTORY_TEXTS, isValidGroupName } from '@stockpot/domain';
import classes from './inventory.module.css';

/**
 * The dashed 'Click to add new generic group' bar (doc 2 §2) at the top, the bottom and between
 * groups: a click turns it into a name field; Enter saves, Escape cancels; a name under 3
 * characters marks the field with an error border (doc 2 §5).
 */
export function AddGroupBar({
  isOpen,
  onOpen,
  onClose,
  onCreate,
  isSaving,
}: {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  onCreate: (name: string) => Promise<boolean>;
  isSaving: boolean;
}) {
  const [name, setName] = useState('');
  const [isInvalid, setIsInvalid] = useState(false);

  if (!isOpen)
    return (
      <button type="button" className={classes.addBar} onClick={onOpen} data-tour-target="inventory-add-group">
        {INVENTORY_TEXTS.addGroupBar}
      </button>
    );

  const close = () => {
    onClose();
    setName('');
    setIsInvalid(false);
  };
  const save = async () => {
    if (!isValidGroupName(name)) {
      setIsInvalid(true);
      return;
    }
    if (await onCreate(name.trim())) close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') close();
  };
  return (
    <TextInput
      label="New generic group name"
      placeholder="e.g. Heavy cream"
      autoFocus
      value={name}
      disabled={isSaving}
      error={isInvalid ? 'At least 3 characters' : undefined}
      onChange={(event) => {
        setName(event.currentTarget.value);
        setIsInvalid(false);
      }}
      onKeyDown={onKeyDown}
      onBlur={() => {
        if (name.trim() === '') close();
      }}
      description="Enter to save, Escape to cancel"
    />
  );
}
