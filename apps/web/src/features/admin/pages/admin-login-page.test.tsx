import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSignedInUser, makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

const admin = makeUser({ currentRole: 'admin', activeLocation: null, locations: [] });
const routes = (merchantLogin: () => Response) => ({
  'GET /api/v1/locations/all': () =>
    jsonResponse(200, {
      data: [{ id: 2, nickname: 'Harbor Grill Express' }],
      _meta: { pageCount: 1, currentPage: 1, totalCount: 1 },
    }),
  'GET /api/v1/locations/users/2': () =>
    jsonResponse(200, { data: [{ id: 7, firstName: 'Casey', lastName: 'Chef', email: 'chef@demo.test', title: 'Chef' }] }),
  'POST /api/v1/users/merchant-login': merchantLogin,
  'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
});

async function choose(label: string, option: RegExp) {
  await userEvent.click(screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: admin });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin-login', () => {
  it('enables the user picker after a location and Login As after both, then acts as the user', async () => {
    const requests = mockFetch(routes(() => jsonResponse(200, { data: makeSignedInUser() })));
    const app = renderApp('/admin-login');
    const loginAs = await screen.findByRole('button', { name: 'Login As' });
    expect(loginAs).toBeDisabled();
    expect(screen.getByLabelText(/^User/, { selector: 'input' })).toBeDisabled();
    await choose('Location', /Harbor Grill Express/);
    await waitFor(() => expect(screen.getByLabelText(/^User/, { selector: 'input' })).toBeEnabled());
    expect(loginAs).toBeDisabled();
    await choose('User', /Casey Chef/);
    expect(loginAs).toBeEnabled();
    await userEvent.click(loginAs);
    await waitFor(() => expect(app.getPath()).toMatch(/^\/place-order/));
    expect(requests.find((r) => r.path === '/api/v1/users/merchant-login')?.body).toEqual({ user_id: 7, merchant_id: 2 });
  });

  it('sends the administrator to /logout when the login-as fails', async () => {
    mockFetch(routes(() => jsonResponse(404, { message: 'User of this location not found.', code: 'not_found' })));
    const app = renderApp('/admin-login');
    await screen.findByRole('button', { name: 'Login As' });
    await choose('Location', /Harbor Grill Express/);
    await waitFor(() => expect(screen.getByLabelText(/^User/, { selector: 'input' })).toBeEnabled());
    await choose('User', /Casey Chef/);
    await userEvent.click(screen.getByRole('button', { name: 'Login As' }));
    await waitFor(() => expect(app.getPath()).toMatch(/^\/(logout|login)/));
  });
});
