import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@stockpot/db/seed';
import { addDaysToIsoDate, DEFAULT_ORDERING_TERMS, ORDERING_TERMS_TEXT, type OrderingTerms } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { addCartLine, buildOrderPayload, findOrderableItems, locationToday } from '../checkout/checkout-test-fixtures';

const GRILL = DEMO_IDS.locations.harborGrill;
const COASTAL = DEMO_IDS.distributors.coastalProduce;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const url = (id: number) => `/api/v1/distributors/${id}/ordering-terms`;
const put = (id: number, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: url(id), headers: bearer(token), payload: payload as object });

describe('distributors/{id}/ordering-terms', () => {
  it('refuses broken terms with 400 and a message a person can act on, changing nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: url(COASTAL), headers: bearer(token) })).json().data;
    const cases: [Partial<OrderingTerms>, string][] = [
      [{ deliveryWeekdays: [] }, ORDERING_TERMS_TEXT.noDeliveryDay],
      [{ deliveryWeekdays: [0, 3] }, ORDERING_TERMS_TEXT.badWeekday],
      [{ orderCutoffTime: '25:00' }, ORDERING_TERMS_TEXT.badCutoffTime],
      [{ orderCutoffDaysBefore: 9 }, ORDERING_TERMS_TEXT.badCutoffDays],
      [{ minOrderAmount: -100 }, ORDERING_TERMS_TEXT.badMinimum],
      [{ minOrderAmount: 0, isMinOrderAmountRequired: true }, ORDERING_TERMS_TEXT.requiredWithoutAmount],
      [{ deliveryFee: 1.5 }, ORDERING_TERMS_TEXT.badFee],
    ];
    for (const [change, message] of cases) {
      const response = await put(COASTAL, { ...DEFAULT_ORDERING_TERMS, ...change });
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_ordering_terms', message });
    }
    const shape = await put(COASTAL, { deliveryWeekdays: 'Monday' });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().message).toEqual(expect.any(String));
    const after = (await t.app.inject({ method: 'GET', url: url(COASTAL), headers: bearer(token) })).json().data;
    expect(after).toEqual(before);
  });

  it('stores valid terms; another location’s distributor is a 404', async () => {
    const terms = {
      deliveryWeekdays: [5, 2],
      orderCutoffTime: '14:00',
      orderCutoffDaysBefore: 1,
      minOrderAmount: 15_000,
      isMinOrderAmountRequired: true,
      deliveryFee: 2_500,
    };
    const saved = await put(COASTAL, terms);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ ...terms, deliveryWeekdays: [2, 5] });
    expect((await put(999_999, terms)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(999_999), headers: bearer(token) })).statusCode).toBe(404);
  });

  it('leaves out delivery dates whose cut-off has passed, says why, and checkout refuses them', async () => {
    // Every day, cut-off at midnight the day before: today's and tomorrow's cut-offs have passed.
    const terms = { ...DEFAULT_ORDERING_TERMS, deliveryWeekdays: [1, 2, 3, 4, 5, 6, 7], orderCutoffTime: '00:00' };
    expect((await put(COASTAL, terms)).statusCode).toBe(200);
    const today = locationToday();
    const distributor = (
      await t.app.inject({ method: 'GET', url: `/api/v1/distributors/${COASTAL}`, headers: bearer(token) })
    ).json().data;
    expect(distributor.deliveryDates[0]).toBe(addDaysToIsoDate(today, 2));
    expect(distributor.deliveryDates).not.toContain(addDaysToIsoDate(today, 1));
    expect(distributor.orderCutoffNote).toMatch(
      /^Too late for \w+ delivery: the cut-off was 12:00 AM \w+\. Order by 12:00 AM \w+ for \w+ delivery\.$/,
    );

    const [item] = await findOrderableItems(t.handle.db, GRILL, COASTAL, 1);
    const line = await addCartLine(t.handle.db, GRILL, item, 40);
    const payload = await buildOrderPayload(t.handle.db, GRILL, COASTAL, [line]);
    const submit = (date: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: { ...payload, requestedDeliveryDate: date },
      });
    const tomorrow = addDaysToIsoDate(today, 1);
    const late = await submit(tomorrow, 'cutoff-late');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'invalid_delivery_date' });
    const [y, m, d] = tomorrow.split('-');
    expect(late.json().message).toMatch(
      new RegExp(
        `^The order cut-off for Coastal Produce Co\\. delivery on ${m}/${d}/${y} has passed \\(it was 12:00 AM \\w+\\)\\.`,
      ),
    );
    const inTime = await submit(addDaysToIsoDate(today, 2), 'cutoff-in-time');
    expect(inTime.json().code).not.toBe('invalid_delivery_date');
    expect(inTime.statusCode).toBe(201);
  });
});
