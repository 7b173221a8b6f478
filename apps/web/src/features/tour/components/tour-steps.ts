import type { TourTarget } from '../../../shell/tour-store';

export interface TourStepContent {
  target: TourTarget;
  title: string;
  text: string;
}

/** The four steps of the welcome tour over the list page (doc 1 §2 "Tour steps 1 to 4"). */
export const TOUR_STEPS: readonly TourStepContent[] = [
  {
    target: 'search',
    title: 'Search items',
    text: 'Type a name, brand or DIN. Suggestions appear as you type; press Enter or pick one to search your list.',
  },
  {
    target: 'filters',
    title: 'Filter the list',
    text: 'Show only the items you have purchased, or the items of some distributors or past orders.',
  },
  {
    target: 'add',
    title: 'Add to your cart',
    text: 'Press Add to put an item in your cart, then set the quantity with − and +.',
  },
  {
    target: 'cart',
    title: 'Your cart',
    text: 'The cart shows how many items you have added. Open it to review your order and check out.',
  },
];

/** The six steps of 'What is Inventory View?' over the inventory view (doc 2 §2; texts not shown in the spec). */
export const INVENTORY_TUTORIAL_STEPS: readonly TourStepContent[] = [
  {
    target: 'inventory-list',
    title: 'Your inventory lists',
    text: 'Keep one list per storage area, like Kitchen and Bar, and pick the one to work on here. Manage Inventory Lists creates, renames and deletes them.',
  },
  {
    target: 'inventory-search',
    title: 'Find a generic group',
    text: 'Search your generic groups by name. Sort them A-Z, Z-A or in your own custom order.',
  },
  {
    target: 'inventory-group',
    title: 'Generic groups',
    text: 'A generic group holds the same product from several distributors, like "Chicken breast". Its header shows the par level, the amount on hand and what you spent; double-click the name to rename it.',
  },
  {
    target: 'inventory-on-hand',
    title: 'Count what you have',
    text: 'Enter what is on the shelf in cases, packs and units. The count is saved as you type and the group total follows.',
  },
  {
    target: 'inventory-add-group',
    title: 'Add a generic group',
    text: 'Click a dashed bar to add a generic group at that place, then link the items of your distributors to it.',
  },
  {
    target: 'inventory-actions',
    title: 'Take inventory',
    text: 'Start an inventory to count every list, rearrange your groups, and follow prices over twelve months with Price Analytics.',
  },
];
