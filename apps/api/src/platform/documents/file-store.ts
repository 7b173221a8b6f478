import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/** The folder generated files live in: FILES_DIR, or `files` under DATA_DIR (ARCHITECTURE.md "Shape"). */
export function resolveFilesDir(config: Pick<Config, 'FILES_DIR' | 'DATA_DIR'>): string {
  return path.resolve(config.FILES_DIR || path.join(config.DATA_DIR, 'files'));
}

/** Files by path relative to the store's root; paths never leave the root. */
export interface FileStore {
  readonly root: string;
  /** Writes atomically (a temporary file renamed into place), so a reader never sees half a file. */
  write(relativePath: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(relativePath: string): Promise<Buffer | null>;
  /** Deletes the file; nothing happens when there is none. */
  remove(relativePath: string): Promise<void>;
  absolutePath(relativePath: string): string;
}

/** The name write() gives its temporary file: the target's name, 12 hex digits, .tmp. */
const TEMPORARY_FILE = /\.[0-9a-f]{12}\.tmp$/;
const temporaryName = (full: string) => `${full}.${randomBytes(6).toString('hex')}.tmp`;

/**
 * Removes the temporary files that writes interrupted by a crash left behind (issue 14 defect 16),
 * at start-up, before this server writes anything. Only files older than `olderThanMs` go, so a
 * write still under way in another process sharing the folder is left alone. Returns the paths removed.
 */
export async function removeLeftoverTemporaryFiles(
  root: string,
  { olderThanMs = 60_000, now = Date.now() } = {},
): Promise<string[]> {
  const removed: string[] = [];
  async function walk(dir: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && TEMPORARY_FILE.test(entry.name)) {
        const info = await stat(full).catch(() => null);
        if (info && now - info.mtimeMs >= olderThanMs) {
          await unlink(full).catch(() => undefined);
          removed.push(full);
        }
      }
    }
  }
  await walk(path.resolve(root));
  return removed;
}

export function createFileStore(root: string): FileStore {
  const resolve = (relativePath: string): string => {
    const full = path.resolve(root, relativePath);
    if (!full.startsWith(root + path.sep)) throw new Error(`Path outside the file store: ${relativePath}`);
    return full;
  };
  return {
    root,
    absolutePath: resolve,
    async write(relativePath, data) {
      const full = resolve(relativePath);
      await mkdir(path.dirname(full), { recursive: true });
      const temporary = temporaryName(full);
      await writeFile(temporary, data);
      await rename(temporary, full);
    },
    async read(relativePath) {
      try {
        return await readFile(resolve(relativePath));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(relativePath) {
      try {
        await unlink(resolve(relativePath));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
}
