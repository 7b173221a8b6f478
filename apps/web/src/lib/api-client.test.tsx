import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANONYMOUS_AUTH_KEY, UNAUTHORIZED_TEXT } from '@stockpot/domain';
import { makeUser } from '../test/fixtures';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../test/render-app';
import { api } from './api-client';
import { ApiError } from './api-error';
import { getPendingRequests } from './request-counter';

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the bearer key and no-cache, and unwraps data', async () => {
    seedSession({ user: makeUser(), authKey: 'k-123' });
    const requests = mockFetch({ 'GET /api/v1/things': () => jsonResponse(200, { data: [1, 2] }) });
    await expect(api.get('things', { query: { page: 2, search: undefined } })).resolves.toEqual([1, 2]);
    expect(requests[0].headers.get('Authorization')).toBe('Bearer k-123');
    expect(requests[0].headers.get('Cache-Control')).toBe('no-cache');
    expect(getPendingRequests()).toBe(0);
  });

  it('carries the default anonymous key when signed out, and no location', async () => {
    seedSession();
    const requests = mockFetch({ 'POST /api/v1/users/forgot-password': () => jsonResponse(200, { data: { ok: true } }) });
    await api.post('users/forgot-password', { email: 'a@b.test' });
    expect(requests[0].headers.get('Authorization')).toBe(`Bearer ${ANONYMOUS_AUTH_KEY}`);
    expect(requests[0].headers.get('X-Location-Id')).toBeNull();
  });

  it("names this tab's location on every request, so another tab's switch cannot move its writes", async () => {
    const user = makeUser();
    seedSession({ user, authKey: 'k-123' });
    const requests = mockFetch({ 'POST /api/v1/shopping-lists': () => jsonResponse(201, { data: {} }) });
    await api.post('shopping-lists', { name: 'Produce' });
    expect(requests[0].headers.get('X-Location-Id')).toBe(String(user.activeLocation?.id));
  });

  it('adds extra headers such as an Idempotency-Key, without letting them replace the bearer key', async () => {
    seedSession({ user: makeUser(), authKey: 'k-123' });
    const requests = mockFetch({ 'POST /api/v1/orders': () => jsonResponse(201, { data: { id: 1 } }) });
    await api.post('orders', {}, { headers: { 'Idempotency-Key': 'key-1', Accept: 'text/html' } });
    expect(requests[0].headers.get('Idempotency-Key')).toBe('key-1');
    expect(requests[0].headers.get('Accept')).toBe('application/json');
    expect(requests[0].headers.get('Authorization')).toBe('Bearer k-123');
  });

  it('throws a typed error with the status, message and field errors', async () => {
    seedSession();
    mockFetch({
      'POST /api/v1/things': () =>
        jsonResponse(400, {
          message: 'Name is required.',
          code: 'validation_error',
          errors: [{ field: 'name', message: 'Name is required.' }],
        }),
    });
    const error = await api.post('things', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Name is required.', code: 'validation_error' });
    expect((error as ApiError).errors).toEqual([{ field: 'name', message: 'Name is required.' }]);
    expect(getPendingRequests()).toBe(0);
  });

  it('reads an unknown or missing code as http_error, keeping the status and message', async () => {
    seedSession();
    mockFetch({
      'GET /api/v1/things': () => jsonResponse(418, { message: 'Short and stout.', code: 'teapot' }),
      'GET /api/v1/others': () => jsonResponse(400, { message: 'Nope.' }),
    });
    await expect(api.get('things')).rejects.toMatchObject({ status: 418, message: 'Short and stout.', code: 'http_error' });
    await expect(api.get('others')).rejects.toMatchObject({ status: 400, code: 'http_error' });
  });

  it('turns a network failure into status 0', async () => {
    seedSession();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('things')).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(getPendingRequests()).toBe(0);
  });
});

describe('any 401', () => {
  it('opens the sign-in modal whose OK signs out to /login', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    seedSession({ user: makeUser() });
    const requests = mockFetch({
      'GET /api/v1/users/current-user': () => jsonResponse(401, { message: 'Session expired.', code: 'unauthorized' }),
      'POST /api/v1/users/logout': () => jsonResponse(401, { message: 'Session expired.', code: 'unauthorized' }),
    });
    const app = renderApp('/place-order/list');

    const dialog = await screen.findByRole('dialog', { name: UNAUTHORIZED_TEXT });
    expect(dialog).toHaveTextContent('Please login with proper credentials.');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(app.getPath()).toBe('/login'));
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/users/logout')).toBe(true);
    expect(localStorage.length).toBe(0);
    // The logout call's own 401 must not bring the modal back.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The failed current-user fetch is only logged (doc 3 §8).
    expect(logged).toHaveBeenCalledWith('Could not load the current user', expect.any(ApiError));
    logged.mockRestore();
  });
});
