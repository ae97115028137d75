/**
 * The score decoder against real redis-cli 7.0.15 output: a delayed set written on the real server
 * (first, bumped, saturated and past-the-cliff band scores, members that redis-cli must escape, and
 * scores no band gives), printed by `redis-cli ZRANGE key 0 -1 WITHSCORES` in every layout it has,
 * and read back by decodePaste to exactly the members and scores the server holds.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceRedis, type ConformanceRedis } from './databases.ts';
import { RespClient } from '../test-support/resp-client.ts';
import { parseScoreArg } from '../src/model/redis/doubles.ts';
import { CLIFF_FIRE_TIME, bandOf } from '../src/model/protocol/score.ts';
import { decodePaste } from '../src/model/decoder/scoreDecoder.ts';
import type { PasteLayout } from '../src/model/decoder/redisCliOutput.ts';

const KEY = 'conformance:decoder:delayed';
const T = Date.UTC(2026, 10, 30, 9, 0, 0, 0);
const band = bandOf(T);
const cliff = bandOf(CLIFF_FIRE_TIME);
/** The exact decimal text of a whole-number double plus a whole offset. */
const integerText = (score: number, plus = 0): string => (BigInt(score) + BigInt(plus)).toString();

/** ZADD pairs: score text as sent, member. */
const ENTRIES: ReadonlyArray<readonly [string, string]> = [
  [integerText(band.minScore), '1'],
  [integerText(band.minScore, 1), '2'],
  [integerText(band.minScore, 2), '日本'],
  [integerText(band.minScore, 3), 'q"uote \\ back'],
  [integerText(band.minScore, 4), 'new\nline'],
  [integerText(band.minScore, 5), 'tab\there'],
  [integerText(band.minScore, 6), ''],
  [integerText(band.maxScore, -1), '4094'],
  [integerText(band.maxScore), '9'],
  [integerText(band.maxScore), '10'],
  [integerText(band.maxScore), '11'],
  [integerText(bandOf(T + 1).minScore), 'next ms'],
  // past the cliff: 2^53 + 1 is stored as 2^53, and 2^41's ceiling as 2^41 + 1's floor
  [integerText(cliff.minScore), 'report:a'],
  [integerText(cliff.minScore, 1), 'report:b'],
  [integerText(cliff.minScore, 4095), 'report:ceiling'],
  // scores no band gives
  [String(T), 'textbook:ms'],
  [String(T / 1000), 'textbook:s'],
  ['-5', 'negative'],
  ['0.1', 'tenth'],
  ['1e20', 'huge'],
  ['inf', 'forever'],
];

let redis: ConformanceRedis;
let client: RespClient;

beforeAll(async () => {
  redis = await conformanceRedis(import.meta.url);
  client = redis.client;
  const [, added] = await client.pipeline([
    ['DEL', KEY],
    ['ZADD', KEY, ...ENTRIES.flat()],
  ]);
  if (added !== ENTRIES.length) throw new Error(`ZADD wrote ${JSON.stringify(added)} of ${ENTRIES.length} members`);
});

afterAll(() => redis.close());

async function serverSet(): Promise<string[]> {
  const reply = await client.call('ZRANGE', KEY, 0, -1, 'WITHSCORES');
  if (!Array.isArray(reply)) throw new Error(`unexpected ZRANGE reply ${JSON.stringify(reply)}`);
  return reply.map(String);
}

function runCli(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) throw new Error(`${command} failed: ${result.error?.message ?? result.stderr}`);
  return result.stdout;
}

/** redis-cli's output of ZRANGE KEY 0 -1 WITHSCORES with the given flags; `tty` runs it under a pseudo-terminal. */
function capture(flags: string[], tty: boolean): string {
  const args = ['-p', String(redis.port), '-n', String(redis.db), ...flags, 'ZRANGE', KEY, '0', '-1', 'WITHSCORES'];
  return tty ? runCli('script', ['-qec', ['redis-cli', ...args].join(' '), '/dev/null']) : runCli('redis-cli', args);
}

/** A capture, with what the server holds (ZRANGE ... WITHSCORES, every member and score). */
async function captureWithSet(flags: string[], tty: boolean): Promise<{ text: string; held: string[] }> {
  const text = capture(flags, tty);
  const held = await serverSet();
  expect(held).toHaveLength(2 * ENTRIES.length);
  return { text, held };
}

const CAPTURES: ReadonlyArray<{ name: string; flags: string[]; tty: boolean; layout: PasteLayout }> = [
  { name: 'a terminal (numbered, CRLF)', flags: [], tty: true, layout: 'numbered' },
  { name: 'piped, no flag (raw)', flags: [], tty: false, layout: 'raw' },
  { name: '--raw', flags: ['--raw'], tty: false, layout: 'raw' },
  { name: '--no-raw piped (numbered)', flags: ['--no-raw'], tty: false, layout: 'numbered' },
  { name: '-3 --no-raw (RESP3 nested pairs)', flags: ['-3', '--no-raw'], tty: false, layout: 'numbered' },
  { name: '-3 piped (raw)', flags: ['-3'], tty: false, layout: 'raw' },
];

describe('decodePaste reads real redis-cli output back to the server set', () => {
  for (const { name, flags, tty, layout } of CAPTURES) {
    it(name, async () => {
      const { text, held } = await captureWithSet(flags, tty);
      if (tty) expect(text).toContain('"\r\n'); // a pseudo-terminal turns each \n into \r\n
      const decoded = decodePaste(text);
      expect(decoded.layout).toBe(layout);
      expect(decoded.unreadable).toEqual([]);
      const expected: Array<[string, number | null]> = [];
      for (let i = 0; i < held.length; i += 2) expected.push([held[i]!, parseScoreArg(held[i + 1]!)]);
      expect(decoded.rows.map((row) => [row.member, row.score])).toEqual(expected);
      expect(decoded.multiLineMembers).toBe(layout === 'raw' ? 1 : 0);
    });
  }
});

describe('what the decoder says about the real set', () => {
  it('finds the bumps, the shared ceiling, the shared past-cliff score and the non-band scores', async () => {
    const { text } = await captureWithSet(['--no-raw'], false);
    const rows = new Map(decodePaste(text).rows.map((row) => [row.member, row]));
    expect(['1', '2', '日本', 'q"uote \\ back', 'new\nline', 'tab\there', ''].map((m) => rows.get(m)?.slot)).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
    expect(rows.get('1')?.flags).toEqual(['first']);
    expect(rows.get('4094')?.flags).toEqual(['bumped']);
    for (const member of ['9', '10', '11'])
      expect(rows.get(member)).toMatchObject({ slot: 4095, flags: ['ceiling', 'shared'], sharedBy: 3 });
    // Redis stored 2^53 + 1 as 2^53: the two reports share one score
    expect(rows.get('report:a')?.score).toBe(2 ** 53);
    expect(rows.get('report:b')).toMatchObject({ score: 2 ** 53, flags: ['first', 'pastCliff', 'shared'], sharedBy: 2 });
    // and 2^41's ceiling (2^53 + 4095) as 2^53 + 4096, the next millisecond's floor
    expect(rows.get('report:ceiling')).toMatchObject({
      score: 2 ** 53 + 4096,
      fireTime: CLIFF_FIRE_TIME + 1,
      flags: ['first', 'pastCliff', 'previousCeiling'],
    });
    for (const member of ['textbook:ms', 'textbook:s', 'negative', 'tenth', 'huge', 'forever'])
      expect(rows.get(member)?.flags).toEqual(['notBand']);
    expect(rows.get('textbook:ms')?.notBandReason).toMatch(/bare fire-time in ms/);
    expect(rows.get('textbook:s')?.notBandReason).toMatch(/bare fire-time in seconds/);
  });
});
