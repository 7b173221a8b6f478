/**
 * Accounting rules of doc 3 (§2.8, §4 "Bulk upload (accounting)", §5, §8): tag names, payable terms,
 * the bulk-upload file and rows, and the accounting-software exports (QuickBooks Desktop IIF bills
 * and a QuickBooks Online bill CSV). The bulk upload's file and rows are in accounting-upload.rules,
 * the exports in accounting-export.rules; this module keeps the screen's texts, tag names and terms.
 */
import { NO_RESULTS_TIPS } from '../catalog/item-list.rules';

/** doc 3 §8 texts of the accounting screen, spelled as the spec writes them. */
export const ACCOUNTING_MESSAGES = {
  fileSize: 'File size is too big.',
  fileType: 'Please choose another file type.',
  uploaded: 'Your file was uploaded successfully.',
  empty: 'Sorry, there are no exact match results found',
} as const;

/**
 * doc 3 §2.8 "with the spelling and less-specific-words tips": the words doc 3 §2.5 and doc 1 §2
 * give them, 'Check your spelling' and 'Try to use less specific words' (one list for every search).
 */
export const ACCOUNTING_EMPTY_TIPS = NO_RESULTS_TIPS;

/** doc 3 §9: load the next page 600 px from the page bottom. */
export const ACCOUNTING_SCROLL_THRESHOLD_PX = 600;

/** A supplier, category or code as typed: trimmed with inner runs of spaces made one; null when blank (doc 3 §5: ignored). */
export function normalizeAccountingName(value: string | null | undefined): string | null {
  const name = (value ?? '').replace(/\s+/g, ' ').trim();
  return name === '' ? null : name;
}

/** The key two names are the same under (doc 3 §5: a case-insensitive duplicate is not created). */
export function getAccountingNameKey(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLocaleLowerCase('en-US');
}

/** The existing entry with the same name, ignoring case (doc 3 §5), or undefined. */
export function findSameName<T>(entries: readonly T[], name: string, nameOf: (entry: T) => string): T | undefined {
  const key = getAccountingNameKey(name);
  return entries.find((entry) => getAccountingNameKey(nameOf(entry)) === key);
}

/**
 * What a typed name does (doc 3 §5): 'ignore' when blank, 'existing' when the same name ignoring
 * case is there, otherwise 'create'.
 */
export function planAccountingName<T>(
  entries: readonly T[],
  typed: string,
  nameOf: (entry: T) => string,
): { action: 'ignore' } | { action: 'existing'; entry: T } | { action: 'create'; name: string } {
  const name = normalizeAccountingName(typed);
  if (name === null) return { action: 'ignore' };
  const entry = findSameName(entries, name, nameOf);
  return entry === undefined ? { action: 'create', name } : { action: 'existing', entry };
}

/** Longest payable terms accepted, in days. */
export const PAYABLE_TERMS_MAX = 365;

/** doc 3 §5: payable terms are saved only if a non-zero number: the whole days to save, or null (not saved). */
export function parsePayableTerms(value: string | number | null | undefined): number | null {
  const text = String(value ?? '').trim();
  if (!/^\d+$/.test(text)) return null;
  const days = Number(text);
  return days >= 1 && days <= PAYABLE_TERMS_MAX ? days : null;
}
