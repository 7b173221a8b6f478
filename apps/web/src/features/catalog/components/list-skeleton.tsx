import { Skeleton, Stack } from '@mantine/core';
import classes from './item-row.module.css';

// Its own small module: the app's entry shows it while the list page's code loads (place-order-route.tsx).
/** Placeholder rows while the first page loads. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap="sm" role="status" aria-label="Loading items">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={classes.row} aria-hidden>
          <Skeleton height={64} width={64} radius="sm" className={classes.image} />
          <Stack gap={8} className={classes.info}>
            <Skeleton height={14} width="60%" />
            <Skeleton height={10} width="40%" />
            <Skeleton height={10} width="25%" />
          </Stack>
          <Stack gap={8} className={classes.prices}>
            <Skeleton height={16} width={70} />
            <Skeleton height={10} width={90} />
          </Stack>
          <Skeleton height={36} width={110} className={classes.actions} />
        </div>
      ))}
    </Stack>
  );
}
