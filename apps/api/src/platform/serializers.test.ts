import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtAnswerSerializer } from './serializers';

const schema = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) });
const route = (httpStatus: string) => ({ schema, method: 'GET', url: '/api/v1/things', httpStatus });

describe('the serializer of built answers', () => {
  it('writes a 200 answer as it is built', () => {
    const write = builtAnswerSerializer(false)(route('200'));
    expect(write({ data: [{ id: 1, name: 'a' }] })).toBe('{"data":[{"id":1,"name":"a"}]}');
  });

  it('outside production refuses a 200 answer its schema refuses, as the zod serializer does', () => {
    const write = builtAnswerSerializer(true)(route('200'));
    expect(write({ data: [{ id: 1, name: 'a' }] })).toBe('{"data":[{"id":1,"name":"a"}]}');
    expect(() => write({ data: [{ id: 1.5, name: 'a' }] })).toThrow();
  });

  it('outside production refuses a 200 answer with a key its schema lacks (production would send it)', () => {
    const write = builtAnswerSerializer(true)(route('200'));
    expect(() => write({ data: [{ id: 1, name: 'a', passwordHash: 'x' }] })).toThrow();
    expect(builtAnswerSerializer(false)(route('200'))({ data: [{ id: 1, name: 'a', passwordHash: 'x' }] })).toContain(
      'passwordHash',
    );
  });

  it('leaves other answers (errors) to the zod serializer, which drops unknown fields', () => {
    const write = builtAnswerSerializer(false)(route('400'));
    expect(write({ data: [{ id: 1, name: 'a', extra: true }] })).toBe('{"data":[{"id":1,"name":"a"}]}');
  });
});
