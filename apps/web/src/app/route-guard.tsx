import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { getRedirect } from '@stockpot/domain';
import { useViewer } from '../lib/use-viewer';
import { PageErrorBoundary } from '../ui/page-error-boundary';
import { PageLoader } from '../ui/page-loader';

/** The one place the redirect rules of doc 3 §2.1–2.2 apply: every path passes through here first. */
export function RouteGuard() {
  const { pathname } = useLocation();
  const target = getRedirect(pathname, useViewer());
  if (target !== null && target !== pathname) return <Navigate replace to={target} />;
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
