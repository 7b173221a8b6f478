import { describe, expect, it } from 'vitest';
import { getDeliveryDateProblem, getDeliveryTimeProblem, listDeliveryDates } from './order-submit.rules';

const MON_WED_FRI = [1, 3, 5];
const TODAY = '2026-11-23'; // a Monday

describe('delivery date', () => {
  it('accepts a delivery weekday from today on', () => {
    expect(getDeliveryDateProblem('2026-11-23', TODAY, MON_WED_FRI)).toBeNull();
    expect(getDeliveryDateProblem('2026-11-25', TODAY, MON_WED_FRI)).toBeNull();
  });

  it('names what is wrong', () => {
    expect(getDeliveryDateProblem('', TODAY, MON_WED_FRI)).toBe('required');
    expect(getDeliveryDateProblem('2026-02-30', TODAY, MON_WED_FRI)).toBe('invalid');
    expect(getDeliveryDateProblem('2026-11-20', TODAY, MON_WED_FRI)).toBe('past');
    expect(getDeliveryDateProblem('2026-11-24', TODAY, MON_WED_FRI)).toBe('not-a-delivery-day');
    expect(getDeliveryDateProblem('2027-03-01', TODAY, MON_WED_FRI)).toBe('too-far');
  });

  it('lists the delivery dates of the window', () => {
    const dates = listDeliveryDates(TODAY, MON_WED_FRI, 7);
    expect(dates).toEqual(['2026-11-23', '2026-11-25', '2026-11-27', '2026-11-30']);
  });
});

describe('delivery time', () => {
  it('requires a time only for a later date delivered by Stockpot', () => {
    expect(getDeliveryTimeProblem(700, '2026-11-24', TODAY, 1, '')).toBe('required');
    expect(getDeliveryTimeProblem(700, TODAY, TODAY, 1, '')).toBeNull();
    expect(getDeliveryTimeProblem(612, '2026-11-24', TODAY, 0, '')).toBeNull();
  });

  it('accepts only the slots of the distributor and date', () => {
    expect(getDeliveryTimeProblem(700, '2026-11-24', TODAY, 1, '2pm-5pm')).toBeNull();
    expect(getDeliveryTimeProblem(700, '2026-11-28', TODAY, 1, '2pm-5pm')).toBe('not-offered');
    expect(getDeliveryTimeProblem(531, '2026-11-25', TODAY, 0, '9am-1pm')).toBeNull();
    expect(getDeliveryTimeProblem(531, '2026-11-25', TODAY, 0, '8am-11am')).toBe('not-offered');
  });
});
