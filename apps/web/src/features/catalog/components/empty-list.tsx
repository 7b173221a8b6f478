import { useGettingStarted } from '../api/use-getting-started';
import { FirstRun } from './first-run';
import { ListSkeleton } from './list-skeleton';
import { NoResults } from './list-messages';

/**
 * An empty place-order list: a location with no order guide yet gets its first-run screen (issue
 * 31); any other gets the spec's "no exact match results" (doc 1 §2). Should the first-run read
 * fail, the spec's text is shown: the list itself already loaded.
 */
export function EmptyList() {
  const gettingStarted = useGettingStarted();
  if (gettingStarted.isPending) return <ListSkeleton rows={1} />;
  if (gettingStarted.data?.isFirstRun) return <FirstRun data={gettingStarted.data} />;
  return <NoResults />;
}
