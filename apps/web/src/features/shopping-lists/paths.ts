/** Routes of the shopping-lists area (doc 1 §2); any other path under /shopping-lists goes to the lists. */
export const SHOPPING_LISTS_PATH = '/shopping-lists';
export const ADD_LIST_PATH = '/shopping-lists/add-list';

export const getListPath = (id: number) => `/shopping-lists/${id}`;
export const getUpdateListPath = (id: number) => `/shopping-lists/update-list/${id}`;
export const getListCatalogPath = (id: number) => `/shopping-lists/items/${id}`;
