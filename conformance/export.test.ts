/**
 * The export against the real thing: a session with same-ms collisions, a saturated band (over
 * 4,096 jobs in one ms), promotes, a reset and awkward members, exported as a redis-cli script,
 * piped into `redis-cli -p <port>` (redis-cli 7.0.15 reading stdin), and both sets read back with
 * ZRANGE key 0 -1 WITHSCORES: the same members, scores and order as the model's sets.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { redisForFile } from './databases.ts';
import { BAND_KEY, TEXTBOOK_KEY, createAppStore } from '../src/store/appStore.ts';
import type { AppStore } from '../src/store/appStore.ts';
import { sessionScript } from '../src/session/sessionScript.ts';
import { T0 } from '../test-support/instants.ts';
import { withScoresOf } from '../test-support/pageSets.ts';

const redis = redisForFile(import.meta.url);

/** Pipes the script into redis-cli (on the file's database); resolves with its exit code and what it printed on stderr. */
function pipeIntoRedisCli(script: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('redis-cli', ['-p', String(redis.port), '-n', String(redis.db)], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr, stdout }));
    child.stdin.end(script);
  });
}

async function checkOnRedis(store: AppStore) {
  const state = store.getState();
  const script = sessionScript(state.scenario);
  const expected = [withScoresOf(state.bandSet), withScoresOf(state.textbookSet)];
  await redis.client.call('DEL', BAND_KEY, TEXTBOOK_KEY);
  const run = await pipeIntoRedisCli(script);
  expect(run.code).toBe(0);
  expect(run.stderr).toBe('');
  expect(run.stdout).not.toMatch(/ERR/);
  const actual = await redis.client.pipeline([
    ['ZRANGE', BAND_KEY, 0, -1, 'WITHSCORES'],
    ['ZRANGE', TEXTBOOK_KEY, 0, -1, 'WITHSCORES'],
  ]);
  expect(actual).toEqual(expected);
  return script;
}

describe('the exported redis-cli script on redis-server 7.0.15', () => {
  it('leaves the same sets: collisions, saturation, promotes, reset, quoted members', async () => {
    const store = createAppStore({ frozenAt: T0, seed: 7 });
    const s = () => store.getState();
    s().enqueue(3); // same-ms collisions: floor, floor + 1, floor + 2
    s().reset();
    s().enqueue(3);
    s().stepClock(1);
    s().enqueue(4100); // over 4,096 in one ms: the band saturates at its ceiling
    s().setDelay(0);
    s().setIdStyle('prefix');
    s().setIdPrefix('order "7" \\ café 日本 ');
    s().enqueue(5);
    s().stepClock(6000);
    s().promote(); // ZRANGEBYSCORE + ZREM in batches of 1,000 on both sets
    s().setDelay(2500);
    s().setIdStyle('uuid');
    s().enqueue(10);
    s().setIdStyle('N');
    s().enqueue(12); // "10" sorts before "9" on the textbook set
    expect(s().bandSet.size).toBe(22);
    expect(s().lastPromote?.band.jobs.length).toBe(4108);
    const script = await checkOnRedis(store);
    expect(script).toContain('"order \\"7\\" \\\\ caf\\xc3\\xa9 \\xe6\\x97\\xa5\\xe6\\x9c\\xac 4104"');
  });

  it('keeps seconds-unit textbook scores and a far fire-time exact', async () => {
    const store = createAppStore({ frozenAt: T0, seed: 9, textbookUnit: 'ms' });
    store.getState().setDelay(3_155_760_000_000); // 100 years: fire-time past 2^41, scores past 2^53
    store.getState().enqueue(50);
    await checkOnRedis(store);
  });
});
