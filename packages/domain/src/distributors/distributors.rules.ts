/**
 * Distributors, sales reps and order-guide upload rules (doc 3 §4, §5, §6, §9).
 */

import { cachedDateTimeFormat } from '../common/date-time-format';
import type { GuideUpload } from './guide-preview.schema';

/** doc 3 §9: order guide items page size. */
export const ORDER_GUIDE_PAGE_SIZE = 20;
/** doc 3 §9: sales rep edits save after this pause. */
export const REP_SAVE_DEBOUNCE_MS = 500;
/** doc 3 §9: order guide upload debounce. */
export const GUIDE_UPLOAD_DEBOUNCE_MS = 1500;
/** doc 3 §9: back to /distributor after a successful upload. */
export const GUIDE_UPLOAD_REDIRECT_MS = 2000;
/** doc 3 §9: default Next Price Change is the start date plus this many days. */
export const NEXT_PRICE_CHANGE_DAYS = 7;
/** doc 3 §9: upload limit in bytes. */
export const GUIDE_UPLOAD_MAX_BYTES = 24_000_000;
/** doc 3 §5: accepted file extensions. */
export const GUIDE_FILE_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;

export const ACCESS_TYPES = ['unlimited', 'limited', 'none'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];
export type InviteStatus = null | 'sent' | 'accepted';

/** doc 3 §8 texts of the distributor screens. */
export const DISTRIBUTOR_MESSAGES = {
  templateNotFound:
    'An approved template was not found for this order guide. Please review the order guides under Price Update History for successful uploads, and resubmit using the approved template.',
  templateNotFoundRequest: 'Or you can request a new template which can take up to 3 days to approve.',
  templateRequestSuccess: 'Successful request',
  templateRequestFailure: 'There was an error while submiting your template',
  uploadFailure: 'There was an error while uploading your file',
  noOrderGuide: 'No order guide detected',
  noItems: 'No Items Found.',
  fileType: 'Please choose another file type.',
  fileSize: 'File size is too big.',
} as const;

/** Adds days to a YYYY-MM-DD date (calendar arithmetic in UTC, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** doc 3 §5: Next Price Change defaults to 7 days after the Order Guide Date. */
export function defaultNextPriceChange(startDate: string): string {
  return addDays(startDate, NEXT_PRICE_CHANGE_DAYS);
}

/**
 * doc 3 §5 order guide dates: the Order Guide Date is today or later (in the location's time
 * zone); the Next Price Change cannot be before it. Returns the messages, empty when valid.
 */
export function validateGuideDates(startDate: string, endDate: string, today: string): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  if (startDate < today) errors.push({ field: 'start_date', message: 'The Order Guide Date cannot be before today.' });
  if (endDate < startDate)
    errors.push({ field: 'end_date', message: 'The Next Price Change cannot be before the Order Guide Date.' });
  return errors;
}

/** New prices take effect on the Order Guide Date: a guide dated later waits until that day. */
export function isGuideDue(startDate: string, today: string): boolean {
  return startDate <= today;
}

export interface RepAccess {
  accessType: AccessType;
  startDate: string | null;
  endDate: string | null;
  inviteStatus: InviteStatus;
  isDeleted: boolean;
}

/**
 * doc 3 §6 access types: why a sales rep may not update the distributor's order-guide prices for
 * the location today, or null when it may: unlimited always, limited within its start and end dates
 * (both included), none never; only once the invite is accepted and while the rep is active.
 */
export function getRepPriceRefusal(rep: RepAccess, today: string): string | null {
  if (rep.isDeleted) return 'Your sales rep access to this account was removed.';
  if (rep.inviteStatus !== 'accepted') return 'Accept the invite before updating prices.';
  if (rep.accessType === 'unlimited') return null;
  if (rep.accessType === 'limited') {
    if (rep.startDate === null || rep.endDate === null) return 'Your limited access has no dates.';
    if (today < rep.startDate) return `Your access starts on ${formatRepDate(rep.startDate)}.`;
    if (today > rep.endDate) return `Your access ended on ${formatRepDate(rep.endDate)}.`;
    return null;
  }
  return 'Your access does not allow updating order guide prices.';
}

/** Whether getRepPriceRefusal finds no reason to refuse. */
export function canRepUpdatePrices(rep: RepAccess, today: string): boolean {
  return getRepPriceRefusal(rep, today) === null;
}

function formatRepDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

/** doc 3 §5: limited access needs both dates, the end not before the start; other types keep none. */
export function validateAccessDates(
  accessType: AccessType,
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): { field: string; message: string }[] {
  if (accessType !== 'limited') return [];
  const errors: { field: string; message: string }[] = [];
  if (!startDate) errors.push({ field: 'startDate', message: 'Start date is required for limited access.' });
  if (!endDate) errors.push({ field: 'endDate', message: 'End date is required for limited access.' });
  if (startDate && endDate && endDate < startDate) {
    errors.push({ field: 'endDate', message: 'End date cannot be before the start date.' });
  }
  return errors;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A valid e-mail address as the forms check it. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

/**
 * doc 3 §4 invite status: none → sent → accepted. Sending needs a valid name, e-mail and access,
 * an editable distributor (§6 is_dsr_editable) and an active rep; an accepted invite is not sent
 * again. Returns the reason it cannot be sent, or null.
 */
export function getInviteRefusal(
  rep: { name: string; email: string; accessType: AccessType | null; inviteStatus: InviteStatus; isDeleted: boolean },
  isDsrEditable: boolean,
): string | null {
  if (!isDsrEditable) return "This distributor's sales reps cannot be edited or invited.";
  if (rep.isDeleted) return 'Reactivate the sales rep before sending an invite.';
  if (rep.inviteStatus === 'accepted') return 'The sales rep has already accepted the invite.';
  if (rep.name.trim() === '') return 'Name is required to send an invite.';
  if (!isValidEmail(rep.email)) return 'A valid e-mail is required to send an invite.';
  if (!rep.accessType || rep.accessType === 'none') return 'Choose unlimited or limited access to send an invite.';
  return null;
}

/** The invite button's label for each status (doc 3 §4). */
export function getInviteLabel(status: InviteStatus): 'Send Invite' | 'Invite sent' | 'Invite Accepted' {
  if (status === 'accepted') return 'Invite Accepted';
  if (status === 'sent') return 'Invite sent';
  return 'Send Invite';
}

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

/**
 * A file's kind by its content, not its name: a ZIP (xlsx), an OLE2 compound document (xls) or
 * text (csv: no NUL byte in its first 8 KB). Null for anything else.
 */
export function detectSpreadsheetKind(bytes: Uint8Array): SpreadsheetKind | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (bytes.length >= 8 && ole.every((byte, i) => bytes[i] === byte)) return 'xls';
  if (bytes.length === 0) return null;
  const head = bytes.subarray(0, 8192);
  for (const byte of head) if (byte === 0) return null;
  return 'csv';
}

/** Whether a file name ends with one of the accepted extensions (the picker's filter; content decides). */
export function hasGuideExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return GUIDE_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * doc 3 §9: the last price update is shown in a fixed time zone: the location's (issue 31), the same
 * whoever looks and wherever; this default only serves a caller that has no location.
 */
export const PRICE_UPDATE_TIME_ZONE = 'America/New_York';

/** An instant as MM/DD/YYYY hh:mm A with the zone's abbreviation (doc 3 §9), in the given zone. */
export function formatPriceUpdateTime(iso: string, timeZone = PRICE_UPDATE_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    cachedDateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()} ${parts.timeZoneName}`;
}

/** What the upload form's progress bar shows for an import under way (issue 20). */
export interface GuideImportProgress {
  /** 0–100. */
  percent: number;
  /** The bar's accessible text: "12,000 of 50,002 rows read". */
  label: string;
  /** The file's row count is not known yet (an .xlsx is counted as it is read): the bar moves without a total. */
  isIndeterminate: boolean;
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The progress of an import from its polled upload record: rows read of the rows in the file while
 * it is read, then the items applied. `progress` never exceeds `totalRows` on the bar.
 */
export function describeGuideImportProgress(upload: Pick<GuideUpload, 'status' | 'progress' | 'totalRows'>): GuideImportProgress {
  if (upload.status === 'applied') {
    return {
      percent: 100,
      label: `${count(upload.totalRows)} of ${count(upload.totalRows)} items applied`,
      isIndeterminate: false,
    };
  }
  if (upload.status === 'queued' || upload.status === 'scheduled') {
    return { percent: 0, label: 'Waiting to start', isIndeterminate: false };
  }
  if (upload.totalRows <= 0) {
    return {
      percent: upload.status === 'failed' ? 0 : 100,
      label: upload.progress > 0 ? `${count(upload.progress)} rows read` : 'Reading the file',
      isIndeterminate: upload.status !== 'failed',
    };
  }
  const done = Math.min(upload.progress, upload.totalRows);
  return {
    percent: Math.floor((done / upload.totalRows) * 100),
    label: `${count(done)} of ${count(upload.totalRows)} rows read`,
    isIndeterminate: false,
  };
}
