import { useMemo, useState } from 'react';
import { Button, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { getAddDistributorLabel, normaliseDistributorName, validateNewDistributorName } from '@stockpot/domain';
import { ApiError } from '../../../lib/api-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAddDistributor, useDirectorySearch } from '../api/use-distributor-directory';
import { getDistributorPath } from '../paths';

/** The value of the "Add '{typed name}'" option: not a distributor id. */
const NEW_VALUE = 'new';

function AddDistributorForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const add = useAddDistributor();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id?: number; nickname: string } | null>(null);
  const [dcn, setDcn] = useState('');
  const [isTried, setIsTried] = useState(false);
  const debounced = useDebouncedValue(search === chosen?.nickname ? '' : search, 300);
  const results = useDirectorySearch(debounced);
  const typed = normaliseDistributorName(search);

  const options = useMemo(() => {
    // Results of an older search stay shown while the next one loads: keep only those still matching.
    const matching = search === chosen?.nickname ? '' : typed.toLowerCase();
    const matches = (results.data ?? []).filter((d) => d.nickname.toLowerCase().includes(matching));
    const found = matches.filter((d) => d.isAdded === 0);
    const list = found.map((d) => ({ value: String(d.id), label: d.nickname }));
    if (chosen?.id !== undefined && !found.some((d) => d.id === chosen.id))
      list.unshift({ value: String(chosen.id), label: chosen.nickname });
    const newName =
      typed !== '' && matches.length === 0 && !results.isFetching && validateNewDistributorName(typed).length === 0
        ? typed
        : chosen && chosen.id === undefined
          ? chosen.nickname
          : null;
    return newName ? [...list, { value: NEW_VALUE, label: newName }] : list;
  }, [results.data, results.isFetching, chosen, typed, search]);

  const error = !chosen
    ? 'Choose a distributor from the list, or type the name of a new one.'
    : add.error
      ? add.error instanceof ApiError
        ? add.error.message
        : 'Something went wrong.'
      : null;

  return (
    <Stack
      gap="sm"
      component="form"
      aria-label="Add distributor"
      onSubmit={(event) => {
        event.preventDefault();
        setIsTried(true);
        if (!chosen) return;
        add.mutate(
          chosen.id !== undefined ? { id: chosen.id, dcn: dcn.trim() } : { nickname: chosen.nickname, dcn: dcn.trim() },
          {
            onSuccess: (added) => {
              onClose();
              // Next: its delivery days and order guide, both on Edit Distributor.
              void navigate(getDistributorPath(added.id));
            },
          },
        );
      }}
    >
      <Select
        label="Distributor Name"
        placeholder="Search distributors"
        searchable
        withAsterisk
        data={options}
        value={chosen ? (chosen.id !== undefined ? String(chosen.id) : NEW_VALUE) : null}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        renderOption={({ option }) => (option.value === NEW_VALUE ? getAddDistributorLabel(option.label) : option.label)}
        onChange={(value, option) =>
          setChosen(
            value === NEW_VALUE && option
              ? { nickname: option.label }
              : value && option
                ? { id: Number(value), nickname: option.label }
                : null,
          )
        }
        nothingFoundMessage={results.isFetching ? 'Searching…' : 'No distributor found'}
        rightSection={results.isFetching ? <Loader size="xs" aria-label="Searching distributors" /> : undefined}
      />
      {chosen && chosen.id === undefined && (
        <Text fz="sm" c="dimmed">
          {chosen.nickname} is not in our directory yet: only your business will see it until we add it.
        </Text>
      )}
      <TextInput label="Customer Accounts # (DCN)" value={dcn} onChange={(e) => setDcn(e.currentTarget.value)} />
      {isTried && error && (
        <Text c="red" fz="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={add.isPending}>
          Add
        </Button>
      </Group>
    </Stack>
  );
}

/** The Distributor page's add (issue 31): the directory, the business's own added ones, or a new name. */
export function AddDistributorButton() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setIsOpen(true)}>
        Add Distributor
      </Button>
      <Modal opened={isOpen} onClose={() => setIsOpen(false)} title="Add Distributor">
        {isOpen && <AddDistributorForm onClose={() => setIsOpen(false)} />}
      </Modal>
    </>
  );
}
