import { describe, expect, it } from 'vitest';
import { extractGuideLines } from './guide-lines.rules';
import { findTemplate } from './order-guide-template.rules';
import { buildTemplateFromMapping, guessHeaderRow, parseMappingArguments } from './template-mapping.rules';

const HEADER = ['Item #', 'Description', 'Pack Size', 'Case Price', 'Brand'];

describe('parseMappingArguments', () => {
  it('reads field=Header pairs and names the ones it cannot use', () => {
    expect(parseMappingArguments(['din=Item #', 'name= Description ', 'price=Case Price'])).toEqual({
      mapping: { din: 'Item #', name: 'Description', price: 'Case Price' },
      errors: [],
    });
    expect(parseMappingArguments(['colour=Red', 'din=', 'name=A', 'name=B', 'plain']).errors).toEqual([
      expect.stringMatching(/^"colour=Red": write field=Header/),
      '"din=": the header after = is empty.',
      '"name" is mapped twice.',
      expect.stringMatching(/^"plain": write field=Header/),
    ]);
  });
});

describe('buildTemplateFromMapping', () => {
  it('builds a template that finds and reads the file by header name', () => {
    const { template, errors } = buildTemplateFromMapping(
      'custom-1',
      'Harborline export',
      { din: 'item #', name: 'Description', pack_size: 'Pack Size', price: 'Case Price', brand: 'Brand' },
      HEADER,
    );
    expect(errors).toEqual([]);
    // Columns in another order still match: headers, not positions.
    const rows = [
      ['Brand', 'Case Price', 'Pack Size', 'Description', 'Item #'],
      ['House', '$42.50', '4/5 LB', 'Wings', '0012'],
    ];
    const match = findTemplate(rows, [template!]);
    expect(match?.template.key).toBe('custom-1');
    const { lines } = extractGuideLines(rows, match!);
    expect(lines).toMatchObject([{ din: '0012', name: 'Wings', packSize: '4/5 LB', priceCents: 4250, brand: 'House' }]);
  });

  it('needs din, name, price and a pack, and headers that are in the file', () => {
    expect(buildTemplateFromMapping('k', 'n', { din: 'Item #', name: 'Nope', pack: 'Pack Size' }, HEADER).errors).toEqual([
      'name: "Nope" is not a header of the file.',
      'price must be mapped.',
      'Map pack_size, or pack and size.',
    ]);
  });
});

describe('guessHeaderRow', () => {
  it('takes the fullest of the first rows', () => {
    expect(guessHeaderRow([['Order guide', ''], HEADER, ['1', 'x', '1/1 EA', '2', '']])).toEqual(HEADER);
  });
});
