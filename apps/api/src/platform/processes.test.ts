import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { resolveWorkerCount } from './processes';

describe('WORKERS', () => {
  it('defaults to one process', () => {
    expect(resolveWorkerCount(loadConfig({}))).toEqual({ count: 1, note: null });
  });

  it('runs N processes against a PostgreSQL server', () => {
    expect(resolveWorkerCount(loadConfig({ WORKERS: '3', DATABASE_URL: 'postgres://db.example/stockpot' }))).toEqual({
      count: 3,
      note: null,
    });
  });

  it('runs one process on the embedded database, and says why', () => {
    const { count, note } = resolveWorkerCount(loadConfig({ WORKERS: '4' }));
    expect(count).toBe(1);
    expect(note).toContain('WORKERS=4 ignored: the embedded database can be opened by one process only');
  });

  it('refuses a count that is not a positive whole number', () => {
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ WORKERS: 'two' })).toThrow(/WORKERS/);
  });
});
