import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { isLooseFraction, isStrictFraction, NOT_A_FRACTION } from '@stockpot/domain';

/**
 * A fraction field (doc 2 §5): while typing only prefixes of fractions are taken ("1 1/"), on blur
 * an invalid amount goes back to the last valid one.
 */
export function FractionInput({
  label,
  value,
  onChange,
  required,
  w,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  w?: number | string;
}) {
  const [lastValid, setLastValid] = useState(value);
  const isInvalid = value !== '' && !isStrictFraction(value);
  return (
    <TextInput
      label={label}
      value={value}
      required={required}
      w={w}
      inputMode="decimal"
      error={isInvalid ? `${label} ${NOT_A_FRACTION}` : undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLooseFraction(next)) onChange(next);
      }}
      onBlur={() => {
        if (isStrictFraction(value)) setLastValid(value);
        else onChange(lastValid);
      }}
    />
  );
}
