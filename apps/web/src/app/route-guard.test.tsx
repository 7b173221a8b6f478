import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { harborExpress, makeUser } from '../test/fixtures';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { DESKTOP_WIDTH, PHONE_WIDTH, renderApp, seedSession, setViewportWidth } from '../test/render-app';
import { STORAGE_KEYS } from '../lib/storage';

const member = makeUser();
const admin = makeUser({ currentRole: 'admin', activeLocation: null, locations: [] });

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  mockFetch({ 'GET /api/v1/users/current-user': () => jsonResponse(200, { data: member }) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route guard', () => {
  it('sends a signed-out visitor on an unknown path to /login', async () => {
    seedSession();
    const app = renderApp('/no/such/page');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.getPath()).toBe('/login');
  });

  it('sends a signed-out visitor away from the main app', async () => {
    seedSession();
    const app = renderApp('/analytics');
    await screen.findByRole('button', { name: 'Sign In' });
    expect(app.getPath()).toBe('/login');
  });

  it('lets a signed-out visitor open sign-up', async () => {
    seedSession();
    const app = renderApp('/sign-up/1');
    expect(await screen.findByRole('heading', { name: 'Hello, New Friend' })).toBeInTheDocument();
    expect(app.getPath()).toBe('/sign-up/1');
  });

  it('keeps the administrator on /admin-login', async () => {
    seedSession({ user: admin });
    const app = renderApp('/place-order/list');
    expect(await screen.findByRole('heading', { name: 'Login As' })).toBeInTheDocument();
    expect(app.getPath()).toBe('/admin-login');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('opens the stored list view on a bare /place-order', async () => {
    seedSession({ user: member, placeOrderView: 'list' });
    const app = renderApp('/place-order');
    await waitFor(() => expect(app.getPath()).toBe('/place-order/list'));
    expect(await screen.findByRole('heading', { name: 'Place Order', level: 1 })).toBeInTheDocument();
  });

  it('opens inventory without a stored choice when the location has the comparison view', async () => {
    seedSession({ user: member });
    const app = renderApp('/place-order');
    await waitFor(() => expect(app.getPath()).toBe('/place-order/inventory'));
  });

  it('sends any other place-order path to the allowed view and remembers the view opened', async () => {
    seedSession({ user: makeUser({ activeLocation: harborExpress }) });
    const app = renderApp('/place-order/inventory');
    await waitFor(() => expect(app.getPath()).toBe('/place-order/list'));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.placeOrderView)).toBe('list'));
  });

  it('sends a member on /login to the default landing', async () => {
    seedSession({ user: member });
    const app = renderApp('/login');
    await waitFor(() => expect(app.getPath()).toBe('/place-order/inventory'));
  });

  it('opens desktop-only pages on a desktop and not on a phone', async () => {
    seedSession({ user: member });
    const desktop = renderApp('/accounting');
    expect(await screen.findByRole('heading', { name: 'Accounting', level: 1 })).toBeInTheDocument();
    expect(desktop.getPath()).toBe('/accounting');
    desktop.unmount();

    setViewportWidth(PHONE_WIDTH);
    const phone = renderApp('/accounting');
    await waitFor(() => expect(phone.getPath()).toBe('/place-order/inventory'));
  });

  it('keeps a desktop-only page open through a resize and applies the rule at the next navigation', async () => {
    // A matchMedia that tells its listeners when the width changes, as a browser does.
    type Listener = (event: { matches: boolean }) => void;
    const listeners = new Map<Listener, string>();
    const original = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        ...original(query),
        get matches() {
          return original(query).matches;
        },
        addEventListener: (_: string, listener: Listener) => void listeners.set(listener, query),
        removeEventListener: (_: string, listener: Listener) => void listeners.delete(listener),
      }) as unknown as MediaQueryList;
    try {
      seedSession({ user: member });
      const app = renderApp('/accounting');
      expect(await screen.findByRole('heading', { name: 'Accounting', level: 1 })).toBeInTheDocument();

      setViewportWidth(PHONE_WIDTH);
      act(() => listeners.forEach((query, listener) => listener({ matches: original(query).matches })));
      expect(app.getPath()).toBe('/accounting');

      await act(() => app.router.navigate('/analytics'));
      await waitFor(() => expect(app.getPath()).toBe('/place-order/inventory'));
    } finally {
      window.matchMedia = original;
    }
  });
});
