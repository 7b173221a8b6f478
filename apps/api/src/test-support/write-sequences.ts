/**
 * The property checks of kept and stored answers (the inventory view's stored pages, the kept
 * reads): after any sequence of the writes an answer can see, and after each kind of write once,
 * what is served is what is computed from scratch (`expectFresh`).
 */
import fc from 'fast-check';

/** Each write, by name, given a number to pick what it changes with. */
export type Writes = Record<string, (n: number) => Promise<void>>;

/** Random sequences of `writes` (fast-check, fixed seed), each step followed by `expectFresh`. */
export async function checkAfterWriteSequences(
  writes: Writes,
  expectFresh: () => Promise<void>,
  options: { numRuns: number; maxLength: number; seed: number },
): Promise<void> {
  await expectFresh();
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.constantFrom(...Object.keys(writes)), fc.nat({ max: 10_000 })), {
        minLength: 1,
        maxLength: options.maxLength,
      }),
      async (steps) => {
        for (const [name, n] of steps) {
          await writes[name](n);
          await expectFresh();
        }
      },
    ),
    { numRuns: options.numRuns, seed: options.seed, endOnFailure: true },
  );
}

/** Every kind of write once, each followed by `expectFresh`. */
export async function checkEachWrite(writes: Writes, expectFresh: () => Promise<void>): Promise<void> {
  for (const [index, write] of Object.values(writes).entries()) {
    await write(index * 7 + 3);
    await expectFresh();
  }
}
