import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeScenario, encodeScenario, scenarioText } from './scenarioCodec.ts';
import { MAX_BATCH, MAX_CLOCK_MS, MAX_DELAY_MS, MIN_BATCH, parseIdPrefix } from './input.ts';
import type { Operation, Scenario, Settings } from './operations.ts';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);

const instant = fc.integer({ min: 0, max: MAX_CLOCK_MS });
const prefix = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((p) => parseIdPrefix(p).ok);
const style = fc.constantFrom('job:N' as const, 'N' as const, 'uuid' as const, 'prefix' as const);
const settings: fc.Arbitrary<Settings> = fc.record({
  delay: fc.integer({ min: 0, max: MAX_DELAY_MS }),
  textbookUnit: fc.constantFrom('s' as const, 'ms' as const),
  clockMode: fc.constantFrom('live' as const, 'frozen' as const),
  frozenAt: instant,
  idStyle: style,
  idPrefix: prefix,
  batchSize: fc.integer({ min: MIN_BATCH, max: MAX_BATCH }),
}).map((s) => (s.clockMode === 'live' ? { ...s, frozenAt: 0 } : s));
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
const scenario: fc.Arbitrary<Scenario> = fc.record({ seed: fc.integer({ min: 0, max: 0xffffffff }), initial: settings, operations: fc.array(operation, { maxLength: 30 }) });

describe('encodeScenario / decodeScenario', () => {
  it('writes a short readable text', () => {
    const text = encodeScenario({
      seed: 35,
      initial: { delay: 5000, textbookUnit: 's', clockMode: 'frozen', frozenAt: T0, idStyle: 'job:N', idPrefix: 'order-', batchSize: 3 },
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

  it('gives back every scenario it wrote', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        expect(decodeScenario(encodeScenario(s))).toEqual({ ok: true, scenario: s });
      }),
    );
  });

  it('needs the instant of an enqueue on a live clock', () => {
    expect(decodeScenario('1~0~L~e1')).toEqual({ ok: false, message: 'Step 1: "e1": a live clock needs @<ms>.' });
    expect(decodeScenario(`1~0~L~e1@${T0}`)).toMatchObject({ ok: true, scenario: { operations: [{ kind: 'enqueue', count: 1, at: T0 }] } });
  });

  it('says what is wrong with a hand-edited text, using the fields own checks', () => {
    expect(decodeScenario('')).toMatchObject({ ok: false, message: expect.stringMatching(/Unknown scenario format/) });
    expect(decodeScenario('2~0~~')).toMatchObject({ ok: false, message: expect.stringMatching(/version 1/) });
    expect(decodeScenario('1~0~d-5~')).toMatchObject({ ok: false, message: expect.stringMatching(/not a whole number/) });
    expect(decodeScenario('1~0~d99999999999999~')).toMatchObject({ ok: false, message: expect.stringMatching(/100 years/) });
    expect(decodeScenario('1~0~~b1')).toMatchObject({ ok: false, message: expect.stringMatching(/^Step 1: .*N starts at 2/) });
    expect(decodeScenario('1~0~~e10001@5')).toMatchObject({ ok: false, message: expect.stringMatching(/At most 10,000/) });
    expect(decodeScenario('1~0~~x')).toMatchObject({ ok: false, message: expect.stringMatching(/Enter a prefix/) });
    expect(decodeScenario('1~0~~q')).toMatchObject({ ok: false, message: expect.stringMatching(/unknown step/) });
    expect(decodeScenario('1~0~e1~')).toMatchObject({ ok: false, message: expect.stringMatching(/Starting settings/) });
    expect(decodeScenario('1~zzzzzzzz~~')).toMatchObject({ ok: false, message: expect.stringMatching(/seed/) });
    expect(decodeScenario(`1~0~f${T0}~${Array(101).fill('e10000').join('.')}`)).toMatchObject({ ok: false, message: expect.stringMatching(/more than 1,000,000 jobs/) });
  });

  it('never throws on any text: a valid scenario (that encodes back to itself) or a message', () => {
    const mutated = fc.tuple(scenario, fc.array(fc.tuple(fc.nat(), fc.string({ maxLength: 3 }), fc.nat({ max: 3 })), { maxLength: 4 })).map(([s, edits]) => {
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
