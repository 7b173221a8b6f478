import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
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
  const router = createMemoryRouter([{ path: '*', element: <Page isOffline={isOffline} /> }], {
    initialEntries: ['/help', '/place-order/inventory'],
    initialIndex: 1,
  });
  return { ...render(<RouterProvider router={router} />), router };
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

  it('asks before the browser goes back and before a navigate() call, and stays on Cancel', async () => {
    const { router } = renderAt(true);
    await act(() => router.navigate(-1));
    expect(screen.getByText('at /place-order/inventory')).toBeInTheDocument();
    expect(useModalStack.getState().modals[0].message).toBe(INVENTORIES_TEXTS.leaveRoute);
    act(() => useModalStack.getState().modals[0].onCancel?.());
    closeAllMessageModals();
    await act(() => router.navigate('/order-history'));
    expect(screen.getByText('at /place-order/inventory')).toBeInTheDocument();
    const [question] = useModalStack.getState().modals;
    expect(question.message).toBe(INVENTORIES_TEXTS.leaveRoute);
    act(() => question.onConfirm?.());
    expect(await screen.findByText('at /order-history')).toBeInTheDocument();
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
