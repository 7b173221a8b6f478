import { useMemo, useState } from 'react';
import { Button, Checkbox, Fieldset, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  DEFAULT_ORDERING_TERMS,
  formatPhoneNumber,
  getChoosableDistributors,
  getAddDistributorLabel,
  NEW_DISTRIBUTOR_ID,
  normaliseDistributorName,
  parseOrderingTermsForm,
  toOrderingTermsForm,
  validateNewDistributorName,
  validateSignUpDistributor,
  type SignUpDistributorLocation,
  type WizardDistributorEntry,
} from '@stockpot/domain';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDistributorSearch } from '../api/use-distributor-search';
import { OrderingTermsFields } from '../../../ui/ordering-terms-fields';
import { WizardButtons } from './wizard-buttons';

export interface ActiveLocation {
  /** Step 1's location index. */
  index: number;
  name: string;
}

const EMPTY_AT: SignUpDistributorLocation = {
  isChecked: false,
  locationName: '',
  dcn: '',
  rep: { fullName: '', phoneNumber: '', email: '' },
};

/**
 * A draft entry with a slot for every location index up to the highest active one. A new entry for
 * a restaurant with one location has that location checked (issue 31): there is nothing to choose.
 */
function toDraft(entry: WizardDistributorEntry | null, active: ActiveLocation[]) {
  const size = Math.max(0, ...active.map((l) => l.index + 1), entry?.locations.length ?? 0);
  const onlyIndex = active.length === 1 ? active[0].index : -1;
  return {
    distributor: entry?.distributor ?? null,
    locations: Array.from(
      { length: size },
      (_, i) => entry?.locations[i] ?? (i === onlyIndex ? { ...EMPTY_AT, isChecked: true } : EMPTY_AT),
    ),
    terms: toOrderingTermsForm(entry?.orderingTerms ?? DEFAULT_ORDERING_TERMS),
  };
}

interface DistributorEditorProps {
  entries: WizardDistributorEntry[];
  /** null adds a new distributor. */
  editIndex: number | null;
  activeLocations: ActiveLocation[];
  onSave: (entry: WizardDistributorEntry) => void;
  onCancel: () => void;
}

/**
 * Add or edit one distributor (doc 3 §2.11 step 2): a searchable Distributor Name (already added
 * ones left out), 'All Locations', and per location its checkbox, customer number and sales rep.
 */
export function DistributorEditor({ entries, editIndex, activeLocations, onSave, onCancel }: DistributorEditorProps) {
  const [draft, setDraft] = useState(() => toDraft(editIndex === null ? null : entries[editIndex], activeLocations));
  const [search, setSearch] = useState(draft.distributor?.nickname ?? '');
  // Once Save was tried, the first message follows the form as it is corrected.
  const [hasTriedSave, setHasTriedSave] = useState(false);
  const debounced = useDebouncedValue(search === draft.distributor?.nickname ? '' : search, 300);
  const results = useDistributorSearch(debounced);

  const typed = normaliseDistributorName(search);
  const options = useMemo(() => {
    // Results of an older search stay shown while the next one loads: keep only those still matching.
    const matching = search === draft.distributor?.nickname ? '' : typed.toLowerCase();
    const matches = (results.data ?? []).filter((d) => d.nickname.toLowerCase().includes(matching));
    const found = getChoosableDistributors(matches, entries, editIndex);
    const withChosen =
      draft.distributor && draft.distributor.id !== NEW_DISTRIBUTOR_ID && !found.some((d) => d.id === draft.distributor?.id)
        ? [draft.distributor, ...found]
        : found;
    const list = withChosen.map((d) => ({ value: String(d.id), label: d.nickname }));
    // Issue 31: when nothing matches, the typed name can be added; only this restaurant will see it.
    const canAdd = typed !== '' && matches.length === 0 && !results.isFetching && validateNewDistributorName(typed).length === 0;
    const newName = canAdd ? typed : draft.distributor?.id === NEW_DISTRIBUTOR_ID ? draft.distributor.nickname : null;
    return newName ? [...list, { value: String(NEW_DISTRIBUTOR_ID), label: newName }] : list;
  }, [results.data, results.isFetching, entries, editIndex, draft.distributor, typed, search]);

  const setAt = (index: number, patch: Partial<SignUpDistributorLocation>) =>
    setDraft((d) => ({ ...d, locations: d.locations.map((l, i) => (i === index ? { ...l, ...patch } : l)) }));
  const setRep = (index: number, patch: Partial<SignUpDistributorLocation['rep']>) =>
    setDraft((d) => ({ ...d, locations: d.locations.map((l, i) => (i === index ? { ...l, rep: { ...l.rep, ...patch } } : l)) }));
  const isAllChecked = activeLocations.every((l) => draft.locations[l.index]?.isChecked);

  const checked = activeLocations.map((l) => ({ ...(draft.locations[l.index] ?? EMPTY_AT), locationName: l.name }));
  const parsedTerms = parseOrderingTermsForm(draft.terms);
  const errors = [...validateSignUpDistributor({ distributor: draft.distributor, locations: checked }), ...parsedTerms.errors];
  const message = hasTriedSave ? (errors[0] ?? null) : null;

  const save = () => {
    setHasTriedSave(true);
    if (errors.length || !draft.distributor) return;
    // Only the active locations count; any other slot is kept unchecked.
    const active = new Set(activeLocations.map((l) => l.index));
    onSave({
      distributor: draft.distributor,
      orderingTerms: parsedTerms.terms,
      locations: draft.locations.map((l, i) =>
        active.has(i)
          ? { ...l, locationName: activeLocations.find((a) => a.index === i)?.name ?? '' }
          : { ...l, isChecked: false },
      ),
    });
  };

  return (
    <Stack gap="md">
      <Title order={3} fz="h4">
        {editIndex === null ? 'Add New Distributor' : 'Edit Distributor'}
      </Title>
      <Select
        size="md"
        label="Distributor Name"
        placeholder="Search distributors"
        searchable
        withAsterisk
        data={options}
        value={draft.distributor ? String(draft.distributor.id) : null}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        renderOption={({ option }) =>
          option.value === String(NEW_DISTRIBUTOR_ID) && option.label === typed
            ? getAddDistributorLabel(option.label)
            : option.label
        }
        onChange={(value, option) =>
          setDraft((d) => ({ ...d, distributor: value && option ? { id: Number(value), nickname: option.label } : null }))
        }
        nothingFoundMessage={
          results.isError ? (
            <Button variant="subtle" size="compact-sm" onClick={() => void results.refetch()}>
              Search failed. Try again
            </Button>
          ) : results.isFetching ? (
            'Searching…'
          ) : (
            'No distributor found'
          )
        }
        rightSection={results.isFetching ? <Loader size="xs" aria-label="Searching distributors" /> : undefined}
      />
      <Checkbox
        label="All Locations"
        checked={isAllChecked}
        onChange={(e) => {
          const isChecked = e.currentTarget.checked;
          for (const l of activeLocations) setAt(l.index, { isChecked });
        }}
      />
      {activeLocations.map((l) => {
        const at = draft.locations[l.index] ?? EMPTY_AT;
        return (
          <Fieldset key={l.index} legend={l.name} radius="md">
            <Stack gap="sm">
              <Checkbox
                label={`Orders from this distributor at ${l.name}`}
                checked={at.isChecked}
                onChange={(e) => setAt(l.index, { isChecked: e.currentTarget.checked })}
              />
              {at.isChecked && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Customer Accounts # (DCN)"
                    value={at.dcn}
                    onChange={(e) => setAt(l.index, { dcn: e.currentTarget.value })}
                  />
                  <TextInput
                    label="Distributor Sales Rep Email"
                    type="email"
                    withAsterisk
                    value={at.rep.email}
                    onChange={(e) => setRep(l.index, { email: e.currentTarget.value })}
                  />
                  <TextInput
                    label="Distributor Sales Rep Full Name"
                    withAsterisk
                    value={at.rep.fullName}
                    onChange={(e) => setRep(l.index, { fullName: e.currentTarget.value })}
                  />
                  <TextInput
                    label="Distributor Sales Rep Phone Number"
                    placeholder="(123) 123-1234"
                    type="tel"
                    inputMode="tel"
                    value={at.rep.phoneNumber}
                    onChange={(e) => setRep(l.index, { phoneNumber: formatPhoneNumber(e.currentTarget.value) })}
                  />
                </SimpleGrid>
              )}
            </Stack>
          </Fieldset>
        );
      })}
      <Fieldset legend="Ordering" radius="md">
        <Text fz="sm" c="dimmed" mb="xs">
          For every location checked above; change them later in Distributor → Edit.
        </Text>
        <OrderingTermsFields
          idPrefix="signup-ordering"
          value={draft.terms}
          onChange={(terms) => setDraft((d) => ({ ...d, terms }))}
        />
      </Fieldset>
      <WizardButtons message={message}>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={save}>Save</Button>
      </WizardButtons>
      {activeLocations.length === 0 && <Text c="dimmed">Add a location on step 1 first.</Text>}
    </Stack>
  );
}
