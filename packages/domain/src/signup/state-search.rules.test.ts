import { describe, expect, it } from 'vitest';
import { searchUsStates } from './state-search.rules';
import { US_STATES } from './us-states.rules';

describe('searchUsStates (doc 3 §2.11 State field)', () => {
  it('offers the state of a typed abbreviation first, whatever its case', () => {
    expect(searchUsStates('MA')[0]).toBe('MA');
    expect(searchUsStates('ma')[0]).toBe('MA');
    expect(searchUsStates(' ny ')[0]).toBe('NY');
    expect(searchUsStates('AL')[0]).toBe('AL');
  });

  it('then names that start with the text, then the rest that contain it', () => {
    // MA itself, then Maine and Maryland, then Alabama (which holds "ma").
    expect(searchUsStates('ma').slice(0, 4)).toEqual(['MA', 'ME', 'MD', 'AL']);
    expect(searchUsStates('new').slice(0, 4)).toEqual(['NH', 'NJ', 'NM', 'NY']);
    expect(searchUsStates('york')).toEqual(['NY']);
    expect(searchUsStates('zz')).toEqual([]);
  });

  it('keeps the whole list for empty text', () => {
    expect(searchUsStates('')).toEqual(US_STATES.map(([code]) => code));
  });
});
