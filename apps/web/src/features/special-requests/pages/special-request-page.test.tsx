import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { cartResponse, distributors } from '../../../test/ordering-fixtures';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

// Journeys of several steps: generous when the machine is busy (the default is 5 s).
vi.setConfig({ testTimeout: 20_000 });

function serve(post: () => Response): RecordedRequest[] {
  return mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
    'GET /api/v1/distributors': () => jsonResponse(200, { data: distributors }),
    'GET /api/v1/shopping-carts': () => cartResponse([], 'v1'),
    'POST /api/v1/shopping-carts': post,
  });
}

const savedCart = () =>
  jsonResponse(200, { data: { shoppingCart: [], lastModified: 'v2', unsyncedItems: [], sameModifiedItems: [] } });

async function fillForm() {
  await waitFor(() => expect(screen.getByRole('option', { name: 'Northeast Provisions' })).toBeInTheDocument());
  await userEvent.selectOptions(screen.getByLabelText(/^Distributor/), 'Northeast Provisions');
  await userEvent.selectOptions(screen.getByLabelText(/^Unit/), 'case');
  await userEvent.clear(screen.getByLabelText(/^Quantity/));
  await userEvent.type(screen.getByLabelText(/^Quantity/), '2');
  await userEvent.click(screen.getByLabelText(/^Description/));
  await userEvent.paste('Saffron threads, 1 oz tins');
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Add Special Request screen', () => {
  it('has labelled fields, quantity 1 by default and Submit disabled until the form is valid', async () => {
    serve(savedCart);
    renderApp('/special-request');
    expect(await screen.findByRole('heading', { name: 'Add Special Request', level: 1 })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    expect(screen.getByLabelText(/^Quantity/)).toHaveValue('1');
    expect(
      within(screen.getByLabelText(/^Unit/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a unit', 'lb', 'pint', 'oz', 'bunch', 'each', 'case']);

    // A field's error shows once it has been left.
    await userEvent.type(screen.getByLabelText(/^Description/), 'ab');
    await userEvent.tab();
    expect(await screen.findByText('Description must be at least 3 characters.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Quantity/));
    await userEvent.type(screen.getByLabelText(/^Quantity/), '0');
    await userEvent.tab();
    expect(await screen.findByText('Quantity must be greater than 0.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Quantity/));
    await userEvent.type(screen.getByLabelText(/^Quantity/), '1.5');
    expect(await screen.findByText('Quantity must be digits only.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await fillForm();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('adds the special item to the cart, then says so', async () => {
    const requests = serve(savedCart);
    renderApp('/special-request');
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('dialog', { name: 'Special Request Added!' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-animation')).toHaveTextContent('The Item was added to your order as special request');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      itemList: [
        {
          quantity: 2,
          specialItem: { distributorId: 558, din: '', packSize: '', uom: 'case', description: 'Saffron threads, 1 oz tins' },
        },
      ],
      lastModified: 'v1',
    });
    // A fresh form for the next request.
    expect(screen.getByLabelText(/^Description/)).toHaveValue('');
  });

  it("shows the server's message for a 400 and the generic text otherwise", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = jsonResponse(400, { message: 'Distributor is not one of yours.', code: 'validation_error' });
    serve(() => answer);
    renderApp('/special-request');
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Distributor is not one of yours.');

    answer = jsonResponse(500, { message: 'Boom', code: 'server_error' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong while processing the information.'),
    );
    logged.mockRestore();
  });
});
