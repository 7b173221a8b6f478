import { useEffect } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { CurrentUser, Location } from '@stockpot/domain';
import { Providers } from '../app/providers';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { reloadSessionFromStorage } from '../lib/session-store';
import { STORAGE_KEYS } from '../lib/storage';
import { useItemListStore } from '../lib/item-list-store';
import { closeAllMessageModals } from '../shared/modals/modal-store';
import { closeSpecialRequestModal } from '../shared/modals/special-request-launcher';
import { useTourStore } from '../shell/tour-store';

export const DESKTOP_WIDTH = 1280;
export const PHONE_WIDTH = 390;

export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

/** Puts a session in storage the way a sign-in leaves it, and loads it into the store. */
export function seedSession({
  user,
  authKey = 'test-auth-key',
  placeOrderView,
}: {
  user?: CurrentUser;
  authKey?: string;
  placeOrderView?: string;
} = {}): void {
  localStorage.clear();
  if (user) {
    localStorage.setItem(STORAGE_KEYS.authKey, authKey);
    localStorage.setItem(STORAGE_KEYS.currentRole, user.currentRole);
    localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
    localStorage.setItem(STORAGE_KEYS.locations, JSON.stringify(user.locations));
    if (user.activeLocation)
      localStorage.setItem(STORAGE_KEYS.activeLocation, JSON.stringify(user.activeLocation satisfies Location));
  }
  if (placeOrderView) localStorage.setItem(STORAGE_KEYS.placeOrderView, placeOrderView);
  reloadSessionFromStorage();
}

let currentPath = '';

function PathProbe() {
  const { pathname } = useLocation();
  useEffect(() => {
    currentPath = pathname;
  }, [pathname]);
  return null;
}

/** Renders the whole app (providers, guard, shell) at a path, in memory. */
export function renderApp(path: string) {
  closeAllMessageModals();
  // Module-level client state outlives a test; each render starts from nothing, as a fresh page load does
  // (the cart queue belongs to the providers, so each render has a new one).
  useItemListStore.getState().reset();
  closeSpecialRequestModal();
  useTourStore.setState({ isRunning: false, step: 1 });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  // The app's data router, in memory, with a probe of the path around its routes.
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <PathProbe />
            <Outlet />
          </>
        ),
        children: routes,
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, queryClient, router, getPath: () => currentPath };
}
