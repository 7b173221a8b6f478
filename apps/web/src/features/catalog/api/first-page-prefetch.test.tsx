import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useItemList } from './use-item-list';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { DESKTOP_WIDTH, PHONE_WIDTH, seedSession, setViewportWidth } from '../../../test/render-app';
import { useItemListStore } from '../../../lib/item-list-store';

// public/first-page.js as the browser runs it: a plain script, before the app.
const SCRIPT = readFileSync(path.join(__dirname, '../../../../public/first-page.js'), 'utf8');
const runScript = () => new Function(SCRIPT)();

const PAGE = { data: [], _meta: { totalCount: 0, pageCount: 1, currentPage: 1 } };

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => {
  delete window.__stockpotFirstPage;
  useItemListStore.getState().reset();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('the place-order list first page asked for before the app starts', () => {
  it.each([
    ['a phone', PHONE_WIDTH, '25'],
    ['a desktop', DESKTOP_WIDTH, '50'],
  ])('on %s, asks what the list asks, and the list takes that answer instead of asking again', async (_, width, limit) => {
    setViewportWidth(width);
    seedSession({ user: makeUser(), authKey: 'k-first' });
    window.history.replaceState(null, '', '/place-order/list');
    const requests = mockFetch({ 'GET /api/v1/items': () => jsonResponse(200, PAGE) });

    runScript();
    expect(requests).toHaveLength(1);
    expect(requests[0].query.get('limit')).toBe(limit);
    expect(requests[0].headers.get('Authorization')).toBe('Bearer k-first');
    expect(requests[0].headers.get('Cache-Control')).toBe('no-cache');

    const { result } = renderHook(() => useItemList(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests).toHaveLength(1);
    expect(result.current.data?.pages[0].meta.totalCount).toBe(0);
    expect(window.__stockpotFirstPage).toBeUndefined();
  });

  it('asks nothing when signed out or on another page', () => {
    const requests = mockFetch({});
    localStorage.clear();
    window.history.replaceState(null, '', '/place-order/list');
    runScript();
    seedSession({ user: makeUser() });
    window.history.replaceState(null, '', '/order-history');
    runScript();
    expect(requests).toHaveLength(0);
    expect(window.__stockpotFirstPage).toBeUndefined();
  });

  it('is dropped, not used, when the list asks for something else', async () => {
    setViewportWidth(DESKTOP_WIDTH);
    seedSession({ user: makeUser() });
    window.history.replaceState(null, '', '/place-order/list');
    const requests = mockFetch({ 'GET /api/v1/items': () => jsonResponse(200, PAGE) });
    runScript();
    useItemListStore.getState().setSearch('chicken');

    const { result } = renderHook(() => useItemList(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests).toHaveLength(2);
    expect(JSON.parse(requests[1].query.get('filterOptions') ?? '{}')).toMatchObject({ search: 'chicken' });
    expect(window.__stockpotFirstPage).toBeUndefined();
  });
});
