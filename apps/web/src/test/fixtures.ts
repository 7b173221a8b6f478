import type { CurrentUser, Location, SignedInUser } from '@stockpot/domain';

const company: Location['company'] = {
  id: 1,
  nickname: 'stockpot',
  title: 'Harbor Restaurant Group',
  description: '',
  domain: 'demo.test',
  website: 'https://demo.test',
  logo_url: '',
  spinner_image_url: null,
  favico: '',
  main_color: '#1f6f5c',
  secondary_color: '#f2a541',
};

export function makeLocation(overrides: Partial<Location> = {}): Location {
  return {
    id: 11,
    nickname: 'Harbor Grill',
    businessName: 'Harbor Restaurant Group',
    timezone: 'America/New_York',
    company,
    canPlaceOrder: true,
    display_accounting: 1,
    display_recipe_costing: 1,
    display_comparison_view: 1,
    display_shopping_cart: 1,
    display_rebate: 1,
    display_match: 1,
    display_inventory: 1,
    onHandTotal: 0,
    activeInventory: null,
    ...overrides,
  };
}

export const harborGrill = makeLocation();
export const harborExpress = makeLocation({
  id: 12,
  nickname: 'Harbor Grill Express',
  display_comparison_view: 0,
  display_accounting: 0,
  display_recipe_costing: 0,
});

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    firstName: 'Olive',
    lastName: 'Owner',
    email: 'owner@demo.test',
    title: 'Owner',
    currentRole: 'member',
    editComparisonView: true,
    activeLocation: harborGrill,
    locations: [harborGrill, harborExpress],
    ...overrides,
  };
}

export function makeSignedInUser(overrides: Partial<SignedInUser> = {}): SignedInUser {
  return { ...makeUser(overrides), authKey: 'test-auth-key', ...overrides };
}
