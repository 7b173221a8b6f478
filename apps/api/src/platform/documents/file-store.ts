import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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
  absolutePath(relativePath: string): string;
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
      const temporary = `${full}.${randomBytes(6).toString('hex')}.tmp`;
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
  };
}
