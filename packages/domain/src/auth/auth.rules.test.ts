import { describe, expect, it } from 'vitest';
import { authenticateRequestSchema } from './auth.schema';

describe('authenticate request', () => {
  it('accepts company_id as the string the client sends', () => {
    const parsed = authenticateRequestSchema.parse({ email: 'a@b.co', password: 'p', company_id: '1', secret: 's' });
    expect(parsed.company_id).toBe('1');
  });

  it('names the missing fields', () => {
    const result = authenticateRequestSchema.safeParse({ email: 'a@b.co', company_id: 1 });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['password', 'secret']));
  });
});
