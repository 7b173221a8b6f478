import { Select } from '@mantine/core';
import { US_STATES } from '@stockpot/domain';

const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));

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
      withAsterisk
      autoComplete="off"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
