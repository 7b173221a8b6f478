import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAX_ID,
  findUnsafeText,
  humanErrorMap,
  idSchema,
  isSafeText,
  numberInputSchema,
  safeTextSchema,
  toFieldLabel,
  wholeNumberSchema,
} from './input.schema';

const firstMessage = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues[0]?.message;

describe('idSchema', () => {
  it('reads ids given as numbers or digits', () => {
    expect(idSchema.parse(42)).toBe(42);
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.parse(MAX_ID)).toBe(MAX_ID);
  });

  it('refuses ids an integer column cannot hold, with the field named', () => {
    const schema = z.object({ company_id: idSchema });
    expect(firstMessage(schema.safeParse({ company_id: '99999999999' }))).toBe('Company id is not a known id.');
    expect(firstMessage(schema.safeParse({ company_id: 2 ** 31 }))).toBe('Company id is not a known id.');
  });

  it('refuses booleans, fractions, blanks and zero instead of reading them as numbers', () => {
    const schema = z.object({ itemId: idSchema });
    expect(firstMessage(schema.safeParse({ itemId: true }))).toBe('Item id must be a number.');
    expect(firstMessage(schema.safeParse({ itemId: '' }))).toBe('Item id must be a number.');
    expect(firstMessage(schema.safeParse({ itemId: 'abc' }))).toBe('Item id must be a number.');
    expect(firstMessage(schema.safeParse({ itemId: 1.5 }))).toBe('Item id must be a whole number.');
    expect(firstMessage(schema.safeParse({ itemId: 0 }))).toBe('Item id must be a positive number.');
    expect(firstMessage(schema.safeParse({ itemId: Number.NaN }))).toBe('Item id must be a number.');
  });
});

describe('numberInputSchema and wholeNumberSchema', () => {
  it('keeps the caller message and refuses true', () => {
    const quantity = numberInputSchema('Quantity must be a number.').pipe(z.number().int());
    expect(quantity.parse('3')).toBe(3);
    expect(firstMessage(quantity.safeParse(true))).toBe('Quantity must be a number.');
    expect(firstMessage(quantity.safeParse(null))).toBe('Quantity must be a number.');
  });

  it('bounds whole numbers', () => {
    const schema = z.object({ page: wholeNumberSchema({ min: 1, max: 1000 }) });
    expect(schema.parse({ page: '7' })).toEqual({ page: 7 });
    expect(firstMessage(schema.safeParse({ page: 1001 }))).toBe('Page must be at most 1000.');
  });
});

describe('safe text', () => {
  it('finds NUL characters and lone surrogates, and accepts real emoji', () => {
    expect(isSafeText('Tomatoes 🍅')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('broken \uD83C')).toBe(false);
    expect(isSafeText('\uDF45 broken')).toBe(false);
  });

  it('refuses unsafe text in a schema with the field named', () => {
    const schema = z.object({ name: safeTextSchema({ max: 20 }) });
    expect(firstMessage(schema.safeParse({ name: 'a\u0000b' }))).toMatch(/^Name contains a character that is not allowed/);
    expect(firstMessage(schema.safeParse({ name: 'x'.repeat(21) }))).toBe('Name is too long (20 characters at most).');
  });

  it('walks a whole request part, keys included', () => {
    expect(findUnsafeText({ a: [{ b: 'fine' }], c: 3 })).toBeNull();
    expect(findUnsafeText({ a: [{ b: 'x\u0000' }] })).toMatchObject({ field: 'a.0.b' });
    expect(findUnsafeText({ ['k\u0000']: 1 })).toMatchObject({ field: '' });
    expect(findUnsafeText({ note: { text: '\uD800' } })).toMatchObject({ field: 'note.text' });
  });

  it('leaves objects that are not parsed JSON alone (an upload stream, a buffer)', () => {
    class Stream {
      self = this;
      chunk = 'a\u0000b';
    }
    expect(findUnsafeText({ file: new Stream(), data: new Uint8Array([0]) })).toBeNull();
  });

  it('refuses deep nesting without recursing', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnsafeText(deep)?.message).toMatch(/nested too deeply/);
  });
});

describe('humanErrorMap', () => {
  const parse = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value, { error: humanErrorMap }).error?.issues[0]?.message;

  it('names the field and says what is expected', () => {
    expect(parse(z.object({ quantity: z.number() }), { quantity: 'many' })).toBe('Quantity must be a number.');
    expect(parse(z.object({ quantity: z.number() }), { quantity: Number.NaN })).toBe('Quantity must be a number.');
    expect(parse(z.object({ name: z.string() }), {})).toBe('Name is required.');
    expect(parse(z.object({ name: z.string().max(3) }), { name: 'long' })).toBe('Name is too long (3 characters at most).');
    expect(parse(z.object({ sort: z.enum(['asc', 'desc']) }), { sort: 'up' })).toBe('Sort must be one of: asc, desc.');
    expect(parse(z.object({ isDefault: z.boolean() }), { isDefault: 'yes' })).toBe('Is default must be true or false.');
  });

  it('leaves messages a schema names itself', () => {
    expect(parse(z.object({ n: z.number({ error: 'Pick a number.' }) }), { n: 'x' })).toBe('Pick a number.');
  });

  it('labels fields from their path', () => {
    expect(toFieldLabel(['itemList', 0, 'itemDistributorId'])).toBe('Item distributor id');
    expect(toFieldLabel([])).toBe('This value');
  });
});
