import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { license, packageName, path, source, version } from 'virtual:bullmq/getDelayedScore.lua';
import { getDelayedScore } from '../../model/protocol/delayed.ts';
import type { DelayedScoreStep } from '../../model/protocol/delayed.ts';
import { MemoryRedis } from '../../model/redis/memoryRedis.ts';
import { addDelayedJob } from '../../model/protocol/delayed.ts';
import { LINE_TEXT, headerComment, locateSteps } from './scriptLines.ts';
import type { StepLine } from './scriptLines.ts';

const T = Date.UTC(2026, 10, 30, 12);
const KEY = 'delayed';

/** The lines a traced getDelayedScore runs after `jobs` jobs were added to the band. */
function tracedLines(jobs: number): StepLine[] {
  const redis = new MemoryRedis();
  for (let n = 0; n < jobs; n++) addDelayedJob(redis, KEY, `job:${n}`, T, 5000);
  const steps: DelayedScoreStep[] = [];
  getDelayedScore(redis, KEY, T, 5000, (step) => steps.push(step));
  return steps.map((step) => step.line);
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('the script as the installed package ships it', () => {
  it('is the file in node_modules, with the package name, version and licence from its package.json', () => {
    const shipped = JSON.parse(readFileSync('node_modules/bullmq/package.json', 'utf8')) as Record<string, string>;
    expect(source).toBe(readFileSync(path, 'utf8'));
    expect(path).toBe('node_modules/bullmq/dist/esm/commands/includes/getDelayedScore.lua');
    expect([packageName, version, license]).toEqual([shipped.name, shipped.version, shipped.license]);
  });

  it('has every line the model traces, once each', () => {
    const located = locateSteps(source);
    if (!located.ok) throw new Error(`not placed: ${located.unplaced.join(', ')}`);
    const { lines, spans } = located.value;
    for (const [step, text] of Object.entries(LINE_TEXT) as Array<[StepLine, string]>) {
      expect(squeeze(lines[spans[step].first]!).startsWith(squeeze(text)), step).toBe(true);
    }
    // the ZREVRANGEBYSCORE call runs over two lines of the file; the others are one line each
    expect(spans.result.last).toBe(spans.result.first + 1);
    expect(squeeze(lines[spans.result.last]!)).toBe('minScore, "WITHSCORES","LIMIT", 0, 1)');
    expect(spans.minScore.last).toBe(spans.minScore.first);
  });

  it('every step of a floor, a bump and a ceiling trace lands on a line of the file, in the file’s order', () => {
    const located = locateSteps(source);
    if (!located.ok) throw new Error('not placed');
    for (const [jobs, last] of [
      [0, 'return minScore, delayedTimestamp'],
      [1, 'return currentMaxScore + 1, delayedTimestamp'],
      [4096, 'return maxScore, delayedTimestamp'],
    ] as const) {
      const at = tracedLines(jobs).map((step) => located.value.spans[step].first);
      expect(at.every((line) => line >= 0 && line < located.value.lines.length)).toBe(true);
      expect(
        [...at].sort((a, b) => a - b),
        `${jobs} jobs`,
      ).toEqual(at);
      expect(squeeze(located.value.lines[at.at(-1)!]!)).toBe(last);
    }
  });

  it('finds its header comment, the stale one', () => {
    const located = locateSteps(source);
    if (!located.ok) throw new Error('not placed');
    const comment = headerComment(located.value.lines);
    expect(comment).not.toBeNull();
    const text = located.value.lines.slice(comment!.first, comment!.last + 1).join('\n');
    expect(text).toContain('Bake in the job id first 12 bits');
    expect(text).toContain('wrap around');
  });
});

describe('locateSteps', () => {
  it('follows a line that moved, and tolerates other spacing', () => {
    const moved = `-- a new first line\n\n${source.replace('local minScore = delayedTimestamp * 0x1000', 'local  minScore =  delayedTimestamp * 0x1000')}`;
    const located = locateSteps(moved);
    const original = locateSteps(source);
    if (!located.ok || !original.ok) throw new Error('not placed');
    expect(located.value.spans.minScore.first).toBe(original.value.spans.minScore.first + 2);
  });

  it('reports a step whose line is missing or found twice, rather than guess', () => {
    const missing = locateSteps(source.replace('if #result then', 'if result then'));
    expect(missing).toEqual({ ok: false, unplaced: ['result length'] });
    const twice = locateSteps(`${source}\nlocal minScore = 0\n`);
    expect(twice).toEqual({ ok: false, unplaced: ['minScore'] });
  });
});
