import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { ListItem } from '@stockpot/domain';
import classes from './item-list.module.css';

interface VirtualItemListProps {
  items: ListItem[];
  /** Rough row height before a row is measured: a desktop line or a phone card. */
  estimatedRowHeight: number;
  isBusy: boolean;
  renderRow: (item: ListItem, index: number) => ReactNode;
}

/**
 * The list rows, virtualised against the window scroll so only the rows on screen (plus a few) are
 * in the page: a phone stays smooth with hundreds of items loaded. Rows are measured as they render,
 * so cards of any height fit.
 */
export function VirtualItemList({ items, estimatedRowHeight, isBusy, renderRow }: VirtualItemListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return undefined;
    const measure = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimatedRowHeight,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => items[index]?.itemDistributorId ?? index,
    // React 19 warns about flushSync during render; plain state updates are smooth enough here.
    useFlushSync: false,
  });

  return (
    <div
      ref={listRef}
      role="feed"
      aria-busy={isBusy}
      aria-label="Items"
      className={classes.virtualList}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        return (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className={classes.virtualRow}
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            {renderRow(item, row.index)}
          </div>
        );
      })}
    </div>
  );
}
