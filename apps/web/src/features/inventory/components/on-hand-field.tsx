import { useId, useState, type KeyboardEvent } from 'react';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { isValidOnHandInput, stepOnHand } from '@stockpot/domain';
import classes from './on-hand-field.module.css';

interface OnHandFieldProps {
  /** 'Cases', 'Packs' or 'Units'. */
  label: string;
  /** Names the item in the accessible names, so every card's fields are unique. */
  itemName: string;
  value: number;
  onCommit: (value: number) => void;
}

/**
 * One on-hand input of an item card (doc 2 §5): empty or digits with an optional dot and at most 2
 * decimals (other keystrokes are not taken); the step buttons add or subtract 1; Enter or leaving
 * the field commits. Plain elements, not Mantine's: a phone draws 180 of them (docs/performance.md, stop 72).
 */
export function OnHandField({ label, itemName, value, onCommit }: OnHandFieldProps) {
  const id = useId();
  const [text, setText] = useState(value === 0 ? '' : String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value === 0 ? '' : String(value));
  }

  const commit = () => {
    const next = text === '' || text.endsWith('.') ? Number(text.replace(/\.$/, '') || 0) : Number(text);
    if (next !== value) onCommit(next);
  };
  const step = (delta: 1 | -1) => {
    const next = stepOnHand(Number(text || 0), delta);
    setText(next === 0 ? '' : String(next));
    if (next !== value) onCommit(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };

  return (
    <div className={classes.row}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <button
        type="button"
        className={classes.step}
        aria-label={`Subtract one from ${label.toLowerCase()} of ${itemName}`}
        onClick={() => step(-1)}
      >
        <IconMinus size={14} aria-hidden />
      </button>
      <input
        id={id}
        className={classes.input}
        aria-label={`${label} of ${itemName}`}
        inputMode="decimal"
        placeholder="0"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isValidOnHandInput(next)) setText(next);
        }}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className={classes.step}
        aria-label={`Add one to ${label.toLowerCase()} of ${itemName}`}
        onClick={() => step(1)}
      >
        <IconPlus size={14} aria-hidden />
      </button>
    </div>
  );
}
