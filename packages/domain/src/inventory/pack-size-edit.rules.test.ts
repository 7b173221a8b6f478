import { describe, expect, it } from 'vitest';
import { PACK_SIZE_UOMS } from './inventory.rules';
import { canEditPackSize, canResetPackSize, isCountablePackSize, toPackSizeText } from './pack-size-edit.rules';
import { PACK_SIZE_FORMAT_MESSAGE, packSizeRequestSchema } from './inventory-requests.schema';

const catalogue = { isCustomItem: false, isSubRecipe: false, isCatchWeight: false, customPackSize: null };

describe('Edit Packsize and Default Packsize (doc 2 §5)', () => {
  it('edits a catalogue item, never a catch-weight item, a custom item or a sub-recipe', () => {
    expect(canEditPackSize(catalogue)).toBe(true);
    expect(canEditPackSize({ ...catalogue, isCatchWeight: true })).toBe(false);
    expect(canEditPackSize({ ...catalogue, isCustomItem: true })).toBe(false);
    expect(canEditPackSize({ ...catalogue, isSubRecipe: true })).toBe(false);
  });

  it('offers Default Packsize only when a custom pack size is set', () => {
    expect(canResetPackSize(catalogue)).toBe(false);
    expect(canResetPackSize({ ...catalogue, customPackSize: '2/5 LB' })).toBe(true);
    expect(canResetPackSize({ ...catalogue, isCatchWeight: true, customPackSize: '2/5 LB' })).toBe(false);
  });

  it('writes the three fields as outer/inner UOM', () => {
    expect(toPackSizeText({ outerPack: 4, innerPack: 5, uom: 'lb' })).toBe('4/5 LB');
    expect(toPackSizeText({ outerPack: 1, innerPack: 2.5, uom: 'GAL' })).toBe('1/2.5 GAL');
  });

  it('can count with every unit the dialog offers', () => {
    for (const uom of PACK_SIZE_UOMS) expect(isCountablePackSize(`2/3 ${uom}`), uom).toBe(true);
    expect(isCountablePackSize('0/5 LB')).toBe(false);
    expect(isCountablePackSize('4/0 LB')).toBe(false);
    expect(isCountablePackSize('four pounds')).toBe(false);
  });
});

describe('change pack size request', () => {
  const parse = (body: unknown) => packSizeRequestSchema.safeParse(body);

  it('takes packSize text, packSizeVal fields, or null to clear', () => {
    expect(parse({ packSize: '6/2 LB' })).toMatchObject({ success: true, data: '6/2 LB' });
    expect(parse({ packSizeVal: { outerPack: '6', innerPack: 2, uom: 'LB' } })).toMatchObject({ success: true, data: '6/2 LB' });
    expect(parse({ packSize: null })).toMatchObject({ success: true, data: null });
  });

  it('refuses a pack size a count cannot use, with a message a person can act on', () => {
    const answer = parse({ packSize: '0/2 LB' });
    expect(answer.success).toBe(false);
    expect(answer.error?.issues[0].message).toBe(PACK_SIZE_FORMAT_MESSAGE);
    expect(parse({ packSizeVal: { outerPack: -1, innerPack: 2, uom: 'LB' } }).success).toBe(false);
    expect(parse({ packSizeVal: { outerPack: 1, innerPack: 2, uom: 'PARSECS' } }).success).toBe(false);
  });

  it('wants exactly one of the two forms', () => {
    expect(parse({}).success).toBe(false);
    expect(parse({ packSize: '1/2 LB', packSizeVal: { outerPack: 1, innerPack: 2, uom: 'LB' } }).success).toBe(false);
    expect(parse({ packSize: '1/2 LB', extra: true }).success).toBe(false);
  });
});
