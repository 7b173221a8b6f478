/**
 * Where the large generator's rows go: PostgreSQL's COPY FROM STDIN through pg-copy-streams (one
 * connection per table, so several tables load at once), or the embedded PGlite, which takes COPY
 * from an in-memory blob (one connection, so its tables load one after another in chunks).
 * Rows are COPY text format: tab-separated, `\N` for NULL, backslash escapes.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Writable } from 'node:stream';

/** Plain SQL on the target: every statement the loader needs besides COPY. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** One table being loaded. `write` returns a promise only when the caller must wait (backpressure). */
export interface TableWriter {
  readonly table: string;
  write(line: string): Promise<void> | undefined;
  /** Flushes and finishes the COPY; resolves with the number of rows written. */
  end(): Promise<number>;
}

export interface BulkSink {
  kind: 'postgres' | 'pglite';
  /** A runner for statements; `connections` > 1 gives independent sessions for parallel work. */
  sql: SqlRunner;
  /** Extra sessions for work that can run side by side (index builds); PGlite has only one. */
  openRunners(count: number): Promise<{ runners: SqlRunner[]; close: () => Promise<void> }>;
  copy(table: string, columns: readonly string[]): Promise<TableWriter>;
  close(): Promise<void>;
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** A text value in COPY text format. */
export function copyText(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** Any column value in COPY text format. */
export function copyValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return copyText(value);
}

/** A whole row: values joined by tabs, ending in a newline. */
export function copyRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i += 1) line += (i === 0 ? '' : '\t') + copyValue(values[i]);
  return `${line}\n`;
}

const BATCH_CHARS = 256 * 1024;

function copyStatement(table: string, columns: readonly string[]): string {
  return `COPY ${table} (${columns.join(', ')}) FROM STDIN`;
}

/** COPY into PostgreSQL, each table on its own connection, rows batched into ~256 KB writes. */
export async function openPostgresSink(url: string): Promise<BulkSink> {
  // One connection per table of a phase (the areas phase COPYs 18 tables at once), plus statements.
  const pool = new pg.Pool({ connectionString: url, max: 24 });
  const wrap = (client: pg.Pool | pg.PoolClient): SqlRunner => ({
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
  });
  return {
    kind: 'postgres',
    sql: wrap(pool),
    async openRunners(count) {
      const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
      return {
        runners: clients.map(wrap),
        close: async () => clients.forEach((client) => client.release()),
      };
    },
    async copy(table, columns) {
      const client = await pool.connect();
      const stream: Writable = client.query(copyFrom(copyStatement(table, columns)));
      const finished = new Promise<void>((resolve, reject) => {
        stream.on('finish', () => resolve());
        stream.on('error', reject);
      });
      // Surface a failed COPY at the next write instead of letting the generator run on.
      let failure: Error | null = null;
      finished.catch((error: Error) => (failure = error));
      let buffer = '';
      let rows = 0;
      const flush = (): Promise<void> | undefined => {
        if (failure) throw failure;
        const isOpen = stream.write(buffer);
        buffer = '';
        if (isOpen) return undefined;
        return new Promise<void>((resolve, reject) => {
          stream.once('drain', resolve);
          finished.catch(reject);
        });
      };
      return {
        table,
        write(line) {
          buffer += line;
          rows += 1;
          return buffer.length >= BATCH_CHARS ? flush() : undefined;
        },
        async end() {
          if (buffer.length > 0) await flush();
          stream.end();
          try {
            await finished;
          } finally {
            client.release();
          }
          return rows;
        },
      };
    },
    close: () => pool.end(),
  };
}

const PGLITE_CHUNK_CHARS = 32 * 1024 * 1024;

/** COPY into the embedded PGlite from blobs of at most ~32 MB, one statement at a time. */
export function openPgliteSink(client: PGlite): BulkSink {
  const runner: SqlRunner = {
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
  };
  // One connection: serialise COPY flushes from writers that are open at the same time.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    kind: 'pglite',
    sql: runner,
    async openRunners() {
      return { runners: [runner], close: async () => {} };
    },
    async copy(table, columns) {
      let parts: string[] = [];
      let size = 0;
      let rows = 0;
      const flush = () => {
        const blob = new Blob(parts);
        parts = [];
        size = 0;
        return enqueue(async () => {
          await client.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], { blob });
        });
      };
      return {
        table,
        write(line) {
          parts.push(line);
          size += line.length;
          rows += 1;
          return size >= PGLITE_CHUNK_CHARS ? flush() : undefined;
        },
        async end() {
          if (parts.length > 0) await flush();
          return rows;
        },
      };
    },
    close: async () => {},
  };
}
