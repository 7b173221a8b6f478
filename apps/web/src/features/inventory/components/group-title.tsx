/** A generic group's name: a click folds the group, a double-click on desktop renames it (doc 2 §4, §9). */
import { useRef, useState, type KeyboardEvent } from 'react';
import { Text, TextInput } from '@mantine/core';
import { resolveGroupRename, type GenericGroup } from '@stockpot/domain';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import classes from './inventory.module.css';

/** Group header click delay on desktop, to tell a click from a double-click (doc 2 §4, §9). */
const CLICK_DELAY_MS = 200;

export function GroupTitle({
  group,
  canEdit,
  onRename,
  onToggle,
}: {
  group: GenericGroup;
  canEdit: boolean;
  onRename: (name: string) => void;
  onToggle: () => void;
}) {
  const isDesktop = useIsDesktop();
  const [isRenaming, setIsRenaming] = useState(false);
  const [name, setName] = useState(group.name);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const finish = () => {
    setIsRenaming(false);
    const result = resolveGroupRename(group.name, name);
    setName(result.name);
    if (result.isChanged) onRename(result.name);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish();
    } else if (event.key === 'Escape') {
      setName(group.name);
      setIsRenaming(false);
    }
  };
  if (isRenaming)
    return (
      <TextInput
        aria-label={`Rename ${group.name}`}
        size="sm"
        autoFocus
        value={name}
        error={name.trim().length < 3}
        onChange={(e) => setName(e.currentTarget.value)}
        onBlur={finish}
        onKeyDown={onKeyDown}
      />
    );
  return (
    <Text
      component="h2"
      fw={700}
      fz="lg"
      className={classes.groupTitle}
      title={canEdit && isDesktop ? 'Double-click to rename' : undefined}
      onClick={() => {
        if (!isDesktop) return onToggle();
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(onToggle, CLICK_DELAY_MS);
      }}
      onDoubleClick={() => {
        if (timer.current) clearTimeout(timer.current);
        if (!canEdit || !isDesktop) return;
        setName(group.name);
        setIsRenaming(true);
      }}
    >
      {group.name}
    </Text>
  );
}
