import { useMemo, useState } from 'react';
import { Button, Select, Text } from '@mantine/core';
import { findSameName, normalizeAccountingName } from '@stockpot/domain';
import { useAccountingTags, useCreateAccountingTag, type TagKind } from '../api/use-accounting-tags';
import { useSetItemTag } from '../api/use-set-item-tag';

const CREATE_PREFIX = '__create__:';
export const TAG_LABEL: Record<TagKind, string> = { supplier: 'Supplier', category: 'Category', 'gl-code': 'GL Code' };
/** The tag's name inside a sentence. */
const TAG_NOUN: Record<TagKind, string> = { supplier: 'supplier', category: 'category', 'gl-code': 'GL code' };

interface TagCellProps {
  kind: TagKind;
  itemName: string;
  itemDistributorId: number;
  accountingId: number | null;
  value: { id: number; label: string } | null;
  isEditing: boolean;
  onEdit: () => void;
  onDone: () => void;
}

/**
 * One of an item's three accounting cells (doc 3 §2.8, §4): the tag as a button; in edit mode (one
 * cell at a time) a searchable list that can also create a new name (doc 3 §5: a blank value is
 * ignored; a name equal to an existing one ignoring case picks that one instead of creating it).
 */
export function TagCell({ kind, itemName, itemDistributorId, accountingId, value, isEditing, onEdit, onDone }: TagCellProps) {
  const tags = useAccountingTags(kind);
  const create = useCreateAccountingTag(kind);
  const setTag = useSetItemTag();
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = TAG_LABEL[kind];

  const data = useMemo(() => {
    const options = (tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.label }));
    const typed = normalizeAccountingName(search);
    if (typed !== null && !findSameName(tags.data ?? [], typed, (tag) => tag.label))
      options.push({ value: `${CREATE_PREFIX}${typed}`, label: `+ Create "${typed}"` });
    return options;
  }, [tags.data, search]);

  const choose = async (picked: string | null) => {
    setError(null);
    try {
      let tagId: number | null = picked === null ? null : Number(picked);
      if (picked?.startsWith(CREATE_PREFIX)) {
        const name = normalizeAccountingName(picked.slice(CREATE_PREFIX.length));
        if (name === null) return onDone();
        const existing = findSameName(tags.data ?? [], name, (tag) => tag.label);
        tagId = existing ? existing.id : (await create.mutateAsync(name)).id;
      }
      if (tagId === (value?.id ?? null)) return onDone();
      await setTag.mutateAsync({ accountingId, itemDistributorId, kind, tagId });
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : `The ${TAG_NOUN[kind]} could not be saved.`);
    }
  };

  if (!isEditing)
    return (
      <div>
        <Button
          variant="subtle"
          color={value ? 'dark' : 'gray'}
          size="compact-sm"
          fw={value ? 500 : 400}
          onClick={onEdit}
          aria-label={`${label} of ${itemName}: ${value ? value.label : 'none'}. Edit`}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {value ? value.label : `Add ${TAG_NOUN[kind]}`}
        </Button>
        {error && (
          <Text c="red" fz="xs" role="alert">
            {error}
          </Text>
        )}
      </div>
    );

  return (
    <Select
      label={`${label} of ${itemName}`}
      styles={{ label: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } }}
      placeholder={tags.isLoading ? 'Loading…' : `Search or create a ${TAG_NOUN[kind]}`}
      data={data}
      value={value ? String(value.id) : null}
      searchable
      clearable
      autoFocus
      defaultDropdownOpened
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage="Type a name to create it"
      onChange={(picked) => void choose(picked)}
      onDropdownClose={() => {
        if (!create.isPending && !setTag.isPending) onDone();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      disabled={create.isPending || setTag.isPending}
      error={error}
      size="xs"
      comboboxProps={{ withinPortal: true, width: 280, position: 'bottom-start' }}
    />
  );
}
