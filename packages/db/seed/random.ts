/**
 * A small seeded pseudo-random generator (mulberry32) so the demo data is the same on every
 * machine and every run. Never use Math.random in the seed: one changed number would move every
 * id and price after it.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with the given probability (0–1). */
  chance(probability: number): boolean;
  pick<T>(values: readonly T[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(values: readonly T[]): T[];
  /** `count` distinct values in random order (all of them when there are fewer). */
  sample<T>(values: readonly T[], count: number): T[];
}

/** mulberry32: 32-bit state, good enough for test data and identical on every platform. */
function createMulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a label, used to derive independent streams from one seed. */
function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i += 1) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A generator for one part of the data set. Each part ("catalog", "guides", …) gets its own stream,
 * so growing one part of the demo does not reshuffle the others.
 */
export function createRandom(seed: number, label = ''): Random {
  const next = createMulberry32((seed ^ hashLabel(label)) >>> 0);
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(values: readonly T[]): T[] => {
    const copy = [...values];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (values) => {
      if (values.length === 0) throw new Error('Cannot pick from an empty list');
      return values[int(0, values.length - 1)];
    },
    shuffle,
    sample: (values, count) => shuffle(values).slice(0, Math.max(0, count)),
  };
}
