/** Routes of the cards area (doc 3 §2.9); other paths under /manage-cards go to the list. */
export const MANAGE_CARDS_PATH = '/manage-cards';
export const ADD_CARD_PATH = '/manage-cards/add-card';

/** A card is addressed by its gateway token, as the API addresses it. */
export function getUpdateCardPath(token: string): string {
  return `/manage-cards/update-card/${encodeURIComponent(token)}`;
}
