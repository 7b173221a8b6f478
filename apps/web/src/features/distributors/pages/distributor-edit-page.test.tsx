import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DistributorDetail } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { distributors } from '../../../test/ordering-fixtures';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

// Harborline, the ordering fixtures' first distributor, with the expansions GET /distributors adds.
const distributor: DistributorDetail = {
  ...distributors[0],
  dcn: '',
  dsrs: [],
  lastOrderGuide: null,
  skyloader: { useSkyloader: 0, username: '' },
  is_dsr_editable: 1,
};

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Edit Distributor: Add Sales Rep', () => {
  it("shows the rules' messages under the fields, as the rep editor does, and sends nothing", async () => {
    const requests = mockFetch({
      'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
      'GET /api/v1/distributors/531': () => jsonResponse(200, { data: distributor }),
    });
    renderApp('/distributor/531');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Sales Rep' }, { timeout: 15_000 }));
    const form = screen.getByRole('form', { name: 'New sales rep' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save Sales Rep' }));
    expect(await within(form).findByText('Name is required.')).toBeInTheDocument();
    expect(within(form).getByText('E-mail is required.')).toBeInTheDocument();

    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Rita Lopez');
    await userEvent.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'rita@');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Sales Rep' }));
    await waitFor(() => expect(within(form).getByText('E-mail is not a valid e-mail address.')).toBeInTheDocument());
    expect(within(form).queryByText('Name is required.')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
