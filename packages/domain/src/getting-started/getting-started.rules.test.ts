import { describe, expect, it } from 'vitest';
import { getGettingStarted } from './getting-started.rules';
import type { GettingStartedDistributor } from './getting-started.schema';

const sysco: GettingStartedDistributor = { id: 1, nickname: 'Sysco', hasOrderGuide: false, hasDeliveryDays: false };
const baldor: GettingStartedDistributor = { id: 2, nickname: 'Baldor', hasOrderGuide: false, hasDeliveryDays: false };
const done = (result: ReturnType<typeof getGettingStarted>) => result.steps.filter((s) => s.isDone).map((s) => s.key);

describe('getGettingStarted', () => {
  it('ticks nothing for a location with no distributor, and calls it a first run', () => {
    const result = getGettingStarted({ distributors: [], hasOrders: false });
    expect(result.steps.map((s) => s.key)).toEqual(['distributors', 'order-guides', 'delivery-days', 'first-order']);
    expect(done(result)).toEqual([]);
    expect(result.isFirstRun).toBe(true);
  });

  it('counts guides and delivery days only once every distributor has them', () => {
    const oneEach = getGettingStarted({
      distributors: [{ ...sysco, hasOrderGuide: true, hasDeliveryDays: true }, baldor],
      hasOrders: false,
    });
    expect(done(oneEach)).toEqual(['distributors']);
    expect(oneEach.isFirstRun).toBe(false);

    const all = getGettingStarted({
      distributors: [
        { ...sysco, hasOrderGuide: true, hasDeliveryDays: true },
        { ...baldor, hasOrderGuide: true, hasDeliveryDays: true },
      ],
      hasOrders: true,
    });
    expect(done(all)).toEqual(['distributors', 'order-guides', 'delivery-days', 'first-order']);
  });

  it('keeps the first run while no distributor has a guide, whatever else is set', () => {
    const result = getGettingStarted({ distributors: [{ ...sysco, hasDeliveryDays: true }], hasOrders: true });
    expect(result.isFirstRun).toBe(true);
    expect(done(result)).toEqual(['distributors', 'delivery-days', 'first-order']);
  });
});
