import { describe, expect, it } from 'vitest';
import { getDuplicateListNameMessage, validateShoppingListName } from './shopping-lists.schema';

describe('shopping list name', () => {
  it('refuses a blank name with the spec text', () => {
    expect(validateShoppingListName('')).toBe('Name cannot be blank.');
    expect(validateShoppingListName('   ')).toBe('Name cannot be blank.');
  });
  it('accepts one character and refuses overly long names', () => {
    expect(validateShoppingListName('B')).toBeNull();
    expect(validateShoppingListName('x'.repeat(101))).toBe('Name must be at most 100 characters.');
  });
  it('explains a duplicate', () => {
    expect(getDuplicateListNameMessage(' Bar ')).toBe('A shopping list named "Bar" already exists. Choose another name.');
  });
});
