import { useId, useState, type KeyboardEvent } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { isValidQuantityText, QUANTITY_MAX_LENGTH, stepDown, stepUp } from '@stockpot/domain';
import classes from './quantity-stepper.module.css';

interface QuantityStepperProps {
  quantity: number;
  /** Names the item in the controls' accessible names ('Quantity of {itemLabel}'), so each row's are unique. */
  itemLabel: string;
  /** A new quantity above 0. */
  onChange: (quantity: number) => void;
  /** The user asked for 0: the caller confirms before removing (doc 1 §5). */
  onRequestRemove: () => void;
  isDisabled?: boolean;
}

/**
 * The − input + stepper of doc 1 §5: digits only, at most 5; minus steps only above 1 and at 1 asks
 * to remove; typing 0 asks too. A typed quantity goes out as it is typed (the cart debounces it).
 */
export function QuantityStepper({ quantity, itemLabel, onChange, onRequestRemove, isDisabled = false }: QuantityStepperProps) {
  const inputId = useId();
  const [text, setText] = useState(String(quantity));
  const [shownQuantity, setShownQuantity] = useState(quantity);
  if (quantity !== shownQuantity) {
    setShownQuantity(quantity);
    setText(String(quantity));
  }

  const commit = () => {
    if (text === '' || Number(text) === quantity) {
      setText(String(quantity));
      return;
    }
    if (Number(text) === 0) {
      setText(String(quantity));
      onRequestRemove();
    }
  };

  const minus = () => {
    const next = stepDown(quantity);
    if (next.needsConfirmation) onRequestRemove();
    else onChange(next.quantity);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Keep the key from also pressing the button the confirmation focuses.
      event.preventDefault();
      commit();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      onChange(stepUp(quantity));
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      minus();
    }
  };

  return (
    <div className={classes.root}>
      {/* Visible "Quantity"; the input's name adds the item so every row's field is told apart. */}
      <label htmlFor={inputId} className={classes.label}>
        Quantity
      </label>
      <div className={classes.controls}>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={minus}
          disabled={isDisabled}
          aria-label={`Decrease quantity of ${itemLabel}`}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <input
          id={inputId}
          aria-label={`Quantity of ${itemLabel}`}
          className={classes.input}
          value={text}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={QUANTITY_MAX_LENGTH}
          autoComplete="off"
          disabled={isDisabled}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (!isValidQuantityText(value)) return;
            setText(value);
            if (value !== '' && Number(value) > 0) onChange(Number(value));
          }}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => onChange(stepUp(quantity))}
          disabled={isDisabled}
          aria-label={`Increase quantity of ${itemLabel}`}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </div>
    </div>
  );
}
