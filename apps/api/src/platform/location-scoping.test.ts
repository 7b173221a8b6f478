import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '@stockpot/db';

/**
 * Stockpot shards on the location (docs/scaling.md): every location-scoped table carries
 * `location_id`, the distribution column, and every query of one filters by it. A table that is
 * not location-scoped must be listed here with the reason; anything else fails.
 */
const GLOBAL_TABLES: Record<string, string> = {
  companies: 'the restaurant group above its locations: a small reference table',
  locations: "the distribution key's own table: its id is the location_id (distributed on id, co-located)",
  users: 'a person belongs to several locations (user_locations carries location_id): a reference table',
  sessions: 'a sign-in of a user, found by its token before any location is known',
  sign_in_failures: 'the sign-in throttle, keyed by e-mail and address before any location is known',
  known_sign_in_devices: 'the browsers and addresses a user signed in from, read at sign-in before any location is known',
  sign_in_unlock_tokens: "a user's one-time unlock link, found by its token before anyone is signed in",
  distributors: 'the shared catalogue: a reference table on every node',
  items: 'the shared catalogue: a reference table on every node',
  item_distributors: 'the shared catalogue (an item as one distributor sells it, list price): a reference table',
  password_reset_tokens: 'a reset link of a user, found by its token before anyone is signed in',
  admin_login_audits: "the platform administrator's audit trail across all locations: read by operators, never by a location",
  broadcast_messages: 'platform-wide messages to every user, written by an operator',
  broadcast_message_reads: 'which user saw which broadcast: per person, not per location',
  restaurants: 'the business above its locations (like companies): restaurant_locations carries location_id',
  order_guide_templates:
    "a distributor's file layout, mapped once by an operator and read for every location buying from it: a reference table like the catalogue; a buyer's own mapping (issue 31) carries its location_id and is read with it",
};

/**
 * Statements on a location-scoped table that do not name location_id, keyed by file (relative to
 * apps/api/src) and enclosing function, with the reason. Each is safe today (the row was read
 * within the caller's location first) but under Citus a statement without the distribution column
 * goes to every shard: pass the location too when touching one of these.
 */
const UNSCOPED_STATEMENTS: Record<string, string> = {
  'features/order-guides/guide-import.service.ts setUpload':
    "the import job's own upload row by id: the job is enqueued by the upload's location and carries only the row id",
  'features/order-guides/guide-review.service.ts setUpload':
    "the import job's own upload row by id: the job is enqueued by the upload's location and carries only the row id",
  'features/order-guides/guide-review.service.ts applyUpload':
    "the upload row by id, after requireUpload read it with the caller's location",
  'features/order-guides/guide-review.service.ts cancelUpload':
    "the upload row by id, after requireUpload read it with the caller's location",
  'features/order-guides/guide-import.service.ts runImportJob':
    "the import job reads its upload row by id; every write to the location's guide names the upload's location",
  'platform/mail/mailer.ts setStatus': 'an outbox row by its own id; platform mail (sign-up, resets) has no location',
  'features/cards/cards.repo.ts findAnyByToken':
    'a card token is unique across locations: used to tell "not yours" (404) from "unknown"',
};

/** The name of the function a position of the source is in (the nearest declaration before it). */
function enclosingFunction(source: string, index: number): string {
  const before = source.slice(0, index);
  const matches = [...before.matchAll(/(?:function\s+|async\s+)(\w+)\s*\(/g)];
  return matches.at(-1)?.[1] ?? '';
}

const apiSrc = fileURLToPath(new URL('..', import.meta.url));

const schemaTables = Object.entries(schema as Record<string, unknown>).filter(
  (entry): entry is [string, PgTable] => entry[1] instanceof PgTable,
);
const tables = schemaTables.map(([, table]) => {
  const config = getTableConfig(table);
  return { name: config.name, columns: config.columns.map((c) => c.name) };
});
const jsNames = new Map(schemaTables.map(([key, table]) => [getTableConfig(table).name, key]));
const scopedTables = tables.filter((t) => !(t.name in GLOBAL_TABLES)).map((t) => t.name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('test-fixtures') ? [full] : [];
  });
}

/** The text of every sql`…` template, interpolations replaced by `?`. */
function sqlTemplates(source: string): { text: string; line: number }[] {
  const found: { text: string; line: number }[] = [];
  for (const match of source.matchAll(/\bsql`/g)) {
    let i = (match.index ?? 0) + 4;
    let depth = 0;
    let text = '';
    while (i < source.length) {
      const c = source[i];
      if (depth === 0 && c === '`') break;
      if (depth === 0 && c === '$' && source[i + 1] === '{') {
        depth = 1;
        i += 2;
        text += ' ? ';
        continue;
      }
      if (depth > 0) {
        if (c === '{') depth += 1;
        else if (c === '}') depth -= 1;
      } else text += c;
      i += 1;
    }
    found.push({ text, line: source.slice(0, match.index).split('\n').length });
  }
  return found;
}

const SQL_KEYWORDS = new Set(
  'where on join left inner right full cross group order limit set using as values select returning natural lateral union except intersect having window offset for default'.split(
    ' ',
  ),
);

/**
 * The location-scoped tables a statement reads or updates without its own location filter: each
 * reference (FROM, JOIN, UPDATE; INSERT names the column it writes) needs `alias.location_id`, or a
 * bare `location_id` when the table has no alias. A filter on another table, or in a subquery,
 * does not scope this one (issue 33: dropping `o.location_id` from an order lookup went unseen).
 */
function findUnscopedReferences(text: string, scoped: readonly string[]): string[] {
  const unscoped: string[] = [];
  for (const match of text.matchAll(/\b(FROM|JOIN|UPDATE)\s+([a-z_]+)(?:\s+(?:AS\s+)?([a-z_][a-z0-9_]*))?/gi)) {
    const table = match[2].toLowerCase();
    if (!scoped.includes(table)) continue;
    const alias = match[3] && !SQL_KEYWORDS.has(match[3].toLowerCase()) ? match[3] : table;
    const isScoped =
      new RegExp(`\\b${alias}\\.location_id\\b`).test(text) || (alias === table && /(^|[^.\w])location_id\b/.test(text));
    if (!isScoped) unscoped.push(alias === table ? table : `${table} ${alias}`);
  }
  return unscoped;
}

/** Query-builder statements on a table (`.from(orders)`, `.update(orders)`, `.delete(orders)`) up to their end. */
function builderStatements(source: string, jsName: string): { text: string; line: number }[] {
  const found: { text: string; line: number }[] = [];
  for (const match of source.matchAll(new RegExp(`\\.(from|update|delete)\\(${jsName}\\)`, 'g'))) {
    const start = match.index ?? 0;
    const end = source.indexOf(';', start);
    // The statement starts at the await/return before it; the where clause follows it.
    const begin = Math.max(source.lastIndexOf('await', start), source.lastIndexOf('return', start), 0);
    found.push({ text: source.slice(begin, end === -1 ? undefined : end), line: source.slice(0, start).split('\n').length });
  }
  return found;
}

describe('sharding on the location', () => {
  it("catches a reference whose location filter is another table's or a subquery's", () => {
    const scoped = ['orders', 'order_items'];
    const lookup = (filter: string) =>
      `SELECT o.id FROM orders o WHERE o.id = ? ${filter} AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.location_id = ?)`;
    expect(findUnscopedReferences(lookup('AND o.location_id = ?'), scoped)).toEqual([]);
    expect(findUnscopedReferences(lookup(''), scoped)).toEqual(['orders o']);
    expect(findUnscopedReferences('UPDATE order_items SET quantity = ? WHERE location_id = ? AND id = ?', scoped)).toEqual([]);
    expect(findUnscopedReferences('SELECT 1 FROM orders WHERE id = ?', scoped)).toEqual(['orders']);
  });

  it('lists only tables that exist as global', () => {
    const names = tables.map((t) => t.name);
    for (const name of Object.keys(GLOBAL_TABLES))
      expect(names, `${name} is listed as global but is not in the schema`).toContain(name);
  });

  it('gives every location-scoped table a location_id column', () => {
    const missing = tables
      .filter((t) => !(t.name in GLOBAL_TABLES) && !t.columns.includes('location_id'))
      .map(
        (t) =>
          `${t.name}: add location_id (the distribution column), or list it in GLOBAL_TABLES with the reason it is not location-scoped`,
      );
    expect(missing).toEqual([]);
  });

  it('filters every query of a location-scoped table by location_id', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(apiSrc)) {
      const relative = path.relative(apiSrc, file).split(path.sep).join('/');
      const source = readFileSync(file, 'utf8');
      const isExempt = (line: number) => {
        const index = source.split('\n').slice(0, line).join('\n').length;
        return `${relative} ${enclosingFunction(source, index)}` in UNSCOPED_STATEMENTS;
      };
      for (const { text, line } of sqlTemplates(source)) {
        const named = [...text.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO)\s+([a-z_]+)/gi)].map((m) => m[1].toLowerCase());
        for (const table of new Set(named.filter((n) => scopedTables.includes(n)))) {
          if (!/location_id/.test(text) && !isExempt(line))
            problems.push(`${relative}:${line} reads or writes ${table} without location_id`);
        }
        if (!/location_id/.test(text) || isExempt(line)) continue;
        for (const reference of findUnscopedReferences(text, scopedTables))
          problems.push(`${relative}:${line} reads ${reference} without its own location_id filter`);
      }
      for (const table of scopedTables) {
        const jsName = jsNames.get(table);
        if (!jsName) continue;
        for (const { text, line } of builderStatements(source, jsName)) {
          if (!/locationId|location_id/.test(text) && !isExempt(line))
            problems.push(`${relative}:${line} reads or writes ${table} (${jsName}) without locationId`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
