import { describe, expect, it } from 'vitest';
import { getEffectivePrice, truncateDescription, type PricedItem } from './price.rules';

const base: PricedItem = {
  type: 'item',
  price: 1000,
  purchasedPrice: 900,
  endDate: '2026-12-01',
  isPriceOutdated: false,
  isFromInvoice: true,
};
const today = '2026-11-22';

describe('effective price', () => {
  it('uses the guide price while its end date is in the future', () => {
    expect(getEffectivePrice(base, today)).toBe(1000);
    expect(getEffectivePrice({ ...base, isPriceOutdated: true }, today)).toBe(1000);
  });

  it('uses the invoice price once the end date is past', () => {
    expect(getEffectivePrice({ ...base, endDate: '2026-11-01' }, today)).toBe(900);
  });

  it('uses the invoice price when the invoice marks the guide price outdated', () => {
    expect(getEffectivePrice({ ...base, endDate: null, isPriceOutdated: true }, today)).toBe(900);
  });

  it('keeps the guide price when the invoice price is 0 or not from an invoice', () => {
    expect(getEffectivePrice({ ...base, endDate: '2026-11-01', purchasedPrice: 0 }, today)).toBe(1000);
    expect(getEffectivePrice({ ...base, endDate: '2026-11-01', isFromInvoice: false }, today)).toBe(1000);
    expect(getEffectivePrice({ ...base, endDate: '2026-11-01', purchasedPrice: null }, today)).toBe(1000);
  });

  it('always uses a custom item its own price', () => {
    expect(getEffectivePrice({ ...base, type: 'custom', endDate: '2020-01-01' }, today)).toBe(1000);
  });

  // On the end date itself the guide price is neither ahead nor past: only the invoice's outdated
  // mark moves it to the invoice price (the boundary a mutation of `>` or `<` to `>=`/`<=` moves).
  it('on the end date itself uses the invoice price only when the invoice marks the guide price outdated', () => {
    const onEndDate = { ...base, endDate: today };
    expect(getEffectivePrice({ ...onEndDate, isPriceOutdated: true }, today)).toBe(900);
    expect(getEffectivePrice({ ...onEndDate, isPriceOutdated: false }, today)).toBe(1000);
    expect(getEffectivePrice({ ...onEndDate, isPriceOutdated: true, isFromInvoice: false }, today)).toBe(1000);
  });

  it('treats an invalid end date as no end date', () => {
    expect(getEffectivePrice({ ...base, endDate: '2026-02-30' }, today)).toBe(1000);
  });

  it('reads only a whole YYYY-MM-DD as an end date', () => {
    // Each of these would read as a past date if parsed loosely, and so switch to the invoice price.
    for (const endDate of ['2026-11-1', ' 2026-11-01', '2026-11-01-01', '2026-11-01T00:00']) {
      expect(getEffectivePrice({ ...base, endDate }, today)).toBe(1000);
    }
  });
});

describe('description ellipsis', () => {
  it('cuts past 50 characters', () => {
    const long = 'Chicken Breast Boneless Skinless Marinated Grilled Strips Fully Cooked';
    expect(truncateDescription(long)).toBe(`${long.slice(0, 50).trimEnd()}…`);
    expect(truncateDescription('Tomato Roma')).toBe('Tomato Roma');
  });

  it('keeps exactly 50 characters whole and drops the space before the ellipsis', () => {
    const fifty = 'x'.repeat(50);
    expect(truncateDescription(fifty)).toBe(fifty);
    expect(truncateDescription(`${'x'.repeat(49)} tail`)).toBe(`${'x'.repeat(49)}…`);
  });
});
