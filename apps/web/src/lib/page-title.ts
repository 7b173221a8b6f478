import { useEffect } from 'react';
import { create } from 'zustand';

interface PageTitleState {
  title: string;
}

/** The header shows the current page's title as the page's h1; pages announce it with usePageTitle. */
export const usePageTitleStore = create<PageTitleState>()(() => ({ title: '' }));

export function usePageTitle(title: string): void {
  useEffect(() => {
    usePageTitleStore.setState({ title });
    document.title = title ? `${title} · Stockpot` : 'Stockpot';
  }, [title]);
}
