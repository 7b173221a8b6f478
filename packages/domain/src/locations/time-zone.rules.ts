import { formatPriceUpdateTime } from '../distributors/distributors.rules';

/** Default zone of doc 1 §9 and doc 2 §9, kept for an address that names no known state. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * The zone most of each state keeps its clocks by (GLOSSARY "Money and time": each location has a
 * time zone, taken from its address). States that span two zones are in SPLIT_ZONE_STATES.
 */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  PR: 'America/Puerto_Rico',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  VI: 'America/St_Thomas',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  GU: 'Pacific/Guam',
};

/**
 * States whose counties keep two zones: there the zip code decides (El Paso is Mountain, Pensacola
 * Central). Each lists the zones (or zone-name prefixes) its zips may take, so a zip from another
 * state, mistyped, cannot move a location across the country.
 */
export const SPLIT_ZONE_STATES: Readonly<Record<string, readonly string[]>> = {
  AK: [
    'America/Anchorage',
    'America/Nome',
    'America/Juneau',
    'America/Yakutat',
    'America/Sitka',
    'America/Adak',
    'America/Metlakatla',
  ],
  FL: ['America/New_York', 'America/Chicago'],
  ID: ['America/Boise', 'America/Los_Angeles'],
  IN: ['America/Indiana/', 'America/Chicago', 'America/New_York'],
  KS: ['America/Chicago', 'America/Denver'],
  KY: ['America/Kentucky/', 'America/New_York', 'America/Chicago'],
  MI: ['America/Detroit', 'America/Menominee', 'America/New_York', 'America/Chicago'],
  NE: ['America/Chicago', 'America/Denver'],
  ND: ['America/Chicago', 'America/Denver', 'America/North_Dakota/'],
  OR: ['America/Los_Angeles', 'America/Boise', 'America/Denver'],
  SD: ['America/Chicago', 'America/Denver'],
  TN: ['America/Chicago', 'America/New_York'],
  TX: ['America/Chicago', 'America/Denver'],
};

/** A zip code's zone from a zip table (the API passes `zipcode-to-timezone`); null when unknown. */
export type ZipTimeZoneLookup = (zipcode: string) => string | null;

// Old link names a zip table may answer with; the runtime's list may lack them, so the canonical name is kept.
const ZONE_ALIASES: Readonly<Record<string, string>> = { 'America/Shiprock': 'America/Denver' };

/**
 * A location's time zone from its address (issue 31 "Sign-up without friction"): the state's zone,
 * or, in a state that spans two zones, the zone of its zip code when the zip table knows it and
 * the zone is one of that state's. No known state: the spec's default zone.
 */
export function getAddressTimeZone(
  address: { state: string; zipcode: string },
  lookupZip: ZipTimeZoneLookup = () => null,
): string {
  const state = address.state.trim().toUpperCase();
  const stateZone = STATE_TIME_ZONES[state];
  if (!stateZone) return DEFAULT_TIME_ZONE;
  const zipZones = SPLIT_ZONE_STATES[state];
  if (!zipZones) return stateZone;
  const zip = address.zipcode.trim().slice(0, 5);
  if (!/^\d{5}$/.test(zip)) return stateZone;
  const zipZone = lookupZip(zip);
  const zone = zipZone ? (ZONE_ALIASES[zipZone] ?? zipZone) : null;
  return zone && zipZones.some((allowed) => zone.startsWith(allowed)) ? zone : stateZone;
}

/** An instant as MM/DD/YYYY hh:mm A with the zone's abbreviation (doc 3 §9), in the location's zone. */
export function formatLocationDateTime(iso: string, timeZone: string): string {
  return formatPriceUpdateTime(iso, timeZone);
}
