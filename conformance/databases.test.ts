/**
 * The placement table itself: every conformance file has one, no two share a database, and a
 * file's keys really stay in its database (another database does not see them, and FLUSHDB there
 * leaves them alone).
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEMENTS, conformanceRedis, type ConformanceRedis } from './databases.ts';
import { RespClient } from '../test-support/resp-client.ts';

describe('the placement table', () => {
  it('names every conformance file, and only those', () => {
    const files = readdirSync(new URL('.', import.meta.url)).filter((name) => name.endsWith('.test.ts'));
    expect(Object.keys(PLACEMENTS).sort()).toEqual(files.sort());
  });

  it('gives no two files one database, and never database 0 or one past the default 16', () => {
    const dbs = Object.values(PLACEMENTS).flatMap((placement) => (placement === 'own-server' ? [] : [placement.db]));
    expect(new Set(dbs).size).toBe(dbs.length);
    for (const db of dbs) expect(db >= 1 && db <= 15).toBe(true);
  });
});

describe('a file’s database on the shared server', () => {
  let mine: ConformanceRedis;
  let neighbour: RespClient;
  beforeAll(async () => {
    mine = await conformanceRedis(import.meta.url);
    neighbour = await RespClient.connect(mine.port, { db: 0 });
  });
  afterAll(async () => {
    neighbour.close();
    await mine.close();
  });

  it('holds its keys apart: another database neither sees them nor empties them with FLUSHDB', async () => {
    expect(mine.db).toBe(1);
    await mine.client.call('ZADD', 'conformance:placement', 1, 'a');
    expect(await neighbour.call('EXISTS', 'conformance:placement')).toBe(0);
    expect(await neighbour.call('FLUSHDB')).toBe('OK');
    expect(await mine.client.call('ZCARD', 'conformance:placement')).toBe(1);
    await mine.client.call('DEL', 'conformance:placement');
  });
});
