import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { LoadFailed } from '../ui/load-failed';
import { OFFLINE_BANNER_TEXT, OfflineBanner } from './offline-banner';

function setOnline(isOnline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
  act(() => {
    window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
  });
}

function renderPage() {
  return render(
    <MantineProvider>
      <LoadFailed title="Your orders could not be loaded" onRetry={() => undefined} />
      <OfflineBanner />
    </MantineProvider>,
  );
}

beforeEach(() => setOnline(true));
afterEach(() => setOnline(true));

describe('offline banner', () => {
  it('replaces the page’s failed-load alert with one banner while offline, and gives it back online', () => {
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('Your orders could not be loaded');
    expect(screen.queryByText(OFFLINE_BANNER_TEXT)).not.toBeInTheDocument();

    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_BANNER_TEXT);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    setOnline(true);
    expect(screen.queryByText(OFFLINE_BANNER_TEXT)).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('shows from the first render when the app opens without network', () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_BANNER_TEXT);
  });
});
