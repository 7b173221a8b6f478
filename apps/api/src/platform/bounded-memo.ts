/**
 * Keeps `value` under `key` as the most recently used entry, dropping the least recently used ones
 * beyond `maxEntries`. The kept answers of the chain view and the suggested orders bound their
 * in-process memory with it (a Map keeps insertion order, so its first key is the oldest).
 */
export function rememberBounded<V>(entries: Map<string, V>, key: string, value: V, maxEntries: number): void {
  entries.delete(key);
  entries.set(key, value);
  while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
}
