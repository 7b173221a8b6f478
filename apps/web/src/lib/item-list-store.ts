import { create } from 'zustand';
import { DEFAULT_ITEM_LIST_FILTERS, type ItemListFilters, type ItemListState, type ListSort } from '@stockpot/domain';
import { useSession } from './session-store';

interface ItemListActions {
  /** A new search also goes back to the default sort for it ('Sort by relevance' while searching, doc 1 §9). */
  setSearch: (search: string) => void;
  setSortBy: (sortBy: ListSort) => void;
  setFilters: (filters: ItemListFilters) => void;
  reset: () => void;
}

const INITIAL_STATE: ItemListState = {
  search: '',
  sortBy: null,
  product: 'ALL',
  filters: DEFAULT_ITEM_LIST_FILTERS,
};

/**
 * The place-order list state of doc 1 §3 (search, sort, filters, product). Shared by the header
 * (search box, Filters button) and the list page, so it lives outside both.
 */
export const useItemListStore = create<ItemListState & ItemListActions>()((set) => ({
  ...INITIAL_STATE,
  setSearch: (search) => set((state) => (state.search === search.trim() ? state : { search: search.trim(), sortBy: null })),
  setSortBy: (sortBy) => set({ sortBy }),
  setFilters: (filters) => set({ filters }),
  reset: () => set(INITIAL_STATE),
}));

// Distributors, past orders and shopping lists belong to one location: a switch starts afresh.
useSession.subscribe((state, previous) => {
  if (state.activeLocation?.id !== previous.activeLocation?.id) useItemListStore.getState().reset();
});
