import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '../src/client';

/**
 * Opens the database the scripts work on: DATABASE_URL when set, otherwise the embedded PGlite
 * under `${DATA_DIR ?? './data'}/pglite` (the same folder the server uses).
 */
export async function openDatabaseFromEnv(): Promise<{ handle: DatabaseHandle; where: string }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    return { handle: await openDatabase({ url }), where: describeUrl(url) };
  }
  const dataDir = join(process.env.DATA_DIR ?? './data', 'pglite');
  mkdirSync(dataDir, { recursive: true });
  return { handle: await openDatabase({ dataDir }), where: `PGlite at ${dataDir}` };
}

/** The URL without its password, for log lines. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return `PostgreSQL at ${parsed.toString()}`;
  } catch {
    return 'PostgreSQL';
  }
}
