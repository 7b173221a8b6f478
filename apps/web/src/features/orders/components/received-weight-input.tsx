import { TextInput } from '@mantine/core';
import { RECEIVED_WEIGHT_MESSAGE, RECEIVED_WEIGHT_PATTERN } from '@stockpot/domain';

/** The weight a catch-weight line arrived at (issue 32): its amount is exact once this is in. */
export function ReceivedWeightInput({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const isValid = value.trim() === '' || (RECEIVED_WEIGHT_PATTERN.test(value.trim()) && /[1-9]/.test(value));
  return (
    <TextInput
      label={`Weight received (lb) of ${name}`}
      description="Catch weight: the line is priced by the pounds delivered."
      value={value}
      inputMode="decimal"
      rightSection="lb"
      maw={260}
      error={isValid ? undefined : RECEIVED_WEIGHT_MESSAGE}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
