import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lookup } from 'zipcode-to-timezone';
import { DEFAULT_TIME_ZONE, SPLIT_ZONE_STATES, STATE_TIME_ZONES, getAddressTimeZone } from './time-zone.rules';

// The zip table the API uses; the rule itself stays free of it so the web bundle does not carry it.
const zoneOf = (state: string, zipcode: string) => getAddressTimeZone({ state, zipcode }, lookup);

describe('getAddressTimeZone', () => {
  it('takes the zip code where a state spans two zones', () => {
    expect(zoneOf('TX', '75001')).toBe('America/Chicago');
    expect(zoneOf('TX', '79901')).toBe('America/Denver'); // El Paso
    expect(zoneOf('FL', '32501')).toBe('America/Chicago'); // Pensacola
    expect(zoneOf('FL', '33101')).toBe('America/New_York'); // Miami
    expect(zoneOf('tx', ' 79901 ')).toBe('America/Denver');
  });

  it("takes the state's zone where the state has one", () => {
    expect(zoneOf('CA', '94103')).toBe('America/Los_Angeles');
    expect(zoneOf('AZ', '85001')).toBe('America/Phoenix');
    expect(zoneOf('MA', '02110')).toBe('America/New_York');
    // A zip of another zone typed for a one-zone state does not move the location.
    expect(zoneOf('MA', '79901')).toBe('America/New_York');
  });

  it("falls back to the state's main zone when the zip is unknown, short or from another state", () => {
    expect(zoneOf('TX', '')).toBe('America/Chicago');
    expect(zoneOf('TX', '799')).toBe('America/Chicago');
    expect(zoneOf('FL', '00000')).toBe('America/New_York');
    expect(zoneOf('TX', '02110')).toBe('America/Chicago'); // a Boston zip is not a Texas zone
  });

  it('answers the default zone for an unknown state', () => {
    expect(zoneOf('', '75001')).toBe(DEFAULT_TIME_ZONE);
    expect(zoneOf('ZZ', '75001')).toBe(DEFAULT_TIME_ZONE);
  });

  it('names only zones the runtime knows', () => {
    for (const zone of Object.values(STATE_TIME_ZONES)) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
  });
});

describe('getAddressTimeZone for any address', () => {
  it("answers a zone the runtime knows, and the state's own zone where the state has one", () => {
    const states = Object.keys(STATE_TIME_ZONES);
    fc.assert(
      fc.property(fc.constantFrom(...states), fc.stringMatching(/^\d{5}$/), (state, zipcode) => {
        const zone = zoneOf(state, zipcode);
        expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
        if (!(state in SPLIT_ZONE_STATES)) expect(zone).toBe(STATE_TIME_ZONES[state]);
        else expect(SPLIT_ZONE_STATES[state].some((allowed) => zone.startsWith(allowed))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
