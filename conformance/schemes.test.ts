/**
 * Library-aware scores on real queues: delayed jobs written by bull 4.16.5, bullmq 5.8.5 (before
 * the band bump), bee-queue 2.0.0 and bullmq 6.7.0 on the suite's redis-server, read back with
 * ZRANGE WITHSCORES and decoded by each library's scheme (src/model/doctor/scheme.ts) through the
 * decoder (decodePaste of redis-cli's layout) and the Live panel's decodeLiveSet: every fire-time
 * is the one the library was given, and the band's words (first, bumped, ceiling) appear only for
 * BullMQ from 5.8.6, whose scores still read as the band.
 */
import BeeQueue from 'bee-queue';
import Bull from 'bull';
import { Queue } from 'bullmq';
import { Queue as Queue585 } from 'bullmq-5.8.5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { decodePaste } from '../src/model/decoder/scoreDecoder.ts';
import type { DecodedPaste, SchemeChoice } from '../src/model/decoder/scoreDecoder.ts';
import { printCliArray } from '../src/model/decoder/redisCliOutput.ts';
import { schemeFromScores, schemeOf } from '../src/model/doctor/scheme.ts';
import { decodeLiveSet } from '../src/features/live/live.ts';

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / 1000) * 1000 + 10 * MINUTE;
let redis: ConformanceRedis;
const connection = () => ({ host: '127.0.0.1', port: redis.port, db: redis.db });

/** [member, score text] of the whole set. */
async function entries(key: string): Promise<Array<[string, string]>> {
  const flat = (await redis.client.call('ZRANGE', key, 0, -1, 'WITHSCORES')) as string[];
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([flat[i]!, flat[i + 1]!]);
  return pairs;
}

/** The set as `redis-cli ZRANGE key 0 -1 WITHSCORES` prints it in a terminal, decoded by `choice`. */
const decodeCli = (pairs: Array<[string, string]>, choice: SchemeChoice): DecodedPaste =>
  decodePaste(printCliArray(pairs.flat(), 'numbered'), choice);

const bandWords = (counts: Readonly<Record<string, number>>) =>
  counts.first! + counts.bumped! + counts.ceiling! + counts.previousCeiling!;

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
  await redis.client.call('FLUSHDB');
});

afterAll(async () => {
  await redis?.close();
});

describe('Bull 4 and BullMQ before 5.8.6: the low 12 bits are the id counter', () => {
  it('bull 4.16.5: ids across 4096 in one millisecond decode to the fire-time given, slot = id & 0xfff', async () => {
    const queue = new Bull('legacy', { redis: connection() });
    try {
      // the counter just below 4096, so one millisecond's jobs take slots 4093..4095, then 0..2: the band reading would say ceiling and first
      await redis.client.call('SET', 'bull:legacy:id', '4092');
      // Bull reads opts.timestamp (its typings leave it out)
      const at = (timestamp: number, delay: number, jobId?: string) => ({ delay, timestamp, jobId }) as Bull.JobOptions;
      const given = new Map<string, number>();
      for (let i = 0; i < 6; i++) given.set(String((await queue.add({ i }, at(T0, 5 * MINUTE))).id), T0 + 5 * MINUTE);
      given.set(String((await queue.add({}, at(T0, 9 * MINUTE + 7))).id), T0 + 9 * MINUTE + 7);
      given.set(String((await queue.add({}, at(T0, 7 * MINUTE, 'custom-report'))).id), T0 + 7 * MINUTE);
      const pairs = await entries('bull:legacy:delayed');
      expect(pairs).toHaveLength(8);
      expect(schemeOf('bull', null)).toBe('id-counter');

      for (const decoded of [decodeCli(pairs, 'id-counter'), decodeCli(pairs, 'detect')]) {
        expect(decoded.scheme).toBe('id-counter');
        expect(decoded.rows.map((row) => [row.member, row.fireTime])).toEqual(
          pairs.map(([member]) => [member, given.get(member)]),
        );
        expect(bandWords(decoded.flagCounts)).toBe(0);
        for (const row of decoded.rows)
          expect(row.flags.filter((flag) => flag !== 'shared')).toEqual([
            row.member === 'custom-report' ? 'notIdSlot' : 'idSlot',
          ]);
      }
      expect(decodeCli(pairs, 'detect').detected).toBe(true);
      // read as BullMQ's band, the same scores say ceiling and bumped: the misreading the scheme avoids
      expect(decodeCli(pairs, 'band').flagCounts).toMatchObject({ ceiling: 1, bumped: expect.any(Number) });

      const live = decodeLiveSet('bull:legacy:delayed', pairs.length, pairs, 'id-counter');
      expect(live.rows.map((row) => row.fireTime)).toEqual(pairs.map(([member]) => given.get(member)));
      expect(bandWords(live.flagCounts)).toBe(0);
      expect(live.flagCounts).toMatchObject({ idSlot: 7, notIdSlot: 1 });
    } finally {
      await queue.close();
    }
  });

  it('bullmq 5.8.5: the same scheme, told by its scores', async () => {
    const queue = new Queue585('old', { connection: connection() });
    try {
      for (let i = 0; i < 4; i++) await queue.add('same-ms', { i }, { delay: 30 * MINUTE, timestamp: T0 });
      const pairs = await entries('bull:old:delayed');
      expect(schemeFromScores(pairs.map(([member, score]) => [member, Number(score)]))).toBe('id-counter');
      const decoded = decodeCli(pairs, 'detect');
      expect(decoded).toMatchObject({ scheme: 'id-counter', detected: true });
      expect(decoded.rows.every((row) => row.fireTime === T0 + 30 * MINUTE && row.flags.includes('idSlot'))).toBe(true);
      expect(bandWords(decoded.flagCounts)).toBe(0);
    } finally {
      await queue.close();
    }
  });
});

describe('bee-queue: bare milliseconds', () => {
  it('bee-queue 2.0.0: the score is the fire-time given, no slot, no band words', async () => {
    const queue = new BeeQueue('bees', { redis: connection(), activateDelayedJobs: false, isWorker: false, getEvents: false });
    try {
      await queue.ready();
      const times = [T0 + 5 * MINUTE, T0 + 5 * MINUTE, T0 + 5 * MINUTE + 1, T0 + 42 * MINUTE + 123];
      for (const time of times) await queue.createJob({}).delayUntil(time).save();
      const pairs = await entries('bq:bees:delayed');
      expect(schemeOf('bee-queue', null)).toBe('bare-ms');
      const decoded = decodeCli(pairs, 'bare-ms');
      expect(decoded.rows.map((row) => [row.fireTime, row.slot, row.notBandReason])).toEqual(
        [...times].sort((a, b) => a - b).map((time) => [time, null, null]),
      );
      expect(bandWords(decoded.flagCounts)).toBe(0);
      expect(decoded.flagCounts).toMatchObject({ notBand: 0, looksShifted: 0 });
      // read as shifted scores, each is a plain ms instant: the decoder's hint counts them
      expect(decodeCli(pairs, 'band').plainMsScores).toBe(4);

      const live = decodeLiveSet('bq:bees:delayed', pairs.length, pairs, 'bare-ms');
      expect(live.rows.map((row) => row.fireTime)).toEqual([...times].sort((a, b) => a - b));
      expect(bandWords(live.flagCounts)).toBe(0);
    } finally {
      await queue.close();
    }
  });
});

describe('bullmq 6.7.0 keeps the band', () => {
  it('three jobs in one millisecond: first, bumped, bumped; the ids tell the band; the marker is plain ms', async () => {
    const queue = new Queue('current', { connection: connection() });
    try {
      for (let i = 0; i < 3; i++) await queue.add('same-ms', { i }, { delay: 20 * MINUTE, timestamp: T0 });
      await queue.add('later', {}, { delay: 50 * MINUTE, timestamp: T0 });
      const pairs = await entries('bull:current:delayed');
      expect(schemeFromScores(pairs.map(([member, score]) => [member, Number(score)]))).toBe('band');
      const decoded = decodeCli(pairs, 'detect');
      expect(decoded).toMatchObject({ scheme: 'band', detected: true });
      expect(decoded.rows.map((row) => [row.fireTime, row.flags])).toEqual([
        [T0 + 20 * MINUTE, ['first']],
        [T0 + 20 * MINUTE, ['bumped']],
        [T0 + 20 * MINUTE, ['bumped']],
        [T0 + 50 * MINUTE, ['first']],
      ]);
      // the marker holds the next wake in plain ms: the decoder counts it as such, not as a band score
      const marker = await entries('bull:current:marker');
      expect(marker.map(([, score]) => Number(score))).toEqual([T0 + 20 * MINUTE]);
      expect(decodeCli(marker, 'band').plainMsScores).toBe(1);
    } finally {
      await queue.close();
    }
  });
});
