/**
 * Benchmark: 1,000,000 delayed jobs enqueued through getDelayedScore + ZADD, then promoted in
 * batches of 1000, on each variant (see variants.ts). Each variant runs in its own Node process
 * (same stream, fresh heap) and reports enqueue ops/s, promote time, the memory the set holds (JS
 * heap plus typed-array buffers, which live outside the heap: SortedSet's member index), and a
 * hash of the promotion order; the run checks that every variant promoted in the identical order.
 * Variants run in turn, round after round (default 3), and each keeps its best time, so a busy
 * moment on the machine does not decide the ratios. A measurement, not a test: it prints figures
 * and fails only if the orders differ.
 *
 *   npm run bench                # all variants, 1,000,000 jobs, best of 3 rounds
 *   npm run bench -- --jobs 200000 --rounds 5
 *   npm run bench -- --variants typed,commands   # some of them (names as in variants.ts)
 *   npm run bench -- --no-write  # print only: do not write the figures into docs/benchmarks.md
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { makeArrivals } from './workload.ts';
import { variants } from './variants.ts';
import { figure, report } from './report.ts';

interface Result {
  variant: string;
  jobs: number;
  enqueueMs: number;
  promoteMs: number;
  /** CPU time of the process (all its threads, GC helpers included) over the same spans. */
  enqueueCpuMs: number;
  promoteCpuMs: number;
  /** JS heap plus ArrayBuffer memory held by the filled set. */
  heapMiB: number;
  promoted: number;
  orderHash: string;
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const JOBS = option('--jobs', 1_000_000);
const ROUNDS = option('--rounds', 3);
const BATCH = 1000;

/** Bytes of JS heap in use plus bytes held by ArrayBuffers (typed arrays keep their elements there, off the heap). */
function memoryInUse(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** CPU milliseconds (user + system) the process has used since `since`. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** FNV-1a over the promoted ids in order: equal hashes mean the identical promotion order. */
function hashOrder(previous: number, id: string): number {
  let hash = previous;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619);
  return Math.imul(hash ^ 10, 16777619);
}

function runOne(name: string): Result {
  const arrivals = makeArrivals(JOBS);
  const make = variants[name];
  if (!make) throw new Error(`unknown variant ${name}`);
  gc();
  const heapBefore = memoryInUse();
  const variant = make();
  const enqueueCpu = process.cpuUsage();
  const enqueueStart = performance.now();
  for (const arrival of arrivals) variant.enqueue(arrival.jobId, arrival.timestamp, arrival.delay);
  const enqueueMs = performance.now() - enqueueStart;
  const enqueueCpuMs = cpuMs(enqueueCpu);
  gc();
  const heapMiB = (memoryInUse() - heapBefore) / 2 ** 20;
  const now = arrivals[arrivals.length - 1]!.timestamp + 60_000;
  // the batches are kept and hashed after the clock stops: the check is not part of the work
  const batches: Array<readonly string[]> = [];
  const promoteCpu = process.cpuUsage();
  const promoteStart = performance.now();
  for (;;) {
    const batch = variant.promote(now, BATCH);
    if (batch.length === 0) break;
    batches.push(batch);
  }
  const promoteMs = performance.now() - promoteStart;
  const promoteCpuMs = cpuMs(promoteCpu);
  let promoted = 0;
  let hash = 2166136261;
  for (const batch of batches) {
    promoted += batch.length;
    for (const id of batch) hash = hashOrder(hash, id);
  }
  return {
    variant: name,
    jobs: JOBS,
    enqueueMs,
    promoteMs,
    enqueueCpuMs,
    promoteCpuMs,
    heapMiB,
    promoted,
    orderHash: (hash >>> 0).toString(16),
  };
}

const only = process.argv.indexOf('--variant');
if (only > 0) {
  console.log(JSON.stringify(runOne(process.argv[only + 1]!)));
} else {
  const chosen = process.argv.indexOf('--variants');
  const names = chosen > 0 ? process.argv[chosen + 1]!.split(',') : Object.keys(variants);
  const best = new Map<string, Result>();
  const hashes = new Set<string>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of names) {
      const child = spawnSync(
        process.execPath,
        [...process.execArgv, process.argv[1]!, '--variant', name, '--jobs', String(JOBS)],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      if (child.status !== 0) throw new Error(`variant ${name} failed`);
      const result = JSON.parse(child.stdout.trim().split('\n').pop()!) as Result;
      hashes.add(`${result.promoted}:${result.orderHash}`);
      const kept = best.get(name);
      best.set(name, {
        ...result,
        enqueueMs: Math.min(result.enqueueMs, kept?.enqueueMs ?? Infinity),
        promoteMs: Math.min(result.promoteMs, kept?.promoteMs ?? Infinity),
        enqueueCpuMs: Math.min(result.enqueueCpuMs, kept?.enqueueCpuMs ?? Infinity),
        promoteCpuMs: Math.min(result.promoteCpuMs, kept?.promoteCpuMs ?? Infinity),
        heapMiB: Math.min(result.heapMiB, kept?.heapMiB ?? Infinity),
      });
    }
  }
  const results = [...best.values()];
  const fmt = (n: number, digits = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  console.log(
    `${fmt(JOBS)} jobs, promote batches of ${BATCH}, best of ${ROUNDS} rounds; node ${process.version}; ${cpus()[0]?.model ?? 'cpu'} x${cpus().length}`,
  );
  console.log(
    "Wall: elapsed time. CPU: the process's CPU time over the same span (all threads), steadier when other work shares the cores.\n",
  );
  console.log(
    '| variant | enqueue wall (ms) | enqueue CPU (ms) | enqueue ops/s (wall) | promote wall (ms) | promote CPU (ms) | heap + buffers (MiB) | promoted | order hash |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    console.log(
      `| ${r.variant} | ${fmt(r.enqueueMs)} | ${fmt(r.enqueueCpuMs)} | ${fmt(r.jobs / (r.enqueueMs / 1000))} | ${fmt(r.promoteMs)} | ${fmt(r.promoteCpuMs)} | ` +
        `${fmt(r.heapMiB, 1)} | ${fmt(r.promoted)} | ${r.orderHash} |`,
    );
  }
  if (hashes.size !== 1) {
    console.error('DIFFERENT promotion orders across variants');
    process.exit(1);
  }
  const by = (name: string) => results.find((r) => r.variant === name);
  type Phase = 'enqueue' | 'promote';
  const wall = (r: Result, phase: Phase) => (phase === 'enqueue' ? r.enqueueMs : r.promoteMs);
  const cpu = (r: Result, phase: Phase) => (phase === 'enqueue' ? r.enqueueCpuMs : r.promoteCpuMs);
  /** How many times `faster` beats `slower`, wall (CPU). */
  const ratio = (slower: Result | undefined, faster: Result | undefined, phase: Phase) =>
    slower && faster
      ? `${fmt(wall(slower, phase) / wall(faster, phase), 2)}x (CPU ${fmt(cpu(slower, phase) / cpu(faster, phase), 2)}x)`
      : 'n/a';
  const typedResult = by('typed');
  const withMap = [by('sorted-btree + Map'), by('js-sdsl + Map')].filter((r) => r !== undefined);
  const fasterPeer = (phase: Phase) =>
    withMap.length === 0 ? undefined : withMap.reduce((a, b) => (wall(b, phase) < wall(a, phase) ? b : a));
  console.log(
    `\nAll ${results.length} variants, in all ${ROUNDS} rounds, promoted ${fmt(results[0]!.promoted)} jobs in the identical order.`,
  );
  console.log(
    `typed against the faster complete sorted set (${fasterPeer('promote')?.variant ?? 'none run'}): enqueue ${ratio(fasterPeer('enqueue'), typedResult, 'enqueue')} faster, ` +
      `promote ${ratio(fasterPeer('promote'), typedResult, 'promote')} faster (promote target >= 1.5x)`,
  );
  console.log(
    `typed against sorted-btree alone (no member index, deleteRange): promote ${ratio(by('sorted-btree'), typedResult, 'promote')} faster (target >= 1x)`,
  );
  console.log(
    `commands against typed: enqueue ${ratio(by('commands'), typedResult, 'enqueue')} slower, promote ${ratio(by('commands'), typedResult, 'promote')} slower (target <= 1.5x)`,
  );
  console.log(
    `of which the text alone (typed + text against typed): enqueue ${ratio(by('typed + text'), typedResult, 'enqueue')}, promote ${ratio(by('typed + text'), typedResult, 'promote')}; ` +
      `the command layer over the text (commands against typed + text): enqueue ${ratio(by('commands'), by('typed + text'), 'enqueue')}, promote ${ratio(by('commands'), by('typed + text'), 'promote')}`,
  );
  /** How many times `slower` took the CPU time `faster` took, or n/a when either variant was not run. */
  const cpuRatio = (slower: Result | undefined, faster: Result | undefined, phase: Phase) =>
    slower && faster ? `${figure(cpu(slower, phase) / cpu(faster, phase), 2)}x` : 'n/a';
  report('model', {
    script: 'bench',
    tables: [
      {
        caption: `${figure(JOBS)} jobs, promote batches of ${figure(BATCH)}, best of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'}, each variant in a fresh process; CPU time of that process:`,
        columns: [
          { title: 'variant' },
          { title: 'enqueue CPU (ms)', align: 'right' },
          { title: 'promote CPU (ms)', align: 'right' },
          { title: 'heap + buffers (MiB)', align: 'right' },
        ],
        rows: results.map((r) => [r.variant, figure(r.enqueueCpuMs), figure(r.promoteCpuMs), figure(r.heapMiB, 1)]),
      },
    ],
    notes: [
      `Ratios (CPU): promote typed against sorted-btree + Map ${cpuRatio(by('sorted-btree + Map'), typedResult, 'promote')} faster (target >= 1.5x), ` +
        `against sorted-btree alone ${cpuRatio(by('sorted-btree'), typedResult, 'promote')} (target >= 1x); ` +
        `enqueue commands against typed ${cpuRatio(by('commands'), typedResult, 'enqueue')} (target within 1.5x), ` +
        `of which the text alone ${cpuRatio(by('typed + text'), typedResult, 'enqueue')}. ` +
        `All ${results.length} variants promoted ${figure(results[0]!.promoted)} jobs in the identical order.`,
    ],
  });
}
