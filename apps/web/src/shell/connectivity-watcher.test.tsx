import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { OFFLINE_TEXT_IN_APP, OFFLINE_TEXT_SIGNED_OUT } from '@stockpot/domain';
import { makeUser } from '../test/fixtures';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../test/render-app';

function goOnline(isOnline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
  act(() => {
    window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  mockFetch({ 'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('connection notices', () => {
  it('tells a signed-in user that counts will not be saved, then that the connection is back', async () => {
    seedSession({ user: makeUser() });
    renderApp('/order-history');
    await screen.findByRole('heading', { name: 'Order History', level: 1 });

    goOnline(false);
    expect(await screen.findByRole('dialog', { name: 'Offline' })).toHaveTextContent(OFFLINE_TEXT_IN_APP);

    goOnline(true);
    expect(await screen.findByRole('dialog', { name: 'Online' })).toHaveTextContent('Internet connection is back');
    expect(screen.queryByRole('dialog', { name: 'Offline' })).not.toBeInTheDocument();
  });

  it('uses the sign-in text on /login', async () => {
    seedSession();
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign In' });
    goOnline(false);
    expect(await screen.findByRole('dialog', { name: 'Offline' })).toHaveTextContent(OFFLINE_TEXT_SIGNED_OUT);
  });
});
