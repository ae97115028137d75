/**
 * The BullMQ delayed set the bridge's conformance and e2e tests read: written in one EVAL by the
 * getDelayedScore.lua that bullmq 6.7.0 ships (read from node_modules), so every score is one the
 * real queue gives. It holds same-ms collisions, a saturated band (4,100 jobs in one ms: the last five
 * share the ceiling, where member bytes put "10000".."10003" before "9999"), a single job, and
 * two jobs past the 2^41 ms cliff that share one score.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CLIFF_FIRE_TIME } from '../src/model/protocol/score.ts';

const bullmqPackage = createRequire(import.meta.url).resolve('bullmq/package.json');
const getDelayedScore = readFileSync(
  new URL('dist/cjs/commands/includes/getDelayedScore.lua', `file://${bullmqPackage}`),
  'utf8',
);

/**
 * EVAL script: after bullmq's getDelayedScore.lua (which calls `rcall`, BullMQ's name for
 * redis.call), adds each (job id, timestamp, delay) triple of ARGV to KEYS[1] as addDelayedJob.lua
 * does (ZADD key score id); returns the set's size.
 */
export const ADD_JOBS_SCRIPT = `local rcall = redis.call
${getDelayedScore}
for i = 1, #ARGV, 3 do
  local score = getDelayedScore(KEYS[1], ARGV[i + 1], tonumber(ARGV[i + 2]))
  redis.call("ZADD", KEYS[1], score, ARGV[i])
end
return redis.call("ZCARD", KEYS[1])`;

/** One job as queue.add would schedule it: id, the add timestamp (ms) and the delay (ms). */
export interface FixtureJob {
  readonly id: string;
  readonly timestamp: number;
  readonly delay: number;
}

/** The timestamp the fixture's jobs are added at: 2026-11-30T12:00:00.000Z. */
export const FIXTURE_NOW = Date.UTC(2026, 10, 30, 12);
/** The millisecond whose band the fixture saturates. */
export const SATURATED_FIRE_TIME = FIXTURE_NOW + 60_000;
/** Jobs added in the saturated millisecond (4096 slots, so five share the ceiling). */
export const SATURATED_JOBS = 4100;

/** The fixture's jobs in the order they are added (job ids count up as BullMQ's do). */
export function fixtureJobs(): FixtureJob[] {
  const jobs: FixtureJob[] = [];
  let id = 1;
  const add = (timestamp: number, delay: number) => jobs.push({ id: String(id++), timestamp, delay });
  for (let i = 0; i < 3; i++) add(FIXTURE_NOW, 5000); // three in one ms: slots 0, 1, 2
  add(FIXTURE_NOW + 1, 5000); // alone in the next ms
  add(FIXTURE_NOW, 5000); // back to the first ms: slot 3
  id = 5904; // so the saturated band's ceiling holds ids 9999..10003
  for (let i = 0; i < SATURATED_JOBS; i++) add(SATURATED_FIRE_TIME, 0);
  id = 20001;
  add(CLIFF_FIRE_TIME + 7, 0); // past the cliff: the +1 of the second rounds away
  add(CLIFF_FIRE_TIME + 7, 0);
  return jobs;
}

/** The EVAL arguments that write the fixture to `key`: numkeys 1, the key, then the jobs' triples. */
export function fixtureEvalArgs(key: string, jobs: readonly FixtureJob[] = fixtureJobs()): Array<string | number> {
  return ['EVAL', ADD_JOBS_SCRIPT, 1, key, ...jobs.flatMap((job) => [job.id, String(job.timestamp), String(job.delay)])];
}
