import { describe, expect, it } from 'vitest';
import { HELP_REQUIRED_TEXT, helpRequestSchema, validateHelpMessage } from './help.schema';

describe('help description (doc 3 §5)', () => {
  it('is required and not blank', () => {
    expect(validateHelpMessage('')).toBe(HELP_REQUIRED_TEXT);
    expect(validateHelpMessage('   ')).toBe(HELP_REQUIRED_TEXT);
    expect(validateHelpMessage('The cart is empty')).toBeNull();
  });
  it('is the same rule at the API', () => {
    expect(helpRequestSchema.safeParse({ message: ' \n ' }).success).toBe(false);
    expect(helpRequestSchema.parse({ message: ' hi ' })).toEqual({ message: 'hi' });
  });
});
