/**
 * Seven real ways to keep delayed jobs in a Redis sorted set, each as the commands its system
 * sends: how a job is written (the score and the member) and how the due jobs are read back
 * (the promotion). Every queue talks to Redis only through `RedisLike.call`; the score arithmetic
 * is score.ts's, except the two formulas only one system uses, which live here with their source.
 *
 * Sources: RQ `rq/registry.py`, Asynq `internal/rdb/rdb.go`,
 * bee-queue `lib/lua/addDelayedJob.lua`, Bull 3/4 and BullMQ < 5.8.6 (the `bit.band` score),
 * BullMQ >= 5.8.6 `getDelayedScore.lua`, Sidekiq 8 `lib/sidekiq/client.rb`, resque-scheduler
 * `delaying_extensions.rb`, Kue `lib/queue/job.js`.
 */
import { arrayReply } from '../redis/reply.ts';
import type { RedisLike } from '../redis/reply.ts';
import type { Arrival } from './arrivalStreams.ts';
import { seededRandom } from '../seededRandom.ts';
import { uuidText } from '../uuid.ts';
import { addDelayedJob, promoteAllDueJobs } from '../protocol/delayed.ts';
import { sweepByScore } from '../protocol/sweep.ts';
import { bandOf, fireTimeOf, legacyScore, textbookScore } from '../protocol/score.ts';

/** The strategies, in display order. */
export type StrategyId = 'textbook-s' | 'textbook-ms' | 'bull-legacy' | 'bullmq-band' | 'sidekiq' | 'resque' | 'kue';

/** A queue of one strategy over one Redis: enqueue arrivals, then promote what is due. */
export interface StrategyQueue {
  /**
   * Enqueues one arrival the way the system does; returns the score written to the sorted set, or
   * NaN when the system put the job straight on its wait list (no delay: see `straightToWait`).
   */
  add(arrival: Arrival): number;
  /**
   * Promotes every job due at `now` (Unix ms), reading the set the way the system's poller does,
   * and returns the id counters in the order the jobs reach the wait list: first the jobs that went
   * there when added, in arrival order, then the promoted ones.
   */
  promote(now: number): number[];
}

/** One scoring strategy: what it is, where it comes from, and how to open a queue with it. */
export interface Strategy {
  readonly id: StrategyId;
  /** Short name for tables and charts. */
  readonly name: string;
  /** The systems that score this way. */
  readonly systems: string;
  /** The score and member, as a formula. */
  readonly rule: string;
  /** What orders two jobs with the same score. */
  readonly tieBreak: string;
  /** One or two sentences on what the rule does to arrival order. */
  readonly note: string;
  /** The sorted set's key (the system's own name for it). */
  readonly key: string;
  /** A queue of this strategy whose commands go to `redis`. */
  open(redis: RedisLike): StrategyQueue;
}

/** The counter a queue stored for a member it wrote. */
function counterOf(counters: Map<string, number>, member: string): number {
  const counter = counters.get(member);
  if (counter === undefined) throw new Error(`member ${member} was not written by this queue`);
  return counter;
}

/** A queue whose member is derived from the job id and whose poller is a plain batch sweep. */
function sweptQueue(
  redis: RedisLike,
  key: string,
  write: (arrival: Arrival) => { score: number; member: string },
  boundOf: (now: number) => number,
): StrategyQueue {
  const counters = new Map<string, number>();
  return {
    add(arrival) {
      const { score, member } = write(arrival);
      redis.call('ZADD', key, score, member);
      counters.set(member, arrival.counter);
      return score;
    },
    promote(now) {
      return sweepByScore(redis, key, boundOf(now)).map((member) => counterOf(counters, member));
    },
  };
}

/**
 * A queue of a system that writes only jobs with a delay > 0 to its delayed set, and pushes a job
 * without one (0, or negative) straight to its wait list when it is added, checked against the real
 * packages: BullMQ 6.7.0 (`opts.delay > 0` picks addDelayedJob, else addStandardJob), Bull 4.16.5
 * (a negative delay becomes 0, and delay 0 means no delayed timestamp), bee-queue 2.0.0
 * (`delayUntil` keeps only a time after now) and Kue 0.11.6 (`delay(ms)` keeps only ms > 0).
 * Workers take the wait list's oldest job first (LPUSH, then RPOPLPUSH / BRPOPLPUSH from the
 * other end), so at a sweep those jobs come before every promoted one.
 */
function straightToWait(queue: StrategyQueue): StrategyQueue {
  const waiting: number[] = [];
  return {
    add(arrival) {
      if (arrival.delay > 0) return queue.add(arrival);
      waiting.push(arrival.counter);
      return Number.NaN;
    },
    promote(now) {
      return [...waiting.splice(0), ...queue.promote(now)];
    },
  };
}

/** `digits` random lower-case hex digits. */
function hexDigits(random: () => number, digits: number): string {
  let text = '';
  for (let i = 0; i < digits; i++) text += Math.floor(random() * 16).toString(16);
  return text;
}

/**
 * A random (version 4) uuid in text form, as RQ (`uuid4()`) and Asynq (`uuid.NewString()`) name
 * jobs; drawn from a seeded source so the same stream gives the same ids.
 */
export function streamUuid(random: () => number): string {
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return uuidText(`${hexDigits(random, 12)}4${hexDigits(random, 3)}${variant}${hexDigits(random, 15)}`);
}

/**
 * Sidekiq's score: `Time.now.to_f + interval`, float seconds (lib/sidekiq/client.rb, perform_in:
 * `ts = (int < 1_000_000_000 ? now + int : int)` with `now = Time.now.to_f`). With a clock in ms
 * that is `timestamp / 1000 + delay / 1000`, two roundings and a sum, as Ruby's Floats do it.
 */
export function sidekiqScore(timestampMs: number, delayMs: number): number {
  return timestampMs / 1000 + delayMs / 1000;
}

/**
 * The JSON text Sidekiq stores as the member (lib/sidekiq/client.rb atomic_push:
 * `[at, Sidekiq.dump_json(hash)]` with "at" taken out): the job's options merged over the
 * defaults, in that key order, so two payloads first differ in their args. `jid` is 12 random
 * bytes in hex (`SecureRandom.hex(12)`), `created_at` the enqueue time in ms.
 */
export function sidekiqPayload(arrival: Arrival, jid: string): string {
  return JSON.stringify({
    retry: true,
    queue: 'default',
    class: 'DelayedJob',
    args: [arrival.counter],
    jid,
    created_at: arrival.timestamp,
  });
}

/**
 * Kue's member for a job id (lib/queue/job.js createFIFO): the id's length in decimal, padded to
 * two digits, then `|`, then the id: "02|10" sorts before "03|100", so byte order is numeric order.
 */
export function kueMember(jobId: string): string {
  const length = String(jobId.length);
  return `${length.length === 1 ? `0${length}` : length}|${jobId}`;
}

/** resque-scheduler's list key for one second: `delayed:<timestamp.to_i>`. */
export function resqueListKey(second: number): string {
  return `delayed:${second}`;
}

/** The payload resque-scheduler pushes on a second's list: Resque's `encode(job)` of class, args and queue. */
export function resquePayload(arrival: Arrival): string {
  return JSON.stringify({ class: 'DelayedJob', args: [arrival.counter], queue: 'default' });
}

/**
 * A resque-scheduler queue: the sorted set holds one member per second (member and score both
 * `timestamp.to_i`), and each second's jobs wait in a list in arrival order. The lists are kept
 * here as arrays (`RPUSH` appends, `LPOP` takes the head) next to the set, which goes to `redis`.
 */
function resqueQueue(redis: RedisLike, key: string): StrategyQueue {
  const lists = new Map<number, string[]>();
  const counters = new Map<string, number>();
  return {
    add(arrival) {
      // delayed_push: rpush("delayed:#{timestamp.to_i}", encode(item)); zadd(:delayed_queue_schedule, ts, ts)
      const second = textbookScore(arrival.timestamp, arrival.delay, 's');
      const payload = resquePayload(arrival);
      let list = lists.get(second);
      if (list === undefined) lists.set(second, (list = []));
      list.push(payload);
      counters.set(payload, arrival.counter);
      redis.call('ZADD', key, second, second);
      return second;
    },
    promote(now) {
      const bound = textbookScore(now, 0, 's');
      const promoted: number[] = [];
      for (;;) {
        // next_delayed_timestamp: zrangebyscore(:delayed_queue_schedule, '-inf', at_time.to_i, limit: [0, 1])
        const [head] = arrayReply(redis.call('ZRANGEBYSCORE', key, '-inf', bound, 'LIMIT', 0, 1)).map(String);
        if (head === undefined) return promoted;
        // enqueue_delayed_items_for_timestamp: lpop the second's list until it is empty ...
        const second = Number(head);
        for (const payload of lists.get(second) ?? []) promoted.push(counterOf(counters, payload));
        lists.delete(second);
        // ... then clean_up_timestamp: the empty list's second leaves the set.
        redis.call('ZREM', key, head);
      }
    },
  };
}

/** A Sidekiq queue: float-second scores, JSON payload members, promoted one job per script call. */
function sidekiqQueue(redis: RedisLike, key: string): StrategyQueue {
  const random = seededRandom(0x51de);
  const counters = new Map<string, number>();
  return {
    add(arrival) {
      const score = sidekiqScore(arrival.timestamp, arrival.delay);
      const payload = sidekiqPayload(arrival, hexDigits(random, 24));
      redis.call('ZADD', key, score, payload);
      counters.set(payload, arrival.counter);
      return score;
    },
    promote(now) {
      const bound = sidekiqScore(now, 0);
      const promoted: number[] = [];
      for (;;) {
        // Scheduled::Enq's zpopbyscore: zrange(key, "-inf", now, "byscore", "limit", 0, 1), then zrem that job.
        const [job] = arrayReply(redis.call('ZRANGE', key, '-inf', bound, 'BYSCORE', 'LIMIT', 0, 1)).map(String);
        if (job === undefined) return promoted;
        redis.call('ZREM', key, job);
        promoted.push(counterOf(counters, job));
      }
    },
  };
}

/** What describes a strategy, without its queue. */
type StrategyInfo = Omit<Strategy, 'open'>;

/** A strategy from its description and a queue factory that is handed the strategy's key. */
function defineStrategy(info: StrategyInfo, openQueue: (redis: RedisLike, key: string) => StrategyQueue): Strategy {
  return { ...info, open: (redis) => openQueue(redis, info.key) };
}

/** The seven strategies, in display order. */
export const STRATEGIES: readonly Strategy[] = [
  defineStrategy(
    {
      id: 'textbook-s',
      name: 'Textbook, whole seconds',
      systems: 'RQ, Asynq',
      rule: 'score = floor((now + delay) / 1000), member = uuid',
      tieBreak: 'uuid bytes (random)',
      note: 'RQ and Asynq score a job by its due second. Every job due in the same second shares that score, so Redis orders them by their random uuids: a shuffle.',
      key: 'rq:scheduled:default',
    },
    (redis, key) => {
      const random = seededRandom(0x7a5c);
      return sweptQueue(
        redis,
        key,
        (a) => ({ score: textbookScore(a.timestamp, a.delay, 's'), member: streamUuid(random) }),
        (now) => textbookScore(now, 0, 's'),
      );
    },
  ),
  defineStrategy(
    {
      id: 'textbook-ms',
      name: 'Textbook, ms',
      systems: 'bee-queue',
      rule: 'score = now + delay (ms), member = job id',
      tieBreak: 'job id as text ("10" < "9")',
      note: 'bee-queue scores a job by its due millisecond. Jobs in the same millisecond tie and come out in text order of their ids, so job 10 goes before job 9.',
      key: 'bq:firetime:delayed',
    },
    (redis, key) =>
      straightToWait(
        sweptQueue(
          redis,
          key,
          (a) => ({ score: textbookScore(a.timestamp, a.delay, 'ms'), member: a.jobId }),
          (now) => textbookScore(now, 0, 'ms'),
        ),
      ),
  ),
  defineStrategy(
    {
      id: 'bull-legacy',
      name: 'Id counter in the low bits',
      systems: 'Bull 3/4, BullMQ < 5.8.6',
      rule: 'score = fireTime × 0x1000 + (id counter & 0xfff)',
      tieBreak: 'job id as text',
      note: 'Bull and older BullMQ put the low twelve bits of the job counter under the millisecond. Order holds inside a millisecond until the counter passes a multiple of 4,096; then the next jobs sort ahead of the earlier ones.',
      key: 'bull:firetime:delayed',
    },
    (redis, key) =>
      straightToWait(
        sweptQueue(
          redis,
          key,
          (a) => ({ score: legacyScore(fireTimeOf(a.timestamp, a.delay), a.counter), member: a.jobId }),
          // BullMQ 5.8.5's sweep: ZRANGEBYSCORE key 0 ((now + 1) * 0x1000) LIMIT 0 1000, inclusive.
          // (Bull 4's updateDelaySet reads to now * 0x1000: bullUpdateDelaySetBound in score.ts.)
          (now) => bandOf(now + 1).minScore,
        ),
      ),
  ),
  defineStrategy(
    {
      id: 'bullmq-band',
      name: 'Band bump',
      systems: 'BullMQ >= 5.8.6, EchoMQ',
      rule: 'score = fireTime × 0x1000, then 1 above the band’s highest',
      tieBreak: 'job id as text, only once 4,096 jobs fill one ms',
      note: 'BullMQ (from 5.8.6) and EchoMQ read the highest score already in the millisecond’s band and take the next one, so arrival order holds for up to 4,096 jobs per millisecond; past that they share the ceiling.',
      key: 'bull:firetime:delayed',
    },
    (redis, key) => {
      const counters = new Map<string, number>();
      return straightToWait({
        add(arrival) {
          counters.set(arrival.jobId, arrival.counter);
          return addDelayedJob(redis, key, arrival.jobId, arrival.timestamp, arrival.delay).score;
        },
        promote(now) {
          return promoteAllDueJobs(redis, key, now).map((member) => counterOf(counters, member));
        },
      });
    },
  ),
  defineStrategy(
    {
      id: 'sidekiq',
      name: 'Float seconds',
      systems: 'Sidekiq',
      rule: 'score = now.to_f + interval (float s), member = JSON payload',
      tieBreak: 'payload bytes (the args come first)',
      note: 'Sidekiq scores with float seconds, fine enough to tell milliseconds apart, but jobs in one millisecond still tie; Redis then compares the JSON payloads byte by byte, here their args: [10] before [1].',
      key: 'schedule',
    },
    sidekiqQueue,
  ),
  defineStrategy(
    {
      id: 'resque',
      name: 'Seconds + FIFO list',
      systems: 'resque-scheduler',
      rule: 'set: second → second; RPUSH to list delayed:<second>',
      tieBreak: 'none: the second’s list keeps arrival order',
      note: 'resque-scheduler keeps one set member per second and a list per second. The poller takes the earliest second, then pops its list from the head, so order within a second is arrival order.',
      key: 'delayed_queue_schedule',
    },
    resqueQueue,
  ),
  defineStrategy(
    {
      id: 'kue',
      name: 'ms + length-prefixed id',
      systems: 'Kue',
      rule: 'score = now + delay (ms), member = "02|10" (the INCR id)',
      tieBreak: 'numeric id order (the length prefix)',
      note: 'Kue writes each member as the id’s two-digit length, a bar and the id, so member byte order is numeric id order and same-millisecond jobs leave in arrival order.',
      key: 'q:jobs:delayed',
    },
    (redis, key) =>
      straightToWait(
        sweptQueue(
          redis,
          key,
          // Kue has no custom ids: every job's id is its INCR counter (lib/queue/job.js save).
          (a) => ({ score: textbookScore(a.timestamp, a.delay, 'ms'), member: kueMember(String(a.counter)) }),
          (now) => textbookScore(now, 0, 'ms'),
        ),
      ),
  ),
];

/** The strategy with this id. */
export function strategyById(id: StrategyId): Strategy {
  const strategy = STRATEGIES.find((s) => s.id === id);
  if (strategy === undefined) throw new RangeError(`unknown strategy ${id}`);
  return strategy;
}
