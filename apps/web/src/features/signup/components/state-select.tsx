import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { searchUsStates, US_STATES } from '@stockpot/domain';

const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));

/** The list's search: a typed abbreviation offers its state first ("MA" is Massachusetts, not Alabama). */
const filterStates: OptionsFilter = ({ options, search }) => {
  const byCode = new Map((options as ComboboxItem[]).map((option) => [option.value, option]));
  return searchUsStates(search).flatMap((code) => {
    const option = byCode.get(code);
    return option ? [option] : [];
  });
};

/** The state dropdown of the wizard: a searchable list, stored as the abbreviation. */
export function StateSelect({
  value,
  onChange,
  label = 'State',
}: {
  value: string;
  onChange: (code: string) => void;
  label?: string;
}) {
  return (
    <Select
      size="md"
      label={label}
      placeholder="Choose a state"
      data={STATE_OPTIONS}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      searchable
      filter={filterStates}
      withAsterisk
      autoComplete="off"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
