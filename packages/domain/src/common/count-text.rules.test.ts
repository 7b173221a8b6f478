import { describe, expect, it } from 'vitest';
import { formatCount } from './count-text.rules';

describe('formatCount', () => {
  it('says one item in the singular, every other count in the plural', () => {
    expect(formatCount(1, 'item')).toBe('1 item');
    expect(formatCount(0, 'item')).toBe('0 items');
    expect(formatCount(12, 'item')).toBe('12 items');
    expect(formatCount(2, 'box', 'boxes')).toBe('2 boxes');
  });
});
