import { describe, expect, it } from 'vitest';
import {
  getAnalyticsOrderStatusLabel,
  getAnalyticsRange,
  getCustomRangeProblem,
  getNextAnalyticsSort,
  getSliceColor,
  sumCents,
} from './analytics.rules';
import { analyticsDetailQuerySchema, analyticsQuerySchema } from './analytics.schema';

describe('getAnalyticsRange', () => {
  it('WEEKLY is Monday to today on the location calendar', () => {
    // 2026-11-02 is a Monday; 2026-11-08 a Sunday.
    expect(getAnalyticsRange('WEEKLY', '2026-11-02')).toEqual({ startDate: '2026-11-02', endDate: '2026-11-02' });
    expect(getAnalyticsRange('WEEKLY', '2026-11-08')).toEqual({ startDate: '2026-11-02', endDate: '2026-11-08' });
    expect(getAnalyticsRange('WEEKLY', '2026-11-04')).toEqual({ startDate: '2026-11-02', endDate: '2026-11-04' });
  });
  it('WEEKLY crosses a month and a year boundary', () => {
    expect(getAnalyticsRange('WEEKLY', '2027-01-01')).toEqual({ startDate: '2026-12-28', endDate: '2027-01-01' });
  });
  it('MONTHLY and YEARLY start on the first day of the period', () => {
    expect(getAnalyticsRange('MONTHLY', '2026-02-28')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(getAnalyticsRange('YEARLY', '2026-11-02')).toEqual({ startDate: '2026-01-01', endDate: '2026-11-02' });
  });
  it('CUSTOM takes the chosen dates and needs both', () => {
    expect(getAnalyticsRange('CUSTOM', '2026-11-02', { startDate: '2026-10-01', endDate: '2026-10-31' })).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(() => getAnalyticsRange('CUSTOM', '2026-11-02', { startDate: '2026-10-01' })).toThrow();
  });
});

describe('getCustomRangeProblem', () => {
  it('accepts a real range, one day included', () => {
    expect(getCustomRangeProblem('2026-10-01', '2026-10-01')).toBeNull();
    expect(getCustomRangeProblem('2024-02-29', '2024-03-01')).toBeNull();
  });
  it('says what to fix', () => {
    expect(getCustomRangeProblem(undefined, '2026-10-01')).toMatch(/start_date and an end_date/);
    expect(getCustomRangeProblem('2026-02-30', '2026-03-01')).toBe('start_date must be a date written YYYY-MM-DD.');
    expect(getCustomRangeProblem('2026-03-01', '03/02/2026')).toBe('end_date must be a date written YYYY-MM-DD.');
    expect(getCustomRangeProblem('2026-03-02', '2026-03-01')).toBe('end_date must not be before start_date.');
    expect(getCustomRangeProblem('2010-01-01', '2026-03-01')).toMatch(/at most/);
  });
});

describe('analytics query schemas', () => {
  it('defaults to WEEKLY and ignores dates outside CUSTOM', () => {
    expect(analyticsQuerySchema.parse({})).toEqual({ filter_type: 'WEEKLY' });
    expect(analyticsQuerySchema.safeParse({ filter_type: 'MONTHLY', start_date: 'x' }).success).toBe(true);
  });
  it('refuses an unknown filter and a bad custom range', () => {
    expect(analyticsQuerySchema.safeParse({ filter_type: 'DAILY' }).error?.issues[0].message).toBe(
      'filter_type must be WEEKLY, MONTHLY, YEARLY or CUSTOM.',
    );
    expect(
      analyticsQuerySchema.safeParse({ filter_type: 'CUSTOM', start_date: '2026-01-02', end_date: '2026-01-01' }).success,
    ).toBe(false);
  });
  it('checks the sort against the section', () => {
    expect(analyticsDetailQuerySchema.safeParse({ section: 'purchase', sort: 'tot_spent' }).success).toBe(true);
    expect(analyticsDetailQuerySchema.safeParse({ section: 'order', sort: 'tot_spent' }).success).toBe(false);
    expect(analyticsDetailQuerySchema.safeParse({ section: 'order', sort: '-order_date' }).success).toBe(true);
    expect(analyticsDetailQuerySchema.safeParse({ distributor_id: 'abc' }).success).toBe(false);
  });
});

describe('small rules', () => {
  it('cycles four slice colours', () => {
    expect(getSliceColor(4)).toBe(getSliceColor(0));
    expect(new Set([0, 1, 2, 3].map(getSliceColor)).size).toBe(4);
  });
  it('shows received, cancelled, otherwise On the Way', () => {
    expect(getAnalyticsOrderStatusLabel('received')).toBe('Received');
    expect(getAnalyticsOrderStatusLabel('cancelled')).toBe('Cancelled');
    expect(getAnalyticsOrderStatusLabel('submitted')).toBe('On the Way');
  });
  it('toggles a column sort', () => {
    expect(getNextAnalyticsSort('-tot_spent', 'name')).toBe('name');
    expect(getNextAnalyticsSort('name', 'name')).toBe('-name');
    expect(getNextAnalyticsSort('name', 'tot_spent')).toBe('-tot_spent');
    expect(getNextAnalyticsSort('-tot_spent', 'tot_spent')).toBe('tot_spent');
  });
  it('adds cents exactly', () => {
    expect(sumCents([1, 2, 3])).toBe(6);
  });
});
