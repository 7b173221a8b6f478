import { lookup } from 'zipcode-to-timezone';
import { getAddressTimeZone } from '@stockpot/domain';

/**
 * A location's time zone from its address (ARCHITECTURE "dates": taken from the address with
 * `zipcode-to-timezone`). Every write of a location's state or zip sets its `timezone` through this,
 * so "today", cut-offs and every date shown for the location follow where it is.
 */
export function getLocationTimeZone(address: { state: string; zipcode: string }): string {
  return getAddressTimeZone(address, lookup);
}
