import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser(), placeOrderView: 'list' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('place-order pop-ups', () => {
  it('shows the location message, then the broadcast, marking each read', async () => {
    const requests = mockFetch({
      'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
      'GET /api/v1/users/get-message': () => jsonResponse(200, { data: [{ id: 4, message: 'Sysco delivers Friday.' }] }),
      'GET /api/v1/users/get-broadcast-message': () =>
        jsonResponse(200, {
          data: [
            { id: 9, broadcast_message: 'Down Sunday 2 am.' },
            { id: 8, broadcast_message: 'Old' },
          ],
        }),
      'POST /api/v1/users/read-message': () => jsonResponse(200, { data: { read: true } }),
      'POST /api/v1/users/read-broadcast-message': () => jsonResponse(200, { data: { read: true } }),
    });
    renderApp('/place-order/list');
    expect(await screen.findByText('Sysco delivers Friday.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Down Sunday 2 am.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Down Sunday 2 am.')).not.toBeInTheDocument());
    expect(screen.queryByText('Old')).not.toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/users/read-message')?.body).toEqual({ ids: [4] });
    expect(requests.find((r) => r.path === '/api/v1/users/read-broadcast-message')?.body).toEqual({ id: 9 });
  });
});
