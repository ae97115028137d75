/**
 * How the enqueue warm-up (src/app/warmUp.ts, its work in src/store/enqueueWarmUp.ts) leaves the engine for the page's own bursts, in Node
 * (a measurement, not a test): each variant in a fresh process runs the warm-up's steps to the end
 * (as the page would at idle, without the slicing), then a fresh store, its clock frozen as the
 * bench's page has it, takes `--bursts` enqueues of 10,000 same-ms jobs (Reset between), each timed
 * with the score cards' read after it. Variants: no warm-up; three rounds of small enqueues (the
 * warm-up before 2026-12-01); one small round then three rounds of one 10,000-job enqueue each
 * (the warm-up now). `--runs` processes per variant, alternating. Node 20's V8 is not Chromium's,
 * but it showed the same thing the page did: warm-ups whose code shape differs from the page's
 * leave the page's bursts slow for many bursts.
 *
 *   npm run bench:warmup [-- --runs 3] [-- --bursts 10]
 *   npm run bench:warmup -- --no-write   # print only: do not write the figures into docs/benchmarks.md
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { createAppStore } from '../src/store/appStore.ts';
import { selectScorePanel } from '../src/store/scores.ts';
import { warmUpSteps } from '../src/store/enqueueWarmUp.ts';
import { median } from './stats.ts';
import { figure, report } from './report.ts';

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const VARIANTS: ReadonlyArray<{ name: string; small: number; full: number }> = [
  { name: 'no warm-up', small: 0, full: 0 },
  { name: '3 small rounds (before)', small: 3, full: 0 },
  { name: '1 small + 3 full rounds (now)', small: 1, full: 3 },
];

/** One variant in this process: the warm-up, then the bursts; prints a JSON line of the times (ms). */
function child(small: number, full: number, bursts: number): void {
  const started = performance.now();
  const steps = warmUpSteps(small, full);
  while (steps.next().done !== true);
  const warm = performance.now() - started;
  const store = createAppStore({ seed: 7 });
  store.getState().freezeClock(Date.parse('2026-11-30T12:00:00.000Z'));
  const times: number[] = [];
  for (let i = 0; i < bursts; i++) {
    const at = performance.now();
    store.getState().enqueue(10_000);
    selectScorePanel(store.getState());
    times.push(performance.now() - at);
    store.getState().reset();
  }
  console.log(JSON.stringify({ warm, times }));
}

if (process.argv.includes('--child')) {
  child(arg('--small', 0), arg('--full', 0), arg('--bursts', 10));
} else {
  const runs = arg('--runs', 3);
  const bursts = arg('--bursts', 10);
  const results = new Map<string, Array<{ warm: number; times: number[] }>>();
  for (let run = 0; run < runs; run++) {
    for (const v of VARIANTS) {
      const out = spawnSync(
        process.execPath,
        [
          ...process.execArgv,
          process.argv[1]!,
          '--child',
          '--small',
          String(v.small),
          '--full',
          String(v.full),
          '--bursts',
          String(bursts),
        ],
        { encoding: 'utf8' },
      );
      if (out.status !== 0) throw new Error(`${v.name}: ${out.stderr}`);
      const line = out.stdout.trim().split('\n').at(-1)!;
      results.set(v.name, [...(results.get(v.name) ?? []), JSON.parse(line) as { warm: number; times: number[] }]);
    }
  }
  console.log(
    `enqueue warm-up, Node ${process.version}, ${cpus().length} cores, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}; ${bursts} bursts of 10,000 a process, ${runs} processes a variant\n`,
  );
  const summaries = VARIANTS.map((v) => {
    const all = results.get(v.name)!;
    return {
      name: v.name,
      warm: median(all.map((r) => r.warm)),
      firsts: all.map((r) => r.times[0]!),
      others: median(all.flatMap((r) => r.times.slice(1))),
    };
  });
  for (const v of summaries) {
    console.log(
      `${v.name.padEnd(32)} warm-up ${v.warm.toFixed(0).padStart(4)} ms;` +
        ` first burst ${v.firsts.map((t) => t.toFixed(0)).join(', ')} ms; the others median ${v.others.toFixed(1)} ms`,
    );
  }
  report('warmup', {
    script: 'bench:warmup',
    tables: [
      {
        caption: `${bursts} bursts of 10,000 same-ms jobs a process, ${runs} processes a variant, alternating; wall times (performance.now):`,
        columns: [
          { title: 'variant' },
          { title: 'warm-up (ms, median)', align: 'right' },
          { title: 'first burst, each process (ms)', align: 'right' },
          { title: 'the other bursts, median (ms)', align: 'right' },
        ],
        rows: summaries.map((v) => [v.name, figure(v.warm), v.firsts.map((t) => figure(t)).join(', '), figure(v.others, 1)]),
      },
    ],
  });
}
