import type { ReactNode } from 'react';
import classes from './hint.module.css';

/**
 * A hint bubble under an icon or a button on hover or keyboard focus, in plain CSS. Mantine's
 * Tooltip runs floating-position hooks for every instance, shown or not: the inventory view's
 * cards had a hundred of them, which cost a phone a good part of the page's first render. The
 * element keeps its own accessible name (an aria-label); the bubble repeats it for the eye only.
 */
export function HoverHint({
  label,
  children,
  align = 'start',
}: {
  label: string;
  children: ReactNode;
  /** 'end' lines the bubble up with the element's right edge (buttons at the right of a row). */
  align?: 'start' | 'end';
}) {
  return (
    <span className={classes.hoverWrap}>
      {children}
      <span className={`${classes.bubble} ${classes.below} ${align === 'end' ? classes.alignEnd : ''}`} aria-hidden="true">
        {label}
      </span>
    </span>
  );
}
