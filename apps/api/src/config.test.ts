import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('HOST (issue 33: a trial on a laptop is not served to its network)', () => {
  it('listens on loopback by default on the embedded database', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
  });

  it('listens on every interface by default against a PostgreSQL server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/stockpot' }).HOST).toBe('0.0.0.0');
  });

  it('takes HOST as set, on either database', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '10.0.0.5', DATABASE_URL: 'postgres://db.example/stockpot' }).HOST).toBe('10.0.0.5');
    expect(() => loadConfig({ HOST: '' })).toThrow(/HOST/);
  });
});
