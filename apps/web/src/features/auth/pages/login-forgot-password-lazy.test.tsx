import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

// The modal's download is held until the test lets it through: what the visitor sees meanwhile.
const gate = vi.hoisted(() => {
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock('../components/forgot-password-modal', async (importOriginal) => {
  await gate.arrived;
  return importOriginal();
});

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession();
});

describe('login page, Forgot Password downloaded on first use', () => {
  it('shows the button loading until the modal has arrived, then opens it', async () => {
    mockFetch({});
    renderApp('/login');
    const button = await screen.findByRole('button', { name: 'Forgot Password?' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(button).toHaveAttribute('data-loading');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    gate.release();
    expect(await screen.findByRole('dialog', { name: 'Forgot Password?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).not.toHaveAttribute('data-loading');
  });
});
