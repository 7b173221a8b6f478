import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { INVENTORIES_TEXTS } from '@stockpot/domain';
import { closeAllMessageModals, useModalStack } from '../../../shared/modals/modal-store';
import { useOfflineGuards } from './offline-guards';

function Page({ isOffline }: { isOffline: boolean }) {
  useOfflineGuards(isOffline);
  const { pathname } = useLocation();
  return (
    <>
      <p>at {pathname}</p>
      <Link to="/help">Help</Link>
      <Link to="/place-order/inventory/analytics">Analytics</Link>
    </>
  );
}

function renderAt(isOffline: boolean) {
  return render(
    <MemoryRouter initialEntries={['/place-order/inventory']}>
      <Routes>
        <Route path="*" element={<Page isOffline={isOffline} />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => closeAllMessageModals());

describe('offline mode guards (doc 2 §4)', () => {
  it('asks before a route away from the inventory, and leaves only on confirm', () => {
    renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: 'Help' }));
    expect(screen.getByText('at /place-order/inventory')).toBeInTheDocument();
    const [question] = useModalStack.getState().modals;
    expect(question.message).toBe(INVENTORIES_TEXTS.leaveRoute);
  });

  it('lets the inventory paths through without asking', () => {
    renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: 'Analytics' }));
    expect(screen.getByText('at /place-order/inventory/analytics')).toBeInTheDocument();
    expect(useModalStack.getState().modals).toHaveLength(0);
  });

  it('warns on leaving the page while offline, and not online', () => {
    const { unmount } = renderAt(true);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    unmount();
    renderAt(false);
    const online = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(online);
    expect(online.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Help' }));
    expect(screen.getByText('at /help')).toBeInTheDocument();
  });
});
