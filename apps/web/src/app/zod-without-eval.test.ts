import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('is the setting zod reads, made before zod loads', async () => {
    await import('./zod-without-eval');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // A schema built after the setting parses as before (the interpreted path).
    expect(z.object({ a: z.number() }).parse({ a: 1, b: 2 })).toEqual({ a: 1 });
  });
});
