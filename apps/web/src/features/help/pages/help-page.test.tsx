import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

const base = {
  'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
};

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/help', () => {
  it('requires a description, sends it, thanks the user and clears the field', async () => {
    const requests = mockFetch({
      ...base,
      'POST /api/v1/contacts/help': () => jsonResponse(200, { data: { id: 1, message: 'ok' } }),
    });
    renderApp('/help/anything');
    expect(await screen.findByRole('heading', { name: 'How can I help?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please describe the issue.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Description/), 'Prices look wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thank you for reporting the issue.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Description/)).toHaveValue('');
    expect(requests.find((r) => r.path === '/api/v1/contacts/help')?.body).toEqual({ message: 'Prices look wrong' });
  });

  it("shows a 400's message, and 'Something went wrong.' otherwise", async () => {
    let status = 400;
    mockFetch({
      ...base,
      'POST /api/v1/contacts/help': () => jsonResponse(status, { message: 'Choose a location first.', code: 'x' }),
    });
    renderApp('/help');
    await userEvent.type(await screen.findByLabelText(/^Description/), 'Help');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose a location first.')).toBeInTheDocument();
    status = 500;
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText('Something went wrong.')).toBeInTheDocument());
  });
});
