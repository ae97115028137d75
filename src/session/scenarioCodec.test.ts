import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_SCENARIO_CHARS,
  ScenarioEncoder,
  MAX_SCENARIO_JOBS,
  decodeScenario,
  encodeScenario,
  scenarioCost,
  scenarioText,
  shareableScenario,
} from './scenarioCodec.ts';
import { CLOCK_RANGE_MESSAGE, MAX_BATCH, MAX_CLOCK_MS, MAX_DELAY_MS, MIN_BATCH, parseIdPrefix } from './input.ts';
import { OperationLog } from './operationLog.ts';
import { FRESH_PAGE_DEFAULTS, defaultSettings } from './operations.ts';
import type { Operation, Scenario, Settings } from './operations.ts';
import { T0 } from '../../test-support/instants.ts';

const instant = fc.integer({ min: 0, max: MAX_CLOCK_MS });
/**
 * Format characters a prefix may start or end with, which a decoder or a trim can silently drop:
 * the byte order mark (TextDecoder strips a leading one unless told not to), zero-width space,
 * word joiner, soft hyphen, bidi overrides.
 */
const formatCharacter = fc.constantFrom('\ufeff', '\u200b', '\u2060', '\u00ad', '\u202e', '\u200e');
const prefix = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
    fc
      .tuple(fc.array(formatCharacter, { minLength: 1, maxLength: 3 }), fc.string({ maxLength: 10 }))
      .map(([format, rest]) => format.join('') + rest),
  )
  .filter((p) => parseIdPrefix(p).ok);
const style = fc.constantFrom('job:N' as const, 'N' as const, 'uuid' as const, 'prefix' as const);
const settings: fc.Arbitrary<Settings> = fc
  .record({
    delay: fc.integer({ min: 0, max: MAX_DELAY_MS }),
    textbookUnit: fc.constantFrom('s' as const, 'ms' as const),
    clockMode: fc.constantFrom('live' as const, 'frozen' as const),
    frozenAt: instant,
    idStyle: style,
    idPrefix: prefix,
    batchSize: fc.integer({ min: MIN_BATCH, max: MAX_BATCH }),
  })
  .map((s) => (s.clockMode === 'live' ? { ...s, frozenAt: 0 } : s));
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('delay' as const), delay: fc.integer({ min: 0, max: MAX_DELAY_MS }) }),
  fc.record({ kind: fc.constant('unit' as const), unit: fc.constantFrom('s' as const, 'ms' as const) }),
  fc.record({ kind: fc.constant('live' as const) }),
  fc.record({ kind: fc.constant('freeze' as const), at: instant }),
  fc.record({ kind: fc.constant('idStyle' as const), style }),
  fc.record({ kind: fc.constant('prefix' as const), prefix }),
  fc.record({ kind: fc.constant('batch' as const), size: fc.integer({ min: MIN_BATCH, max: MAX_BATCH }) }),
  fc.record({ kind: fc.constant('enqueue' as const), count: fc.integer({ min: 1, max: 50 }), at: instant }),
  fc.record({ kind: fc.constant('promote' as const), at: instant }),
  fc.record({ kind: fc.constant('reset' as const) }),
);
const scenario: fc.Arbitrary<Scenario> = fc.record({
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  initial: settings,
  operations: fc.array(operation, { maxLength: 30 }),
});

describe('encodeScenario / decodeScenario', () => {
  it('writes a short readable text', () => {
    const text = encodeScenario({
      seed: 35,
      initial: {
        delay: 5000,
        textbookUnit: 's',
        clockMode: 'frozen',
        frozenAt: T0,
        idStyle: 'job:N',
        idPrefix: 'order-',
        batchSize: 3,
      },
      operations: [
        { kind: 'enqueue', count: 3, at: T0 },
        { kind: 'freeze', at: T0 + 6000 },
        { kind: 'live' },
        { kind: 'promote', at: T0 + 7000 },
        { kind: 'reset' },
      ],
    });
    expect(text).toBe(`1~z~d5000.us.f${T0}.ij.xb3JkZXIt.b3~e3.f${T0 + 6000}.L.p@${T0 + 7000}.r`);
  });

  it('writes the page’s defaults (plain ids, N = 12) explicitly, and reads them back', () => {
    const initial = { ...defaultSettings(T0, 'frozen'), ...FRESH_PAGE_DEFAULTS };
    const text = encodeScenario({ seed: 1, initial, operations: [{ kind: 'enqueue', count: 12, at: T0 }] });
    expect(text).toBe(`1~1~d5000.us.f${T0}.in.xb3JkZXIt.b12~e12`);
    expect(decodeScenario(text)).toEqual({
      ok: true,
      scenario: { seed: 1, initial, operations: [{ kind: 'enqueue', count: 12, at: T0 }] },
    });
  });

  it('reads a link that leaves settings out with the defaults links were first written with (job:N ids, N = 3)', () => {
    const old = decodeScenario(`1~1~f${T0}~e3`);
    expect(old).toMatchObject({
      ok: true,
      scenario: { initial: { idStyle: 'job:N', batchSize: 3, delay: 5000, textbookUnit: 's' } },
    });
    // a link the page wrote before the defaults changed names every setting, and opens as it did
    expect(decodeScenario(`1~z~d5000.us.f${T0}.ij.xb3JkZXIt.b3~e3`)).toMatchObject({
      ok: true,
      scenario: { initial: { idStyle: 'job:N', batchSize: 3 }, operations: [{ kind: 'enqueue', count: 3, at: T0 }] },
    });
  });

  it('gives back every scenario it wrote', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        expect(decodeScenario(encodeScenario(s))).toEqual({ ok: true, scenario: s });
      }),
    );
  });

  it('gives back a prefix that is, or starts with, a byte order mark, byte for byte', () => {
    for (const idPrefix of ['\ufeff', '\ufefford-', '\ufeff\ufeff-']) {
      const written: Scenario = {
        seed: 1,
        initial: { ...defaultSettings(T0, 'frozen'), idPrefix },
        operations: [{ kind: 'prefix', prefix: idPrefix }],
      };
      expect(decodeScenario(encodeScenario(written))).toEqual({ ok: true, scenario: written });
    }
  });

  it('needs the instant of an enqueue on a live clock', () => {
    expect(decodeScenario('1~0~L~e1')).toEqual({ ok: false, message: 'Step 1: "e1": a live clock needs @<ms>.' });
    expect(decodeScenario(`1~0~L~e1@${T0}`)).toMatchObject({
      ok: true,
      scenario: { operations: [{ kind: 'enqueue', count: 1, at: T0 }] },
    });
  });

  it('says what is wrong with a hand-edited text, using the fields own checks', () => {
    expect(decodeScenario('')).toMatchObject({ ok: false, message: expect.stringMatching(/Unknown scenario format/) });
    expect(decodeScenario('2~0~~')).toMatchObject({ ok: false, message: expect.stringMatching(/version 1/) });
    expect(decodeScenario('1~0~d5x~')).toMatchObject({ ok: false, message: expect.stringMatching(/"5x" is not a whole number/) });
    expect(decodeScenario('1~0~d99999999999999~')).toMatchObject({ ok: false, message: expect.stringMatching(/100 years/) });
    expect(decodeScenario('1~0~~b1')).toMatchObject({ ok: false, message: expect.stringMatching(/^Step 1: .*N starts at 2/) });
    expect(decodeScenario('1~0~~e10001@5')).toMatchObject({ ok: false, message: expect.stringMatching(/At most 10,000/) });
    expect(decodeScenario('1~0~~x')).toMatchObject({ ok: false, message: expect.stringMatching(/Enter a prefix/) });
    expect(decodeScenario('1~0~~q')).toMatchObject({ ok: false, message: expect.stringMatching(/unknown step/) });
    expect(decodeScenario('1~0~e1~')).toMatchObject({ ok: false, message: expect.stringMatching(/Starting settings/) });
    expect(decodeScenario('1~zzzzzzzz~~')).toMatchObject({ ok: false, message: expect.stringMatching(/seed/) });
    // past the page's scale: refused as such (the page keeps what it shows)
    expect(decodeScenario(`1~0~f${T0}~${Array(11).fill('e10000').join('.')}`)).toEqual({
      ok: false,
      pastScale: true,
      message:
        "This link would make a scenario of 110,000 jobs, past the page's limit of 100,000 (firetime works with up to 100,000 jobs and 100,000 steps in a scenario, 10,000 jobs in one action).",
    });
    expect(decodeScenario(`1~0~f${T0}~${Array(10).fill('e10000').join('.')}`).ok).toBe(true);
    expect(decodeScenario(`1~0~f${T0}~${Array(100_001).fill('r').join('.')}`)).toMatchObject({
      ok: false,
      pastScale: true,
      message: expect.stringMatching(/^This link would make a scenario of 100,001 steps, past the page's limit of 100,000 \(/),
    });
    expect(decodeScenario(`1~0~f${T0}~${Array(100_000).fill('r').join('.')}`).ok).toBe(true);
  });

  // Each message says what is wrong with the value as written: a run of digits is a whole number,
  // however long, so one out of range is told its range; an enqueue's count is not the field N.
  it.each([
    ['1~0~d99999999999999999~', 'Starting settings: "d99999999999999999": At most 3,155,760,000,000 ms (100 years).'],
    ['1~0~d-5~', 'Starting settings: "d-5": A delay cannot be negative.'],
    ['1~0~d~', 'Starting settings: "d": the number is missing.'],
    ['1~0~b99999999999999999~', 'Starting settings: "b99999999999999999": At most 10,000 jobs at once.'],
    ['1~0~f99999999999999999~', `Starting settings: "f99999999999999999": ${CLOCK_RANGE_MESSAGE}`],
    ['1~0~f-1~', `Starting settings: "f-1": ${CLOCK_RANGE_MESSAGE}`],
    ['1~0~L~e1@99999999999999999', `Step 1: "e1@99999999999999999": ${CLOCK_RANGE_MESSAGE}`],
    ['1~0~L~p@', 'Step 1: "p@": the number is missing.'],
    [`1~0~f${T0}~e0`, 'Step 1: "e0": an enqueue adds 1 to 10,000 jobs (e1 to e10000).'],
    [`1~0~f${T0}~e-3`, 'Step 1: "e-3": an enqueue adds 1 to 10,000 jobs (e1 to e10000).'],
    [`1~0~f${T0}~e`, 'Step 1: "e": the number is missing.'],
    [`1~0~f${T0}~e99999999999999999`, 'Step 1: "e99999999999999999": At most 10,000 jobs at once.'],
    ['1~0~d5000.q~', 'Starting settings: "q": unknown setting.'],
    ['1~0~d5000..us~', 'Starting settings: "": an empty setting (two dots in a row, or a dot at an end).'],
    [`1~0~f${T0}~e1..p`, 'Step 2: "": an empty step (two dots in a row, or a dot at an end).'],
    [`1~0~f${T0}~e1.`, 'Step 2: "": an empty step (two dots in a row, or a dot at an end).'],
  ])('says what is wrong with a hand-edited %j', (text, message) => {
    expect(decodeScenario(text)).toEqual({ ok: false, message });
  });

  it('reads counts and instants with leading zeros as the numbers they are', () => {
    expect(decoded(`1~0~f000${T0}~e01.e0000000000000000003`).operations).toEqual([
      { kind: 'enqueue', count: 1, at: T0 },
      { kind: 'enqueue', count: 3, at: T0 },
    ]);
  });

  it('never throws on any text: a valid scenario (that encodes back to itself) or a message', () => {
    const mutated = fc
      .tuple(scenario, fc.array(fc.tuple(fc.nat(), fc.string({ maxLength: 3 }), fc.nat({ max: 3 })), { maxLength: 4 }))
      .map(([s, edits]) => {
        let text = encodeScenario(s);
        for (const [at, insert, remove] of edits) {
          const i = at % (text.length + 1);
          text = text.slice(0, i) + insert + text.slice(i + remove);
        }
        return text;
      });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), mutated), (text) => {
        const decoded = decodeScenario(text);
        if (decoded.ok) expect(decodeScenario(encodeScenario(decoded.scenario))).toEqual(decoded);
        else expect(decoded.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('scenarioText', () => {
  it('finds the scenario in the hash, percent-encoded or not', () => {
    expect(scenarioText('#s=1~0~~')).toBe('1~0~~');
    expect(scenarioText('#s=1%7E0%7E%7E')).toBe('1~0~~');
    expect(scenarioText('#sets')).toBeNull();
    expect(scenarioText('')).toBeNull();
  });
});

describe('messages', () => {
  it('end in one full stop', () => {
    expect(decodeScenario('1~0~~e99999@5')).toEqual({ ok: false, message: 'Step 1: "e99999@5": At most 10,000 jobs at once.' });
  });
});

/** A 722-character link: 100 enqueues of 10,000 jobs at one frozen instant. */
const HEAVY = `1~k2x9a~f1796040000000~${Array.from({ length: 100 }, () => 'e10000').join('.')}`;

function decoded(text: string): Scenario {
  const result = decodeScenario(text);
  if (!result.ok) throw new Error(result.message);
  return result.scenario;
}

/** The ids a replay would write, counted one by one (the reference for scenarioCost). */
function idBytesByHand(scenario: Scenario): number {
  let style = scenario.initial.idStyle;
  let prefix = scenario.initial.idPrefix;
  let next = 1;
  let bytes = 0;
  for (const op of scenario.operations) {
    if (op.kind === 'idStyle') style = op.style;
    if (op.kind === 'prefix') prefix = op.prefix;
    if (op.kind === 'reset') next = 1;
    if (op.kind !== 'enqueue') continue;
    for (let i = 0; i < op.count; i++, next++) {
      const id =
        style === 'job:N'
          ? `job:${next}`
          : style === 'N'
            ? String(next)
            : style === 'prefix'
              ? `${prefix}${next}`
              : '00000000-0000-4000-8000-000000000000';
      bytes += new TextEncoder().encode(id).length;
    }
  }
  return bytes;
}

describe('the cost of a scenario, known before it replays', () => {
  it('counts the 722-character link: 1,000,000 jobs and the bytes of their ids; the decoder refuses it as past the scale', () => {
    expect(HEAVY).toHaveLength(722);
    expect(decodeScenario(HEAVY)).toMatchObject({ ok: false, pastScale: true });
    const heavy: Scenario = {
      ...decoded(`1~k2x9a~f${T0}~`),
      operations: Array.from({ length: 100 }, () => ({ kind: 'enqueue' as const, count: 10_000, at: T0 })),
    };
    const cost = scenarioCost(heavy);
    // "job:" and the digits of 1..1,000,000: 9 + 90 * 2 + 900 * 3 + ... + 900,000 * 6 + 7.
    expect(cost).toMatchObject({ jobs: 1_000_000, idBytes: 4 * 1_000_000 + 5_888_896 });
  });

  it('follows the id style, the prefix (UTF-8) and resets, as a replay would', () => {
    const emoji = '\u{1F525}'.repeat(40);
    const mixed = decoded(`1~1~f${T0}.iu~e10000.e3.ij.e7.r.e12.x${Buffer.from(emoji).toString('base64url')}.ip.e9999.in.e2`);
    expect(scenarioCost(mixed)).toMatchObject({ jobs: 10_000 + 3 + 7 + 12 + 9_999 + 2, idBytes: idBytesByHand(mixed) });
    fc.assert(
      fc.property(scenario, (s) => {
        expect(scenarioCost(s).idBytes).toBe(idBytesByHand(s));
      }),
      { numRuns: 100 },
    );
  });

  it('weighs every step, not only the jobs: resets and promotes that enqueue nothing are work too', () => {
    const resets = scenarioCost(decoded(`1~1~f${T0}~${Array.from({ length: 100_000 }, () => 'r').join('.')}`));
    expect(resets).toMatchObject({ jobs: 0, steps: 100_000, work: 100_000 });
    const promotes = scenarioCost(decoded(`1~1~f${T0}~e10000.${Array.from({ length: 20_000 }, () => 'p').join('.')}`));
    expect(promotes).toMatchObject({ jobs: 10_000, steps: 20_001, work: 1 + 10_000 + 20_000 });
  });

  it('counts a job a promote can take out once, when it is due (textbook seconds included), and none after a reset', () => {
    const work = (steps: string) => scenarioCost(decoded(`1~1~f${T0}~${steps}`)).work;
    // the default delay is 5,000 ms: at T0 nothing is due, at T0 + 5,000 all 100 are
    // one for each step, each job written, and each job a promote can take out
    expect(work('e100.p')).toBe(1 + 100 + 1);
    expect(work(`e100.p@${T0 + 5000}`)).toBe(1 + 100 + 1 + 100);
    expect(work(`e100.p@${T0 + 4001}.p@${T0 + 5000}`)).toBe(1 + 100 + 2 + 100);
    expect(work(`e100.r.p@${T0 + 5000}`)).toBe(1 + 100 + 1 + 1);
    expect(work('d0.r')).toBe(2);
  });
});

describe("the URL writer keeps to the decoder's limits", () => {
  /** A scenario whose text is exactly `chars` long: delay steps (`d12345678`, then one to fill up). */
  function scenarioOfLength(chars: number): Scenario {
    const head = encodeScenario(decoded(`1~1~f${T0}~`)); // as the page writes it, ending in "~"
    const tokens: string[] = [];
    let used = head.length - 1; // the first step has no dot before it
    // long id prefix steps first (x and the base64url of 40 letters: 55 characters), so the text
    // passes the characters' limit within the page's steps
    while (chars - used > 80) {
      tokens.push(`x${Buffer.from('a'.repeat(40)).toString('base64url')}`);
      used += 56;
    }
    while (chars - used > 15) {
      tokens.push('d12345678');
      used += 10;
    }
    tokens.push(`d${'1'.repeat(chars - used - 2)}`);
    const text = head + tokens.join('.');
    expect(text).toHaveLength(chars);
    const scenario = decoded(text);
    expect(encodeScenario(scenario)).toBe(text);
    return scenario;
  }

  it('refuses to write a scenario the decoder would refuse (too long, too many jobs), and writes the rest', () => {
    for (const chars of [MAX_SCENARIO_CHARS - 30, MAX_SCENARIO_CHARS - 1]) {
      const scenario = scenarioOfLength(chars);
      const shareable = shareableScenario(scenario);
      expect(shareable.ok).toBe(true);
      if (shareable.ok) expect(decodeScenario(shareable.text).ok).toBe(true);
    }
    // The finding: 1,999,992 characters, then 8 enqueues of one job.
    const near = scenarioOfLength(1_999_992);
    const grown: Scenario = {
      ...near,
      operations: [...near.operations, ...Array.from({ length: 8 }, () => ({ kind: 'enqueue' as const, count: 1, at: T0 }))],
    };
    const text = encodeScenario(grown);
    expect(text.length).toBeGreaterThan(MAX_SCENARIO_CHARS);
    expect(decodeScenario(text)).toEqual({ ok: false, message: 'The scenario is too long.' });
    expect(shareableScenario(grown)).toEqual({ ok: false, message: 'The scenario is too long.' });

    const many = (count: number): Scenario => ({
      ...decoded(`1~1~f${T0}~`),
      operations: Array.from({ length: count }, () => ({ kind: 'enqueue' as const, count: MAX_BATCH, at: T0 })),
    });
    const atLimit = many(MAX_SCENARIO_JOBS / MAX_BATCH);
    expect(shareableScenario(atLimit).ok).toBe(true);
    expect(decodeScenario(encodeScenario(atLimit)).ok).toBe(true);
    const over: Scenario = { ...atLimit, operations: [...atLimit.operations, { kind: 'enqueue', count: 1, at: T0 }] };
    expect(decodeScenario(encodeScenario(over)).ok).toBe(false);
    expect(shareableScenario(over)).toEqual({
      ok: false,
      message:
        "This link would make a scenario of 100,001 jobs, past the page's limit of 100,000 (firetime works with up to 100,000 jobs and 100,000 steps in a scenario, 10,000 jobs in one action).",
    });
  }, 60_000);
});

describe('ScenarioEncoder (the URL writer: only the operations appended since the last write)', () => {
  /** What the encoder is asked along the way: a scenario grown or cut (undo) by a few operations, or another one. */
  const change = fc.oneof(
    fc.record({ kind: fc.constant('append' as const), ops: fc.array(operation, { minLength: 1, maxLength: 6 }) }),
    fc.record({ kind: fc.constant('undo' as const), count: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant('other' as const), scenario }),
  );

  it('gives exactly what encodeScenario and scenarioCost give, encoding only the tail when operations were appended (property)', () => {
    fc.assert(
      fc.property(scenario, fc.array(change, { maxLength: 25 }), (start, changes) => {
        const encoder = new ScenarioEncoder();
        let current: Scenario = { ...start, operations: OperationLog.from(start.operations) };
        const check = () => {
          const whole = { ...current, operations: current.operations.slice() }; // a plain array: encoded whole
          expect(encoder.encode(current)).toBe(encodeScenario(whole));
          expect(encoder.cost).toEqual(scenarioCost(whole));
          expect(encoder.shareable(current)).toEqual(shareableScenario(whole));
        };
        check();
        let undone = false;
        for (const c of changes) {
          const log = OperationLog.from(current.operations);
          if (c.kind === 'append') {
            current = { ...current, operations: c.ops.reduce((grown, op) => grown.append(op), log) };
            encoder.encode(current);
            // the tail only; after an undo the new step goes on a copy of the log, encoded whole once
            expect(encoder.lastEncoded).toBe(undone ? current.operations.length : c.ops.length);
          } else if (c.kind === 'undo') current = { ...current, operations: log.prefix(log.length - c.count) };
          else current = { ...c.scenario, operations: OperationLog.from(c.scenario.operations) };
          undone = c.kind === 'undo' && log.length > 0;
          check();
        }
      }),
      { numRuns: 200 },
    );
  });

  it('encodes 100,000 played jobs one frame at a time without going over the whole scenario again', () => {
    const encoder = new ScenarioEncoder();
    const start = decoded(`1~1~f${T0}.in~`);
    let operations = OperationLog.from(start.operations);
    let encoded = 0;
    for (let frame = 0; frame < 100_000 / 16; frame++) {
      for (let i = 0; i < 16; i++) operations = operations.append({ kind: 'enqueue', count: 1, at: T0 });
      encoder.encode({ ...start, operations });
      encoded += encoder.lastEncoded;
    }
    expect(encoded).toBe(100_000);
    expect(encoder.encode({ ...start, operations })).toBe(encodeScenario({ ...start, operations: operations.slice() }));
    expect(encoder.cost).toMatchObject({
      jobs: 100_000,
      idBytes: scenarioCost({ ...start, operations: operations.slice() }).idBytes,
    });
  });
});
