import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  canRepUpdatePrices,
  getRepPriceRefusal,
  defaultNextPriceChange,
  describeGuideImportProgress,
  detectSpreadsheetKind,
  formatPriceUpdateTime,
  getInviteLabel,
  getInviteRefusal,
  isGuideDue,
  validateAccessDates,
  validateGuideDates,
  type RepAccess,
} from './distributors.rules';

const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2024-01-01', n));

describe('price-date rules', () => {
  it('defaults the Next Price Change to 7 days after the Order Guide Date, across months and years', () => {
    expect(defaultNextPriceChange('2026-12-28')).toBe('2027-01-04');
    expect(defaultNextPriceChange('2028-02-25')).toBe('2028-03-03');
  });

  it('refuses a start before today and an end before the start', () => {
    expect(validateGuideDates('2026-11-02', '2026-11-09', '2026-11-02')).toEqual([]);
    expect(validateGuideDates('2026-11-01', '2026-11-09', '2026-11-02').map((e) => e.field)).toEqual(['start_date']);
    expect(validateGuideDates('2026-11-05', '2026-11-04', '2026-11-02').map((e) => e.field)).toEqual(['end_date']);
  });

  it('makes a guide due on its date and not before (property)', () => {
    fc.assert(fc.property(day, day, (start, today) => isGuideDue(start, today) === start <= today));
    fc.assert(fc.property(day, (start) => validateGuideDates(start, defaultNextPriceChange(start), start).length === 0));
  });
});

describe('access-type rules', () => {
  const rep = (patch: Partial<RepAccess>): RepAccess => ({
    accessType: 'unlimited',
    startDate: null,
    endDate: null,
    inviteStatus: 'accepted',
    isDeleted: false,
    ...patch,
  });

  it('lets unlimited reps update prices, none never, and nobody before accepting or once removed', () => {
    expect(canRepUpdatePrices(rep({}), '2026-11-02')).toBe(true);
    expect(canRepUpdatePrices(rep({ accessType: 'none' }), '2026-11-02')).toBe(false);
    expect(canRepUpdatePrices(rep({ inviteStatus: 'sent' }), '2026-11-02')).toBe(false);
    expect(canRepUpdatePrices(rep({ isDeleted: true }), '2026-11-02')).toBe(false);
  });

  it('lets a limited rep update prices exactly within the start and end dates (property)', () => {
    fc.assert(
      fc.property(day, day, day, (a, b, today) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        return (
          canRepUpdatePrices(rep({ accessType: 'limited', startDate: start, endDate: end }), today) ===
          (start <= today && today <= end)
        );
      }),
    );
  });

  it('says why a rep is refused, with the dates of limited access', () => {
    const limited = rep({ accessType: 'limited', startDate: '2026-11-10', endDate: '2026-11-20' });
    expect(getRepPriceRefusal(limited, '2026-11-09')).toBe('Your access starts on 11/10/2026.');
    expect(getRepPriceRefusal(limited, '2026-11-10')).toBeNull();
    expect(getRepPriceRefusal(limited, '2026-11-20')).toBeNull();
    expect(getRepPriceRefusal(limited, '2026-11-21')).toBe('Your access ended on 11/20/2026.');
    expect(getRepPriceRefusal(rep({ accessType: 'none' }), '2026-11-02')).toBe(
      'Your access does not allow updating order guide prices.',
    );
    expect(getRepPriceRefusal(rep({ inviteStatus: 'sent' }), '2026-11-02')).toBe('Accept the invite before updating prices.');
    expect(getRepPriceRefusal(rep({ isDeleted: true }), '2026-11-02')).toBe('Your sales rep access to this account was removed.');
    expect(getRepPriceRefusal(rep({ accessType: 'limited' }), '2026-11-02')).toBe('Your limited access has no dates.');
  });

  it('requires both dates for limited access, the end not before the start', () => {
    expect(validateAccessDates('limited', null, '2026-01-01').map((e) => e.field)).toEqual(['startDate']);
    expect(validateAccessDates('limited', '2026-02-01', '2026-01-01').map((e) => e.field)).toEqual(['endDate']);
    expect(validateAccessDates('unlimited', null, null)).toEqual([]);
  });
});

describe('invites', () => {
  const base = {
    name: 'Dana Reyes',
    email: 'dana@sysco.example',
    accessType: 'unlimited' as const,
    inviteStatus: null,
    isDeleted: false,
  };
  it('needs a name, a valid e-mail, access, an editable distributor and an active rep', () => {
    expect(getInviteRefusal(base, true)).toBeNull();
    expect(getInviteRefusal({ ...base, inviteStatus: 'sent' }, true)).toBeNull();
    expect(getInviteRefusal(base, false)).toMatch(/cannot be edited/);
    expect(getInviteRefusal({ ...base, email: 'nope' }, true)).toMatch(/valid e-mail/);
    expect(getInviteRefusal({ ...base, name: ' ' }, true)).toMatch(/Name/);
    expect(getInviteRefusal({ ...base, accessType: 'none' }, true)).toMatch(/access/);
    expect(getInviteRefusal({ ...base, isDeleted: true }, true)).toMatch(/Reactivate/);
    expect(getInviteRefusal({ ...base, inviteStatus: 'accepted' }, true)).toMatch(/already accepted/);
  });
  it('labels the button by status', () => {
    expect([null, 'sent', 'accepted'].map((s) => getInviteLabel(s as null))).toEqual([
      'Send Invite',
      'Invite sent',
      'Invite Accepted',
    ]);
  });
});

describe('detectSpreadsheetKind', () => {
  it('checks the content, not the name', () => {
    expect(detectSpreadsheetKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1]))).toBe('xlsx');
    expect(detectSpreadsheetKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('xls');
    expect(detectSpreadsheetKind(new TextEncoder().encode('a,b\n1,2'))).toBe('csv');
    expect(detectSpreadsheetKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toBeNull();
    expect(detectSpreadsheetKind(new Uint8Array([]))).toBeNull();
  });
});

describe('formatPriceUpdateTime', () => {
  it('shows the instant in New York time whatever the viewer’s zone', () => {
    expect(formatPriceUpdateTime('2026-11-23T14:05:00Z')).toBe('11/23/2026 09:05 AM EST');
    expect(formatPriceUpdateTime('2026-07-01T03:30:00Z')).toBe('06/30/2026 11:30 PM EDT');
    expect(formatPriceUpdateTime('nope')).toBe('');
  });
});

describe('describeGuideImportProgress', () => {
  it('shows rows read of the rows in the file while the import reads it, then the items applied', () => {
    expect(describeGuideImportProgress({ status: 'queued', progress: 0, totalRows: 0 })).toEqual({
      percent: 0,
      label: 'Waiting to start',
      isIndeterminate: false,
    });
    expect(describeGuideImportProgress({ status: 'processing', progress: 12_000, totalRows: 50_002 })).toEqual({
      percent: 23,
      label: '12,000 of 50,002 rows read',
      isIndeterminate: false,
    });
    expect(describeGuideImportProgress({ status: 'applied', progress: 49_998, totalRows: 49_998 })).toEqual({
      percent: 100,
      label: '49,998 of 49,998 items applied',
      isIndeterminate: false,
    });
  });

  it('moves without a total while an .xlsx is read (its rows are counted as it is read)', () => {
    expect(describeGuideImportProgress({ status: 'processing', progress: 4_000, totalRows: 0 })).toEqual({
      percent: 100,
      label: '4,000 rows read',
      isIndeterminate: true,
    });
    expect(describeGuideImportProgress({ status: 'processing', progress: 0, totalRows: 0 }).label).toBe('Reading the file');
  });

  it('never shows more than the whole, nor a fraction of a percent (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), (progress, totalRows) => {
        const { percent } = describeGuideImportProgress({ status: 'processing', progress, totalRows });
        expect(Number.isInteger(percent)).toBe(true);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        if (progress < totalRows) expect(percent).toBeLessThan(100);
      }),
    );
  });
});
