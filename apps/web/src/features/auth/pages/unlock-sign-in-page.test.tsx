import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNLOCK_TOKEN_USED_TEXT } from '@stockpot/domain';
import { makeSignedInUser, makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';
import { STORAGE_KEYS } from '../../../lib/storage';

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('unlock sign-in page (issue 33, defect 6)', () => {
  it('unlocks only on a click, with the token of the link, then signs in and opens the default view', async () => {
    const requests = mockFetch({
      'POST /api/v1/authenticate/unlock': () => jsonResponse(200, { data: makeSignedInUser({ authKey: 'unlocked-key' }) }),
      'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
    });
    const app = renderApp('/unlock-sign-in/mailed-token_1');
    const button = await screen.findByRole('button', { name: 'Sign In and Unlock' });
    // Opening the page alone (a mail scanner following the link) uses nothing up.
    expect(requests.filter((r) => r.path.endsWith('authenticate/unlock'))).toHaveLength(0);

    await userEvent.click(button);
    await waitFor(() => expect(app.getPath()).toBe('/place-order/inventory'));
    const unlock = requests.find((r) => r.path.endsWith('authenticate/unlock'));
    expect(unlock?.body).toEqual({ token: 'mailed-token_1' });
    expect(localStorage.getItem(STORAGE_KEYS.authKey)).toBe('unlocked-key');
  });

  it("shows the server's message for a used link and offers the way back to sign-in", async () => {
    mockFetch({
      'POST /api/v1/authenticate/unlock': () => jsonResponse(400, { message: UNLOCK_TOKEN_USED_TEXT, code: 'unlock_token_used' }),
    });
    const app = renderApp('/unlock-sign-in/used-token');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In and Unlock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNLOCK_TOKEN_USED_TEXT);
    expect(app.getPath()).toBe('/unlock-sign-in/used-token');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  });
});
