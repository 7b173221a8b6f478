import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANONYMOUS_AUTH_KEY } from '@stockpot/domain';
import { makeSignedInUser, makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';
import { STORAGE_KEYS } from '../../../lib/storage';
import { LOGIN_SPLASH } from '../../../../build/login-splash';

async function fillAndSubmit(email: string, password: string) {
  const submit = await screen.findByRole('button', { name: 'Sign In' });
  if (email) await userEvent.type(screen.getByLabelText(/^Email/), email);
  if (password) await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(submit);
}

function serveAuthenticate(status: number, body: unknown): RecordedRequest[] {
  return mockFetch({
    'POST /api/v1/authenticate': () => jsonResponse(status, body),
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
  });
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it("says what the build's static splash says, so the card does not change its words when React takes over", async () => {
    mockFetch({});
    renderApp('/login');
    const splash = new DOMParser().parseFromString(LOGIN_SPLASH, 'text/html');
    const title = splash.querySelector('h1')?.textContent ?? '';
    const tagline = splash.querySelector('.splash-card p')?.textContent ?? '';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(tagline)).toBeInTheDocument();
    expect(tagline).toBe('Order from all your distributors in one place.');
  });

  it('shows the field errors of the login rules and calls nothing', async () => {
    const requests = serveAuthenticate(200, {});
    renderApp('/login');
    await fillAndSubmit('', '');
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();

    await fillAndSubmit('owner@', 'secret');
    expect(await screen.findByText('Email is not a valid email address.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("shows the server's message for a 400 and sends the contract's body and headers", async () => {
    const requests = serveAuthenticate(400, { message: 'Incorrect email or password.', code: 'invalid_credentials' });
    renderApp('/login');
    await fillAndSubmit(' owner@demo.test ', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    const [request] = requests;
    expect(request.body).toEqual({ email: 'owner@demo.test', password: 'wrong', company_id: '1', secret: 'stockpot-web' });
    expect(request.headers.get('Cache-Control')).toBe('no-cache');
    // Signed out, the call carries the default anonymous key (doc 3 §7).
    expect(request.headers.get('Authorization')).toBe(`Bearer ${ANONYMOUS_AUTH_KEY}`);
  });

  it('shows the wait message of a throttled sign-in', async () => {
    serveAuthenticate(429, {
      message: 'Too many failed sign-in attempts. Please wait 15 minute(s) and try again.',
      code: 'too_many',
    });
    renderApp('/login');
    await fillAndSubmit('owner@demo.test', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts.');
  });

  it("says 'Something went wrong.' for any other failure", async () => {
    serveAuthenticate(500, { message: 'Internal error', code: 'internal' });
    renderApp('/login');
    await fillAndSubmit('owner@demo.test', 'demo1234');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
  });

  it('stores the session and opens the default view on success', async () => {
    serveAuthenticate(200, { data: makeSignedInUser({ authKey: 'fresh-key' }) });
    const app = renderApp('/login');
    await fillAndSubmit('owner@demo.test', 'demo1234');

    await waitFor(() => expect(app.getPath()).toBe('/place-order/inventory'));
    expect(localStorage.getItem(STORAGE_KEYS.authKey)).toBe('fresh-key');
    expect(localStorage.getItem(STORAGE_KEYS.currentRole)).toBe('member');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.activeLocation) ?? 'null')).toMatchObject({ nickname: 'Harbor Grill' });
  });

  it('sends the administrator to /admin-login', async () => {
    serveAuthenticate(200, { data: makeSignedInUser({ currentRole: 'admin', activeLocation: null, locations: [] }) });
    const app = renderApp('/login');
    await fillAndSubmit('admin@demo.test', 'demo1234');
    await waitFor(() => expect(app.getPath()).toBe('/admin-login'));
  });

  it('links to sign-up and support', async () => {
    serveAuthenticate(200, {});
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up/1');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', 'mailto:support@stockpot.example');
  });

  it('asks for a correct e-mail in Forgot Password, shows the server text and closes after 5 s', async () => {
    const requests = mockFetch({
      'POST /api/v1/users/request-password-reset': () =>
        jsonResponse(200, {
          data: { message: "You'll recieve an email shortly with instructions on how to reset your password." },
        }),
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot Password?' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'owner@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('Please enter a correct email.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'owner@demo.test');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
      expect(await within(dialog).findByText(/You'll recieve an email shortly/)).toBeInTheDocument();
      expect(requests[0]?.body).toEqual({ email: 'owner@demo.test' });
      vi.advanceTimersByTime(4900);
      expect(screen.getByRole('dialog', { name: 'Forgot Password?' })).toBeInTheDocument();
      vi.advanceTimersByTime(200);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Forgot Password?' })).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('reset-password page', () => {
  it('links SIGN UP and Contact Us once each (doc 3 §2.1)', async () => {
    mockFetch({});
    renderApp('/change-password/abc123');
    expect(await screen.findByRole('button', { name: 'Reset Password' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Contact Us' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', 'mailto:support@stockpot.example');
    expect(screen.getByRole('link', { name: 'SIGN UP' })).toHaveAttribute('href', '/sign-up/1');
  });
});
