import type { SignUpContactForm } from './signup.rules';

/** Business fields and the location-1 fields they fill in, in that order. */
const ADDRESS_PAIRS = [
  ['locationAddress', 'locationAddress'],
  ['city', 'city'],
  ['state', 'state'],
  ['zipcode', 'zipcode'],
] as const;

/**
 * Issue 31 "Sign-up without friction": with one location, its address, city, state and zip default
 * to the business's, so the address is typed once. A location field follows the business field
 * while it is empty or still holds the business's previous value; once the buyer types something
 * else there it is theirs and stays. With several locations nothing is copied: the business's
 * address is then usually an office, not the first restaurant.
 */
export function applyBusinessAddressDefaults(previous: SignUpContactForm, next: SignUpContactForm): SignUpContactForm {
  if (next.locationCount !== 1) return next;
  const first = next.locations[0];
  if (!first) return next;
  let changed = false;
  const filled = { ...first };
  for (const [businessField, locationField] of ADDRESS_PAIRS) {
    const current = first[locationField];
    const isFollowing = current === '' || current === previous[businessField];
    if (isFollowing && current !== next[businessField]) {
      filled[locationField] = next[businessField];
      changed = true;
    }
  }
  return changed ? { ...next, locations: [filled, ...next.locations.slice(1)] } : next;
}
