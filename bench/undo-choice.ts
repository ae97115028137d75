/**
 * How the Session takes a step back (a measurement, not a test): each operation kind's own inverse
 * (operations/*.ts), against undo by replay from checkpoints, at the page's stated scale.
 *
 * 1. A scenario at the scale's edge: ten enqueues of 10,000 jobs (100,000 jobs), a clock step, a
 *    promote of every job, a reset. Each of its kinds is undone and redone by its inverse.
 * 2. The same undos by replay: the steps before the undone one replayed on a fresh Session (a
 *    checkpoint at the start only), and, for checkpoints every C steps, what restoring one costs at
 *    least (copying the sets' 200,000 entries and the arrivals; the trackers not counted).
 * 3. A long play of 10,000 steps (enqueues of 1 to 3 jobs, setting changes, a promote every 50):
 *    one inverse undo and redo against replaying the C - 1 steps after a checkpoint, and the heap
 *    the undo journal holds against a Session that keeps none.
 *
 *   npm run bench:undo-choice
 *   npm run bench:undo-choice -- --no-write   # print only
 */
import { CommandLog } from '../src/session/commandLog.ts';
import { defaultSettings } from '../src/session/operations.ts';
import type { Operation } from '../src/session/operations.ts';
import { Session, TEXTBOOK_KEY, BAND_KEY, replay } from '../src/session/session.ts';
import { pageSessionHooks } from '../src/session/scenarioSession.ts';
import { MemoryRedis } from '../src/model/redis/memoryRedis.ts';
import { seededRandom } from '../src/model/seededRandom.ts';
import { figure, report } from './report.ts';
import type { Table } from './report.ts';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);
const ROUNDS = 5;
const gc = (globalThis as { gc?: () => void }).gc;

function timed(run: () => unknown): number {
  gc?.();
  const start = performance.now();
  run();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

function heapMb(): number {
  gc?.();
  return process.memoryUsage().heapUsed / 1e6;
}

/** A page's Session (undo records kept, unless `keep` is false) with `operations` applied. */
function built(operations: readonly Operation[], keep = true): Session {
  const log = new CommandLog();
  const hooks = pageSessionHooks(7, log);
  const session = new Session(defaultSettings(T0, 'frozen'), keep ? hooks : { ...hooks, undo: undefined });
  if (replay(session, operations) !== -1) throw new Error('a step was refused');
  return session;
}

/** At least what restoring a checkpoint of `session` costs: its two sets and its arrivals copied. */
function copySets(session: Session): void {
  for (const [redis, key] of [
    [session.band, BAND_KEY],
    [session.textbook, TEXTBOOK_KEY],
  ] as const) {
    const copy = new MemoryRedis();
    const set = redis.sortedSet(key);
    if (set === undefined) continue;
    const pairs: Array<string | number> = [];
    for (const entry of set.entriesFrom(0, 1)) pairs.push(entry.score, entry.member);
    for (let i = 0; i < pairs.length; i += 2_000) copy.call('ZADD', key, ...pairs.slice(i, i + 2_000));
  }
  void new Map(session.arrivals);
}

// Part 1 and 2: the scale's edge.
const edge: Operation[] = [];
for (let i = 0; i < 10; i++) edge.push({ kind: 'enqueue', count: 10_000, at: T0 });
edge.push({ kind: 'freeze', at: T0 + 60_000 }, { kind: 'promote', at: T0 + 60_000 }, { kind: 'reset' });

const kindRows: string[][] = [];
for (const [label, length] of [
  ['reset (of 100,000 promoted jobs)', edge.length],
  ['promote (100,000 jobs out of each set)', edge.length - 1],
  ['freeze (a setting)', edge.length - 2],
  ['enqueue of 10,000 jobs', edge.length - 3],
] as const) {
  const undos: number[] = [];
  const redos: number[] = [];
  const replays: number[] = [];
  const session = built(edge.slice(0, length));
  for (let r = 0; r < ROUNDS; r++) {
    undos.push(timed(() => session.undo()));
    redos.push(timed(() => session.redo()));
  }
  for (let r = 0; r < 2; r++) replays.push(timed(() => built(edge.slice(0, length - 1))));
  kindRows.push([label, `${figure(median(undos), 1)} ms`, `${figure(median(redos), 1)} ms`, `${figure(median(replays))} ms`]);
}
const full = built(edge.slice(0, 10));
const copies: number[] = [];
for (let r = 0; r < ROUNDS; r++) copies.push(timed(() => copySets(full)));

// Part 3: a long play.
const random = seededRandom(10_000);
const play: Operation[] = [];
let at = T0;
for (let i = 1; play.length < 10_000; i++) {
  if (i % 50 === 0) play.push({ kind: 'promote', at });
  else if (i % 7 === 0) play.push({ kind: 'delay', delay: Math.floor(random() * 60_000) });
  else if (i % 11 === 0) play.push({ kind: 'freeze', at: (at += 1000) });
  else play.push({ kind: 'enqueue', count: 1 + Math.floor(random() * 3), at });
}
const heapBase = heapMb();
const kept = built(play);
const heapKept = heapMb() - heapBase;
const none = built(play, false);
const heapNone = heapMb() - heapBase - heapKept;
const playUndos: number[] = [];
const playRedos: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  playUndos.push(timed(() => kept.undo()));
  playRedos.push(timed(() => kept.redo()));
}
const windowRows: string[][] = [];
for (const every of [100, 1_000]) {
  const start = play.length - every;
  const times: number[] = [];
  for (let r = 0; r < 3; r++) {
    const session = built(play.slice(0, start), false);
    times.push(timed(() => play.slice(start, play.length - 1).forEach((op) => session.apply(op))));
  }
  windowRows.push([
    `replay of the ${figure(every - 1)} steps after a checkpoint (every ${figure(every)} steps)`,
    `${figure(median(times), 1)} ms`,
  ]);
}
void none;

const tables: Table[] = [
  {
    caption:
      'The scale edge (100,000 jobs): each kind undone and redone by its own inverse, against a replay of the steps before it:',
    columns: [
      { title: 'the step undone' },
      { title: 'undo (inverse)', align: 'right' },
      { title: 'redo', align: 'right' },
      { title: 'replay of the steps before it', align: 'right' },
    ],
    rows: kindRows,
  },
  {
    caption: 'A long play of 10,000 steps, and what checkpoints would cost:',
    columns: [{ title: 'measure' }, { title: 'figure', align: 'right' }],
    rows: [
      ['one undo (inverse), median', `${figure(median(playUndos), 2)} ms`],
      ['one redo, median', `${figure(median(playRedos), 2)} ms`],
      ...windowRows,
      ['restoring one checkpoint of 100,000 jobs, at least (copy of both sets and the arrivals)', `${figure(median(copies))} ms`],
      ['heap of the Session with its undo journal', `${figure(heapKept, 1)} MB`],
      ['heap of the same Session keeping no undo records', `${figure(heapNone, 1)} MB`],
    ],
  },
];
report('undo-choice', { script: 'bench:undo-choice', tables });
