import { describe, expect, it } from 'vitest';
import { ALL_KINDS, OPERATION_KINDS, kindOf } from './registry.ts';
import { decodeScenario, encodeScenario } from '../scenarioCodec.ts';
import { defaultSettings } from '../operations.ts';
import type { Operation } from '../operations.ts';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);

/** One operation of every kind, as a page could record them. */
const ONE_OF_EACH: readonly Operation[] = [
  { kind: 'delay', delay: 1234 },
  { kind: 'unit', unit: 'ms' },
  { kind: 'live' },
  { kind: 'freeze', at: T0 + 5 },
  { kind: 'idStyle', style: 'prefix' },
  { kind: 'prefix', prefix: 'job-é-' },
  { kind: 'batch', size: 7 },
  { kind: 'enqueue', count: 3, at: T0 + 5 },
  { kind: 'promote', at: T0 + 9000 },
  { kind: 'reset' },
];

describe('the operation kinds', () => {
  it('each has a token head of its own, so a link names one kind per token', () => {
    const heads = ALL_KINDS.map((kind) => kind.token.head);
    expect(new Set(heads).size).toBe(heads.length);
    expect(heads.every((head) => head.length === 1)).toBe(true);
  });

  it('are each listed under their own name', () => {
    for (const [name, kind] of Object.entries(OPERATION_KINDS)) expect(kind.kind).toBe(name);
    expect(new Set(ONE_OF_EACH.map((op) => op.kind)).size).toBe(ALL_KINDS.length);
  });

  it('read back from a link what they wrote, one of every kind', () => {
    const scenario = { seed: 42, initial: defaultSettings(T0, 'frozen'), operations: ONE_OF_EACH };
    const decoded = decodeScenario(encodeScenario(scenario));
    expect(decoded.ok && [...decoded.scenario.operations]).toEqual(ONE_OF_EACH);
  });

  it('say the jobs they enqueue and the instant they carry', () => {
    expect(ONE_OF_EACH.map((op) => kindOf(op).jobs(op))).toEqual([0, 0, 0, 0, 0, 0, 0, 3, 0, 0]);
    expect(ONE_OF_EACH.map((op) => kindOf(op).instant(op))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      T0 + 5,
      T0 + 9000,
      null,
    ]);
  });
});
