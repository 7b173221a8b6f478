import { describe, expect, it } from 'vitest';
import { findMenuCategoryClash, getMenuCategoryExistsMessage } from './menu-categories.rules';

const categories = [
  { id: 1, name: 'Entrees' },
  { id: 2, name: 'Desserts' },
];

describe('menu category names (issue 34)', () => {
  it('finds an existing category of the same name in any case', () => {
    expect(findMenuCategoryClash('entrees', categories)?.id).toBe(1);
    expect(findMenuCategoryClash('  DESSERTS ', categories)?.id).toBe(2);
    expect(findMenuCategoryClash('Starters', categories)).toBeUndefined();
  });

  it('lets a category be renamed to its own name in another case, not to another one', () => {
    expect(findMenuCategoryClash('ENTREES', categories, 1)).toBeUndefined();
    expect(findMenuCategoryClash('desserts', categories, 1)?.id).toBe(2);
  });

  it('says which name is taken', () => {
    expect(getMenuCategoryExistsMessage('Desserts')).toBe(
      'A menu category named "Desserts" already exists. Choose another name.',
    );
  });
});
