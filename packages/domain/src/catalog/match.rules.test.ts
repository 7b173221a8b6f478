import { describe, expect, it } from 'vitest';
import { findMatch, findMatches, getMatchCasePrice, toMatchCandidate, type MatchCandidate } from './match.rules';

const cream: MatchCandidate = {
  itemDistributorId: 1,
  distributorId: 531,
  name: 'Heavy Cream 36%',
  genericName: 'Heavy cream 36%',
  manufacturer: 'Hood',
  manufacturerCode: 'HC-36-QT',
  brand: 'Hood',
  packSize: '12/1 QT',
  price: 4800,
  isMarketPrice: false,
  isUnpurchasable: false,
  isActive: true,
  isPunchedOut: false,
};

describe('matching', () => {
  it('finds an exact match: same manufacturer item and pack at another distributor', () => {
    const match = findMatch(cream, { ...cream, itemDistributorId: 2, distributorId: 558, price: 4500 });
    expect(match).toMatchObject({ matchType: 'ExactMatch', savings: 300 });
    expect(match?.reasons).toContain('Same pack size (12/1 QT)');
  });

  it('offers a cheaper comparable pack of the same generic item as a savings option', () => {
    // 12 qt = 3 gal for $48 ($16/gal); 4/1 GAL for $56 = $14/gal → 3 gal cost $42, saves $6 per case
    const match = findMatch(cream, {
      ...cream,
      itemDistributorId: 3,
      distributorId: 558,
      manufacturerCode: 'X',
      packSize: '4/1 GAL',
      price: 5600,
    });
    // quoted per QT, the cream's own pack unit: $4.0000 now, $3.5000 for the gallons
    expect(match).toMatchObject({
      matchType: 'SavingsOption',
      savings: 600,
      unit: 'QT',
      originalUnitPrice: 40000,
      unitPrice: 35000,
    });
    expect(match?.reasons[0]).toBe('Same product: Heavy cream 36%');
  });

  it('does not offer a dearer or incomparable item, nor one that cannot be bought', () => {
    const dearer = { ...cream, itemDistributorId: 4, manufacturerCode: 'Y', price: 5000 };
    expect(findMatch(cream, dearer)).toBeNull();
    expect(
      findMatch(cream, { ...cream, itemDistributorId: 5, manufacturerCode: 'Z', packSize: '12/1 LB', price: 100 }),
    ).toBeNull();
    expect(
      findMatch(cream, { ...cream, itemDistributorId: 6, distributorId: 558, price: 100, isUnpurchasable: true }),
    ).toBeNull();
    expect(findMatch(cream, { ...cream, itemDistributorId: 7, distributorId: 558, price: 100, isMarketPrice: true })).toBeNull();
    expect(findMatch(cream, { ...cream, itemDistributorId: 8, distributorId: 558, price: 100, isPunchedOut: true })).toBeNull();
    expect(
      findMatch(cream, { ...cream, itemDistributorId: 9, genericName: 'Half and half', manufacturerCode: 'Q', price: 100 }),
    ).toBeNull();
    expect(findMatch(cream, cream)).toBeNull();
  });

  it('offers only the same product in the same size, within the tolerance', () => {
    const breast: MatchCandidate = {
      ...cream,
      name: 'Chicken Breast Boneless Skinless 10 OZ',
      genericName: 'Chicken breast boneless skinless',
      manufacturerCode: 'CB10',
      packSize: '4/10 LB',
      price: 12000,
    };
    const alt = (id: number, name: string) => ({
      ...breast,
      itemDistributorId: id,
      manufacturerCode: `A${id}`,
      name,
      price: 9000,
    });
    expect(findMatch(breast, alt(20, 'Chicken Breast Boneless Skinless 6 OZ'))).toBeNull();
    expect(findMatch(breast, alt(21, 'Chicken Breast Boneless Skinless 8 OZ'))).toBeNull();
    expect(findMatch(breast, alt(22, 'chicken breast  boneless skinless 10oz'))).toMatchObject({ matchType: 'SavingsOption' });
    // 9.5 OZ is 5 % off 10 OZ, within the 10 % tolerance; 11.5 OZ is 15 % off
    expect(findMatch(breast, alt(23, 'Chicken Breast Boneless Skinless 9.5 OZ'))).not.toBeNull();
    expect(findMatch(breast, alt(24, 'Chicken Breast Boneless Skinless 11.5 OZ'))).toBeNull();
    // an exact match is the same manufacturer item: its name is not compared
    expect(findMatch(breast, { ...breast, itemDistributorId: 25, distributorId: 558, name: 'CHKN BRST 10Z' })).toMatchObject({
      matchType: 'ExactMatch',
    });
  });

  it('lists exact matches first, then the largest savings', () => {
    const matches = findMatches(cream, [
      { ...cream, itemDistributorId: 10, manufacturerCode: 'A', price: 4000 },
      { ...cream, itemDistributorId: 11, manufacturerCode: 'B', price: 3000 },
      { ...cream, itemDistributorId: 12, distributorId: 900, price: 4900 },
    ]);
    expect(matches.map((m) => m.itemDistributorId)).toEqual([12, 11, 10]);
  });
});

describe('case price for matching', () => {
  it('uses the case price of an item sold by the case', () => {
    expect(getMatchCasePrice(4800, 'CS', '12/1 QT')).toBe(4800);
  });

  it('multiplies a catch-weight price per pound by the nominal pack weight', () => {
    // $5.99/lb, 2 × 15 lb = 30 lb → $179.70
    expect(getMatchCasePrice(599, 'LB', '2/15 LB')).toBe(17_970);
    // $4.15/lb, 2 × 7.5 lb = 15 lb → $62.25; 4 × 20 oz = 5 lb → $20.75
    expect(getMatchCasePrice(415, 'LB', '2/7.5 LB')).toBe(6225);
    expect(getMatchCasePrice(415, 'LB', '4/20 OZ')).toBe(2075);
    // 1 × 1 kg at $3.33/lb = 2.20462… lb → $7.3414 → $7.34
    expect(getMatchCasePrice(333, 'LB', '1/1 KG')).toBe(734);
  });

  it('has no case price for a per-pound item without a weight pack, or another unit of sale', () => {
    expect(getMatchCasePrice(599, 'LB', '6/#10 CN')).toBeNull();
    expect(getMatchCasePrice(599, 'LB', 'case')).toBeNull();
    expect(getMatchCasePrice(599, 'EA', '12/1 LB')).toBeNull();
  });

  it('lets a catch-weight item be compared per pound with a case of the same product', () => {
    const block = { ...cream, itemDistributorId: 20, genericName: 'Cheese cheddar', packSize: '1/20 LB' };
    // $3.00/lb by catch weight = $60.00 per nominal 20 lb case; a 4/5 LB case at $56.00 is $2.80/lb.
    const catchWeight = { ...block, price: getMatchCasePrice(300, 'LB', '1/20 LB')! };
    const cased = { ...block, itemDistributorId: 21, manufacturerCode: 'C2', packSize: '4/5 LB', price: 5600 };
    expect(findMatch(catchWeight, cased)).toMatchObject({ matchType: 'SavingsOption', savings: 400, unitPrice: 28_000 });
    expect(findMatch(cased, catchWeight)).toBeNull();
  });
});

describe('toMatchCandidate (the catalogue matches and the savings swaps read one rule)', () => {
  const row = {
    itemDistributorId: 7,
    distributorId: 2,
    name: 'Chicken breast',
    genericName: 'chicken breast',
    manufacturer: 'Farm',
    manufacturerCode: 'F-1',
    brand: 'Farm',
    packSize: '4/10 LB',
    unitMeasure: 'LB',
    status: 'active',
    isMarketPrice: false,
    isUnpurchasable: false,
    isPunchedOut: false,
  };

  it('prices a catch-weight offer as a whole case, a case offer as it is, and another unit as 0', () => {
    // $2.99 a pound × 40 lb nominal = $119.60 a case.
    expect(toMatchCandidate(row, 299)).toMatchObject({ price: 11_960, isActive: true, itemDistributorId: 7 });
    expect(toMatchCandidate({ ...row, unitMeasure: 'CS' }, 4_500).price).toBe(4_500);
    expect(toMatchCandidate({ ...row, unitMeasure: 'EA' }, 4_500).price).toBe(0);
  });

  it('reads an offer not active as not active', () => {
    expect(toMatchCandidate({ ...row, status: 'inactive' }, 299).isActive).toBe(false);
  });
});
