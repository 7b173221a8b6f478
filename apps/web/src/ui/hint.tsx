import { useId, type ReactNode } from 'react';
import classes from './hint.module.css';

interface HintProps {
  /** The tooltip text; it is also the trigger's accessible description. */
  label: string;
  children: ReactNode;
  /** Accessible name when the trigger shows only an icon. */
  ariaLabel?: string;
  className?: string;
}

/**
 * A small tooltip shown on hover and keyboard focus (tags, prices, the punched-out notice). Plain
 * CSS instead of a floating-position library, so fifty rows of a list stay cheap; the text is the
 * trigger's aria-describedby, so screen readers get it without hovering.
 */
export function Hint({ label, children, ariaLabel, className }: HintProps) {
  const id = useId();
  return (
    <span className={classes.wrap}>
      <button
        type="button"
        className={className ? `${classes.trigger} ${className}` : classes.trigger}
        aria-label={ariaLabel}
        aria-describedby={id}
        onKeyDown={(event) => {
          if (event.key === 'Escape') event.currentTarget.blur();
        }}
      >
        {children}
      </button>
      <span role="tooltip" id={id} className={classes.bubble}>
        {label}
      </span>
    </span>
  );
}
