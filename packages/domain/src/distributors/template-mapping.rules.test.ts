import { describe, expect, it } from 'vitest';
import { extractGuideLines } from './guide-lines.rules';
import { findTemplate } from './order-guide-template.rules';
import { buildBuyerTemplate, buildTemplateFromMapping, guessHeaderRow, parseMappingArguments } from './template-mapping.rules';

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

describe("a buyer's own column mapping (issue 31)", () => {
  const headers = ['Item #', 'Item Description', 'Brand', 'Pack/Size', 'Case Price', 'Lb Price'];

  it('reads the file it was made from, by header name', () => {
    const { template, errors } = buildBuyerTemplate(
      'custom-1',
      'Mine',
      { din: 'Item #', name: 'item description', brand: 'Brand', pack: 'Pack/Size', price: 'Case Price', lb_price: 'Lb Price' },
      headers,
    );
    expect(errors).toEqual([]);
    const rows = [headers, ['0042', 'Wings', 'House', '4/10#', '$52.00', '']];
    const { lines } = extractGuideLines(rows, findTemplate(rows, [template!])!, { checkCellCount: true });
    expect(lines).toMatchObject([{ din: '0042', name: 'Wings', packSize: '4/10 LB', priceCents: 5200, brand: 'House' }]);
  });

  it('says which column is missing, unknown or chosen twice', () => {
    const { template, errors } = buildBuyerTemplate('k', 'n', { din: 'Item #', name: 'Item #', size: 'Weight' }, headers);
    expect(template).toBeNull();
    expect(errors).toEqual([
      { field: 'name', message: '"Item #" is already chosen for item number: choose each column once.' },
      { field: 'size', message: '"Weight" is not a column of the file.' },
      { field: 'price', message: 'Choose the column that holds the case price or the per-pound price.' },
    ]);
  });
});
