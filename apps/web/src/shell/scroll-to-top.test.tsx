import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ScrollToTop } from './scroll-to-top';

afterEach(() => {
  vi.restoreAllMocks();
});

function setup() {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const router = createMemoryRouter([{ path: '*', element: <ScrollToTop /> }], {
    initialEntries: ['/checkout-ordering/review-order'],
  });
  render(<RouterProvider router={router} />);
  return { scrollTo, router };
}

describe('ScrollToTop', () => {
  it('scrolls the window to the top on every change of path', async () => {
    const { scrollTo, router } = setup();
    scrollTo.mockClear();
    await act(() => router.navigate('/checkout-ordering/shipping-payment'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await act(() => router.navigate('/checkout-ordering/final-review'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('keeps the scroll when only the query string changes', async () => {
    const { scrollTo, router } = setup();
    scrollTo.mockClear();
    await act(() => router.navigate('/checkout-ordering/review-order?x=1'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('ScrollToTop with a #section', () => {
  it('scrolls to the section once it shows', async () => {
    const { router } = setup();
    const scrollIntoView = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    await act(() => router.navigate('/distributor/12#upload-title'));
    expect(scrollIntoView).not.toHaveBeenCalled();
    const section = document.createElement('h2');
    section.id = 'upload-title';
    await act(async () => {
      document.body.append(section);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(section);
    section.remove();
  });
});
