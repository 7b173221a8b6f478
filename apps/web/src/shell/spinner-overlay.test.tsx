import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../app/providers';
import { api } from '../lib/api-client';
import { jsonResponse } from '../test/fetch-mock';
import { seedSession } from '../test/render-app';
import { SPINNER_DELAY_MS, SpinnerOverlay } from './spinner-overlay';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request spinner', () => {
  it('appears only for a request slower than the delay and leaves when it answers', async () => {
    seedSession();
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    render(
      <Providers>
        <SpinnerOverlay />
      </Providers>,
    );

    const pending = api.get('slow');
    expect(screen.queryByTestId('spinner-overlay')).not.toBeInTheDocument();
    expect(await screen.findByTestId('spinner-overlay', {}, { timeout: SPINNER_DELAY_MS * 3 })).toHaveTextContent('Loading…');

    answer(jsonResponse(200, { data: 'done' }));
    await expect(pending).resolves.toBe('done');
    await waitFor(() => expect(screen.queryByTestId('spinner-overlay')).not.toBeInTheDocument());
  });
});
