import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDelayedJob } from '../protocol/delayed.ts';
import { MemoryRedis } from '../redis/memoryRedis.ts';
import { printCliArray } from './redisCliOutput.ts';
import { BAND_SLOTS, CLIFF_FIRE_TIME, bandOf } from '../protocol/score.ts';
import {
  EARLIEST_BAND_FIRE_TIME,
  LATEST_BAND_FIRE_TIME,
  bandScoreProblem,
  decodePaste,
  isBandScore,
  scoreFlags,
} from './scoreDecoder.ts';

const T = Date.UTC(2026, 10, 30, 9, 0, 0, 0);
const band = bandOf(T);

describe('bandScoreProblem: what getDelayedScore.lua cannot give', () => {
  it('accepts whole scores decoding from 2000-01-01 to the last JavaScript date', () => {
    expect(bandScoreProblem(band.minScore)).toBeNull();
    expect(bandScoreProblem(band.maxScore)).toBeNull();
    expect(bandScoreProblem(bandOf(EARLIEST_BAND_FIRE_TIME).minScore)).toBeNull();
    expect(bandScoreProblem(bandOf(LATEST_BAND_FIRE_TIME).minScore)).toBeNull();
    expect(bandScoreProblem(bandOf(CLIFF_FIRE_TIME).minScore)).toBeNull();
  });

  it('names bare timestamps, which decode to January 1970', () => {
    expect(bandScoreProblem(T)).toBe('decodes to 1970: a bare fire-time in ms (score = fire-time)?');
    expect(bandScoreProblem(T / 1000)).toBe('decodes to 1970: a bare fire-time in seconds (score = fire-time)?');
    expect(bandScoreProblem(42)).toBe('decodes to a fire-time before 2000');
    expect(bandScoreProblem(bandOf(EARLIEST_BAND_FIRE_TIME).minScore - 1)).toBe('decodes to a fire-time before 2000');
  });

  it('refuses negative, fractional, infinite and too distant scores', () => {
    expect(bandScoreProblem(-band.minScore)).toMatch(/^negative/);
    expect(bandScoreProblem(T / 1000 + 0.25)).toMatch(/^fractional/);
    expect(bandScoreProblem(Infinity)).toMatch(/^infinite/);
    expect(bandScoreProblem(-Infinity)).toMatch(/^infinite/);
    expect(bandScoreProblem(bandOf(LATEST_BAND_FIRE_TIME + 1).minScore)).toBe('decodes past the last date JavaScript can show');
    expect(isBandScore(1e20)).toBe(false);
  });
});

describe('scoreFlags', () => {
  it('tells the three branches of getDelayedScore.lua apart', () => {
    expect(scoreFlags(band.minScore)).toEqual(['first']);
    expect(scoreFlags(band.minScore + 1)).toEqual(['bumped']);
    expect(scoreFlags(band.maxScore - 1)).toEqual(['bumped']);
    expect(scoreFlags(band.maxScore)).toEqual(['ceiling']);
    expect(scoreFlags(T)).toEqual(['notBand']);
  });

  it('returns a new array each time, which a caller may extend', () => {
    const flags = scoreFlags(band.minScore);
    flags.push('shared');
    expect(scoreFlags(band.minScore)).toEqual(['first']);
  });

  it('marks the cliff at 2^41 ms: the last exact band below, shared slots past it', () => {
    const last = bandOf(CLIFF_FIRE_TIME - 1);
    expect(scoreFlags(last.minScore)).toEqual(['first']);
    expect(scoreFlags(last.maxScore)).toEqual(['ceiling']);
    const cliff = bandOf(CLIFF_FIRE_TIME);
    expect(cliff.minScore).toBe(2 ** 53);
    expect(scoreFlags(cliff.minScore)).toEqual(['first', 'pastCliff']);
    expect(scoreFlags(cliff.minScore + 2)).toEqual(['bumped', 'pastCliff']);
    // 2^41's ceiling rounds up to 2^41 + 1's floor: that score is both
    const next = bandOf(CLIFF_FIRE_TIME + 1);
    expect(cliff.maxScore).toBe(next.minScore);
    expect(scoreFlags(next.minScore)).toEqual(['first', 'pastCliff', 'previousCeiling']);
  });
});

describe('decodePaste', () => {
  it('decodes what BullMQ scoring put in a set, printed by redis-cli, back to the same members and scores', () => {
    const redis = new MemoryRedis();
    const ids: string[] = [];
    for (let i = 0; i < BAND_SLOTS + 3; i++) ids.push(String(i + 1));
    for (const id of ids) addDelayedJob(redis, 'd', id, T, 1000);
    addDelayedJob(redis, 'd', 'late', T, 1001);
    const reply = redis.call('ZRANGE', 'd', 0, -1, 'WITHSCORES') as string[];
    for (const layout of ['numbered', 'raw'] as const) {
      const decoded = decodePaste(printCliArray(reply, layout));
      expect(decoded.layout).toBe(layout);
      expect(decoded.rows.flatMap((row) => [row.member, row.scoreText])).toEqual(reply);
      expect(decoded.flagCounts).toEqual({
        first: 2,
        bumped: BAND_SLOTS - 2,
        ceiling: 4,
        idSlot: 0,
        notIdSlot: 0,
        previousCeiling: 0,
        pastCliff: 0,
        looksShifted: 0,
        notBand: 0,
        shared: 4,
      });
      expect(decoded).toMatchObject({ bands: 2, crowdedBands: 1, saturatedBands: 1 });
      const ceiling = decoded.rows.filter((row) => row.flags.includes('ceiling'));
      expect(ceiling.map((row) => row.member)).toEqual(['4096', '4097', '4098', '4099']);
      expect(ceiling.every((row) => row.sharedBy === 4 && row.slot === BAND_SLOTS - 1 && row.fireTime === T + 1000)).toBe(true);
    }
  });

  it('gives fire-time and slot for every finite score, null for an infinite one', () => {
    const { rows } = decodePaste(`${band.minScore + 7} ${T} -5 inf`);
    expect(rows.map(({ fireTime, slot }) => [fireTime, slot])).toEqual([
      [T, 7],
      [Math.floor(T / BAND_SLOTS), T % BAND_SLOTS],
      [-1, BAND_SLOTS - 5],
      [null, null],
    ]);
    expect(rows.map(({ notBandReason }) => notBandReason === null)).toEqual([true, false, false, false]);
  });

  it('decodes exponent text exactly', () => {
    const [row] = decodePaste('7.0451200040960005e+15').rows;
    expect(row).toMatchObject({ score: 7045120004096000, fireTime: 1_720_000_001_000, slot: 0, flags: ['first'] });
  });

  it('lists the garbage and decodes the rest', () => {
    const decoded = decodePaste(`\u0000\u00ff\u0007junk\n${band.minScore}\n1e400\nNaN\n\n${band.minScore + 1}`);
    expect(decoded.rows.map((row) => row.score)).toEqual([band.minScore, band.minScore + 1]);
    expect(decoded.unreadable.map((entry) => entry.line)).toEqual([1, 3, 4]);
  });

  it('never throws on any text, control characters and lone surrogates included, and places every line it lists in the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const decoded = decodePaste(text);
        const lines = text.split(/\r?\n|\r/).length;
        for (const { line } of [...decoded.rows, ...decoded.unreadable, ...decoded.skipped]) {
          expect(Number.isInteger(line) && line >= 1 && line <= lines).toBe(true);
        }
        for (const row of decoded.rows) expect(Number.isNaN(row.score)).toBe(false);
      }),
    );
  });

  it('decodes 100,000 lines', () => {
    const lines: string[] = [];
    for (let i = 0; i < 100_000; i++) lines.push(String(band.minScore + (i % BAND_SLOTS)));
    const decoded = decodePaste(lines.join('\n'));
    expect(decoded.rows).toHaveLength(100_000);
    expect(decoded.flagCounts.ceiling).toBe(Math.floor(100_000 / BAND_SLOTS));
    expect(decoded.flagCounts.shared).toBe(100_000);
    expect(decoded.bands).toBe(1);
  });
});

/** A WITHSCORES reply as redis-cli prints it in a terminal, from [member, score] pairs. */
const cliPairs = (pairs: ReadonlyArray<readonly [string, number]>) =>
  printCliArray(
    pairs.flatMap(([member, score]) => [member, String(score)]),
    'numbered',
  );
/** Fire-times from 2000 to the 2039 cliff (where a shifted score's low bits stay exact). */
const shiftedFireTime = fc.integer({ min: EARLIEST_BAND_FIRE_TIME, max: CLIFF_FIRE_TIME - 1 });

describe('decodePaste by scheme', () => {
  it('id-counter: the slot is the id & 0xfff, never first, bumped or ceiling', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 2 ** 40 }), shiftedFireTime), { minLength: 1, maxLength: 30 }),
        (jobs) => {
          const pairs = jobs.map(([id, fireTime]) => [String(id), fireTime * BAND_SLOTS + (id % BAND_SLOTS)] as const);
          const decoded = decodePaste(cliPairs(pairs), 'id-counter');
          expect(decoded.scheme).toBe('id-counter');
          expect(decoded.rows.map((row) => [row.member, row.fireTime, row.slot])).toEqual(
            jobs.map(([id, fireTime]) => [String(id), fireTime, id % BAND_SLOTS]),
          );
          for (const row of decoded.rows) expect(row.flags.filter((flag) => flag !== 'shared')).toEqual(['idSlot']);
          expect(decoded.flagCounts.first + decoded.flagCounts.bumped + decoded.flagCounts.ceiling).toBe(0);
          expect(decoded.saturatedBands).toBe(0);
        },
      ),
    );
  });

  it("id-counter: a custom id or a slot that is not the id's is flagged", () => {
    const { rows } = decodePaste(
      cliPairs([
        ['mail-7', band.minScore + 9],
        ['12', band.minScore + 13],
        ['4096', band.maxScore],
      ]),
      'id-counter',
    );
    expect(rows.map((row) => row.flags)).toEqual([['notIdSlot'], ['notIdSlot'], ['notIdSlot']]);
    // a score list has no members: no id to compare
    expect(decodePaste(`${band.minScore + 9}`, 'id-counter').rows[0]!.flags).toEqual([]);
  });

  it('the band scheme reads the same Bull scores as bumped and ceiling', () => {
    const { flagCounts } = decodePaste(
      cliPairs([
        ['4095', band.maxScore],
        ['5', band.minScore + 5],
      ]),
    );
    expect(flagCounts).toMatchObject({ ceiling: 1, bumped: 1, idSlot: 0 });
  });

  it('bare-ms: the fire-time is the score, no slot', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: EARLIEST_BAND_FIRE_TIME, max: Date.UTC(2200, 0, 1) })),
          { minLength: 1, maxLength: 30 },
        ),
        (jobs) => {
          const decoded = decodePaste(cliPairs(jobs.map(([id, at]) => [String(id), at])), 'bare-ms');
          expect(decoded.rows.map((row) => [row.fireTime, row.slot, row.notBandReason])).toEqual(
            jobs.map(([, at]) => [at, null, null]),
          );
          for (const row of decoded.rows) expect(row.flags.filter((flag) => flag !== 'shared')).toEqual([]);
          expect(decoded.plainMsScores).toBe(0);
        },
      ),
    );
  });

  it('bare-ms: a shifted score is said to look like a BullMQ one; seconds and garbage are not ms', () => {
    const { rows } = decodePaste(`${band.minScore}\n${T / 1000}\n-1\n0.5\n${bandOf(Date.UTC(2045, 0, 1)).minScore}`, 'bare-ms');
    expect(rows.map((row) => row.flags)).toEqual([
      ['looksShifted'],
      ['notBand'],
      ['notBand'],
      ['notBand'],
      ['looksShifted', 'notBand'],
    ]);
    expect(rows[0]!.fireTime).toBe(band.minScore);
    expect(rows[1]!.notBandReason).toMatch(/in seconds/);
  });

  it('counts plain ms instants (a marker, a bee-queue score) under the shifted schemes', () => {
    expect(decodePaste(`${T}\n0\n${band.minScore}`).plainMsScores).toBe(1);
    expect(decodePaste(`${T}`, 'id-counter').plainMsScores).toBe(1);
  });

  it('detect: the scheme the counter ids show, else the band', () => {
    const legacy = cliPairs([
      ['1', band.minScore + 1],
      ['2', band.minScore + 2],
      ['3', bandOf(T + 5).minScore + 3],
    ]);
    expect(decodePaste(legacy, 'detect')).toMatchObject({ scheme: 'id-counter', detected: true, idScheme: 'id-counter' });
    expect(decodePaste(legacy)).toMatchObject({ scheme: 'band', detected: false, idScheme: 'id-counter' });
    const bumped = cliPairs([
      ['7', band.minScore],
      ['8', band.minScore + 1],
    ]);
    expect(decodePaste(bumped, 'detect')).toMatchObject({ scheme: 'band', detected: true });
    expect(decodePaste(`${band.minScore}`, 'detect')).toMatchObject({ scheme: 'band', detected: false, idScheme: null });
  });

  it('never throws on any text under any scheme, and every row and unreadable line points at a line of the text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('band', 'id-counter', 'bare-ms', 'detect' as const),
        (text, choice) => {
          const decoded = decodePaste(text, choice);
          const lines = text.split(/\r?\n|\r/).length;
          for (const { line } of [...decoded.rows, ...decoded.unreadable, ...decoded.skipped]) {
            expect(Number.isInteger(line) && line >= 1 && line <= lines).toBe(true);
          }
          // every score shown was parsed as ZADD parses it: a number, never NaN
          for (const row of decoded.rows) expect(Number.isNaN(row.score)).toBe(false);
          expect(['band', 'id-counter', 'bare-ms']).toContain(decoded.scheme);
          // the summary counts what the rows hold: no band without a row, no crowded or full band outside them
          expect(decoded.bands).toBeLessThanOrEqual(decoded.rows.length);
          expect(decoded.crowdedBands).toBeLessThanOrEqual(decoded.bands);
          expect(decoded.saturatedBands).toBeLessThanOrEqual(decoded.bands);
        },
      ),
    );
  });
});
