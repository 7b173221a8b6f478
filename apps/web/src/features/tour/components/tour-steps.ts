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
