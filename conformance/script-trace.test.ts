/**
 * The script stepper's trace against the real file on a real redis-server: the installed bullmq's
 * getDelayedScore.lua (the text the page shows) is run with EVAL, with a line inserted beside each
 * line the model traces that records the value Lua holds there, and the recorded lines and values
 * must be the model's traced getDelayedScore (delayed.ts), in the same order, for a floor, a bump
 * and a ceiling job, and for a job past the 2^53 cliff. Only the recording lines are added: the
 * script's own lines run as shipped.
 */
import { describe, expect, it } from 'vitest';
import { source } from 'virtual:bullmq/getDelayedScore.lua';
import { redisForFile } from './databases.ts';
import { addDelayedJob, getDelayedScore } from '../src/model/protocol/delayed.ts';
import type { DelayedScoreStep } from '../src/model/protocol/delayed.ts';
import { CLIFF_FIRE_TIME } from '../src/model/protocol/score.ts';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import { formatScore } from '../src/model/redis/doubles.ts';
import type { Reply } from '../src/model/redis/reply.ts';
import { locateSteps } from '../src/features/script/scriptLines.ts';
import type { LineSpan, StepLine } from '../src/features/script/scriptLines.ts';

const redis = redisForFile(import.meta.url);
const T = Date.UTC(2026, 10, 30, 12);

/** How the recording lines print a value: numbers as %.17g, nil, booleans, a table in braces. */
const RECORDER = `
local rcall = redis.call
local trace = {}
local function show(value)
  if value == nil then return 'nil' end
  if type(value) == 'number' then return string.format('%.17g', value) end
  if type(value) == 'table' then
    local parts = {}
    for i = 1, #value do parts[i] = show(value[i]) end
    return '{' .. table.concat(parts, ',') .. '}'
  end
  return tostring(value)
end
local function note(name, ...)
  local parts = {}
  for i = 1, select('#', ...) do parts[i] = show((select(i, ...))) end
  trace[#trace + 1] = name .. '=' .. table.concat(parts, ',')
end
`;

/** The recording line for each traced step: what it records, and whether it goes before the line (tests, returns) or after the statement. */
function recording(step: StepLine, line: string): { where: 'before' | 'after'; lua: string } {
  switch (step) {
    case 'call':
      return { where: 'after', lua: `note('call', tonumber(timestamp), delay)` };
    case 'result length':
      return { where: 'before', lua: `note('result length', #result)` };
    case 'has score':
    case 'band full':
      return { where: 'before', lua: `note('${step}', ${/^\s*if (.*) then\s*$/.exec(line)![1]})` };
    case 'return floor':
    case 'return bump':
    case 'return ceiling':
      return { where: 'before', lua: `note('${step}', ${/^\s*return (.*), delayedTimestamp\s*$/.exec(line)![1]})` };
    default:
      return { where: 'after', lua: `note('${step}', ${step})` };
  }
}

/** The shipped file with a recording line beside each traced line, then a call that returns the record. */
function instrumented(): string {
  const located = locateSteps(source);
  if (!located.ok) throw new Error(`lines not found: ${located.unplaced.join(', ')}`);
  const { lines, spans } = located.value;
  const before = new Map<number, string[]>();
  const after = new Map<number, string[]>();
  for (const [step, span] of Object.entries(spans) as Array<[StepLine, LineSpan]>) {
    const { where, lua } = recording(step, lines[span.first]!);
    const map = where === 'before' ? before : after;
    const at = where === 'before' ? span.first : span.last;
    map.set(at, [...(map.get(at) ?? []), lua]);
  }
  const body = lines.flatMap((line, at) => [...(before.get(at) ?? []), line, ...(after.get(at) ?? [])]);
  return `${RECORDER}\n${body.join('\n')}\nlocal score, delayedTimestamp = getDelayedScore(KEYS[1], ARGV[1], tonumber(ARGV[2]))\nreturn trace\n`;
}

function show(value: Reply | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'number') return formatScore(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `{${value.map(show).join(',')}}`;
  return value;
}

/** The model's trace in the recording's format. */
function modelRecord(steps: readonly DelayedScoreStep[]): string[] {
  return steps.map((step) =>
    step.line === 'call'
      ? `call=${show(step.value.timestamp)},${show(step.value.delay)}`
      : `${step.line}=${show(step.value as Reply | boolean | null)}`,
  );
}

/** Fills the band with `jobs` jobs through the model, copies the set to the real server, and traces the next job on both. */
async function traceBoth(name: string, jobs: number, timestamp: number, delay: number) {
  const key = `script-trace:${name}`;
  const model = new MemoryRedis();
  for (let n = 1; n <= jobs; n++) addDelayedJob(model, key, `job:${n}`, timestamp, delay);
  await redis.client.call('DEL', key);
  const entries = model.call('ZRANGE', key, 0, -1, 'WITHSCORES') as string[];
  const pairs: string[] = [];
  for (let i = 0; i < entries.length; i += 2) pairs.push(entries[i + 1]!, entries[i]!);
  if (pairs.length > 0) await redis.client.call('ZADD', key, ...pairs);
  const real = (await redis.client.call('EVAL', instrumented(), 1, key, String(timestamp), String(delay))) as string[];
  const steps: DelayedScoreStep[] = [];
  getDelayedScore(model, key, timestamp, delay, (step) => steps.push(step));
  return { real, model: modelRecord(steps) };
}

describe('the traced model against the shipped getDelayedScore.lua on redis-server', () => {
  it.each([
    ['a floor job', 0, 'return floor'],
    ['a bump', 1, 'return bump'],
    ['a bump deep in the band', 100, 'return bump'],
    ['a ceiling job', 4096, 'return ceiling'],
  ] as const)('%s: the same lines with the same values, in the same order', async (name, jobs, last) => {
    const { real, model } = await traceBoth(name, jobs, T, 5000);
    expect(model).toEqual(real);
    expect(real.at(-1)).toMatch(new RegExp(`^${last}=`));
  });

  it('past the cliff, where + 1 rounds back: still the same', async () => {
    const { real, model } = await traceBoth('past the cliff', 3, CLIFF_FIRE_TIME + 12_345, 0);
    expect(model).toEqual(real);
  });
});
