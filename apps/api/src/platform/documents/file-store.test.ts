import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileStore, removeLeftoverTemporaryFiles } from './file-store';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('temporary files left by a crash (issue 14 defect 16)', () => {
  it('removes stale temporary files of interrupted writes at start-up and keeps everything else', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'stockpot-store-'));
    const store = createFileStore(root);
    await store.write('purchase-orders/7/PO-12.pdf', Buffer.from('%PDF-1.7'));
    // What a crash between writeFile and rename leaves: the target's name, 12 hex digits, .tmp.
    const folder = path.join(root, 'purchase-orders', '7');
    mkdirSync(folder, { recursive: true });
    const stale = path.join(folder, 'PO-13.pdf.0123456789ab.tmp');
    const fresh = path.join(folder, 'PO-14.xlsx.ba9876543210.tmp');
    const notOurs = path.join(folder, 'notes.tmp');
    for (const file of [stale, fresh, notOurs]) writeFileSync(file, 'partial');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(stale, anHourAgo, anHourAgo);
    utimesSync(notOurs, anHourAgo, anHourAgo);

    const removed = await removeLeftoverTemporaryFiles(root, { olderThanMs: 60_000 });

    expect(removed).toEqual([stale]);
    expect(existsSync(stale)).toBe(false);
    // A write that may still be under way in another process, and files that are not temporary, stay.
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(notOurs)).toBe(true);
    expect((await store.read('purchase-orders/7/PO-12.pdf'))?.toString()).toBe('%PDF-1.7');
  });

  it('does nothing when the store has no folder yet', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'stockpot-store-'));
    expect(await removeLeftoverTemporaryFiles(path.join(root, 'missing'))).toEqual([]);
  });
});
