import { Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { getRedirect, getViewer } from '@stockpot/domain';
import { useIsDesktop } from '../lib/use-is-desktop';
import { useSession } from '../lib/session-store';
import { PageErrorBoundary } from '../ui/page-error-boundary';
import { PageLoader } from '../ui/page-loader';

/**
 * Phone or desktop as the page was entered with. The rules decide on navigation: a resize while on
 * a page (a window dragged narrower, a tablet turned, a full-page screenshot re-laying the page out)
 * does not send the user away from what they were doing; the next navigation applies the rule.
 */
function useEntryIsDesktop(pathname: string): boolean {
  const isDesktop = useIsDesktop();
  const [entry, setEntry] = useState({ pathname, isDesktop });
  if (entry.pathname !== pathname) {
    // Adjusting state while rendering (React's documented pattern): the new path is judged at once.
    setEntry({ pathname, isDesktop });
    return isDesktop;
  }
  return entry.isDesktop;
}

/** The one place the redirect rules of doc 3 §2.1–2.2 apply: every path passes through here first. */
export function RouteGuard() {
  const { pathname } = useLocation();
  const authKey = useSession((s) => s.authKey);
  const currentRole = useSession((s) => s.currentRole);
  const activeLocation = useSession((s) => s.activeLocation);
  const isDesktop = useEntryIsDesktop(pathname);
  const target = getRedirect(pathname, getViewer({ authKey, currentRole, activeLocation }, isDesktop));
  if (target !== null && target !== pathname) return <Navigate replace to={target} />;
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
