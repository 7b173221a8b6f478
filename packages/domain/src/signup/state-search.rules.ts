import { US_STATES } from './us-states.rules';

/**
 * The sign-up wizard's State search (doc 3 §2.11; issue 34): what a buyer types is most often the
 * abbreviation, so "MA" offers Massachusetts first, not Alabama (whose name holds "ma"). Order: the
 * abbreviation typed, then names that start with the text, then abbreviations that start with it,
 * then names that contain it; each group in the list's A–Z order. Empty text keeps the whole list.
 */
export function searchUsStates(text: string): string[] {
  const query = text.trim().toLowerCase();
  if (query === '') return US_STATES.map(([code]) => code);
  const rank = (code: string, name: string): number | null => {
    const lowerCode = code.toLowerCase();
    const lowerName = name.toLowerCase();
    if (lowerCode === query) return 0;
    if (lowerName.startsWith(query)) return 1;
    if (lowerCode.startsWith(query)) return 2;
    if (lowerName.includes(query) || `${lowerName} (${lowerCode})`.includes(query)) return 3;
    return null;
  };
  return US_STATES.flatMap(([code, name], index) => {
    const found = rank(code, name);
    return found === null ? [] : [{ code, found, index }];
  })
    .sort((a, b) => a.found - b.found || a.index - b.index)
    .map(({ code }) => code);
}
