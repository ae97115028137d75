/**
 * Time travel at scale (a measurement, not a test), in two parts.
 *
 * 1. A scenario of 10,000 operations built through the page's store (enqueues of 1 to 3 jobs, delay
 *    changes, clock steps, a promote every 50 operations): one undo (from the operation's own undo
 *    record), one redo, encoding the scenario for the URL, decoding + loading that URL in a fresh store.
 * 2. The largest link within the page's scale (10 enqueues of 10,000 jobs, 100,000 jobs): its cost
 *    as known before replaying, the load in slices as the page runs it (slices, the longest one,
 *    progress updates), the heap it leaves, then undo and redo at 100,000 jobs (redo from what the
 *    undo kept), a promote of all 100,000 jobs with its undo and redo in slices, the export of the
 *    link in slices (and at once, for reference), and for reference a plain replay of the 90,000
 *    jobs before the last step (what one undo cost before).
 *
 *   npm run bench:undo
 *   npm run bench:undo -- --no-write   # print only: do not write the figures into docs/benchmarks.md
 */
import { SLICE_MS, createAppStore } from '../src/store/appStore.ts';
import { runInSlices } from '../src/store/slices.ts';
import { sessionScript, sessionScriptSteps } from '../src/session/sessionScript.ts';
import type { TimeSlicer } from '../src/store/appStore.ts';
import { decodeScenario, encodeScenario, scenarioCost } from '../src/session/scenarioCodec.ts';
import { SCALE_JOBS } from '../src/session/scale.ts';
import { seededRandom } from '../src/model/seededRandom.ts';
import { readFileSync } from 'node:fs';
import { figure, report } from './report.ts';
import type { Table } from './report.ts';

const OPERATIONS = 10_000;
const T0 = Date.UTC(2026, 10, 30, 12, 0, 0, 0);

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
}

const random = seededRandom(10_000);
// every operation its own undo step: the wall clock moves past the grouping window each time
let wall = 0;
const store = createAppStore({ frozenAt: T0, seed: 42, wallClock: () => (wall += 10_000) });
const build = timed(() => {
  for (let i = 1; store.getState().scenario.operations.length < OPERATIONS; i++) {
    const actions = store.getState();
    if (i % 50 === 0) actions.promote();
    else if (i % 7 === 0) actions.setDelay(Math.floor(random() * 60_000));
    else if (i % 11 === 0) actions.stepClock(1000);
    else if (i % 3 === 0) {
      actions.setBatchSize(2 + Math.floor(random() * 2));
      actions.enqueue(store.getState().batchSize);
    } else actions.enqueue(1);
  }
});
const state = store.getState();
const operations = state.scenario.operations.length;
const undo = timed(() => store.getState().undo());
const redo = timed(() => store.getState().redo());
const encode = timed(() => encodeScenario(store.getState().scenario));
const decode = timed(() => decodeScenario(encode.value));
const fresh = createAppStore({ frozenAt: T0 });
const load = timed(() => (decode.value.ok ? fresh.getState().loadScenario(decode.value.scenario, 'none') : false));

const rows: Array<[string, string]> = [
  ['operations in the scenario', operations.toLocaleString('en-US')],
  ['jobs enqueued (arrivals)', (state.nextArrival - 1).toLocaleString('en-US')],
  ['building it through the store', `${figure(build.ms)} ms`],
  ['one undo (from its undo record)', `${figure(undo.ms)} ms`],
  ['one redo', `${redo.ms.toFixed(1)} ms`],
  ['URL text', `${encode.value.length.toLocaleString('en-US')} characters, encoded in ${encode.ms.toFixed(1)} ms`],
  ['decoding it', `${decode.ms.toFixed(1)} ms`],
  ['loading it in a fresh store', `${figure(load.ms)} ms (${load.value ? 'ok' : 'FAILED'})`],
];
console.log(`firetime time travel, node ${process.version}, load average ${loadAverage()}\n`);
for (const [what, measured] of rows) console.log(`${what.padEnd(52)} ${measured}`);

// Part 2: the 722-character link.
const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 1e6;
};
/** The largest link within the page's scale (src/session/scale.ts): 10 enqueues of 10,000 jobs. */
const LINK = `1~k2x9a~f1796040000000~${Array.from({ length: SCALE_JOBS / 10_000 }, () => 'e10000').join('.')}`;
const linkScenario = decodeScenario(LINK);
if (!linkScenario.ok) throw new Error(linkScenario.message);
const cost = timed(() => scenarioCost(linkScenario.scenario));
const slices: number[] = [];
let progressUpdates = 0;
const scheduler: TimeSlicer = {
  now: () => performance.now(),
  later(run) {
    const timer = setTimeout(() => {
      const start = performance.now();
      run();
      slices.push(performance.now() - start);
    }, 0);
    return () => clearTimeout(timer);
  },
};
const heapBefore = heapMb();
const page = createAppStore({ frozenAt: T0, slicer: scheduler });
const unsubscribe = page.subscribe((next, previous) => {
  if (next.loading !== previous.loading && next.loading !== null) progressUpdates++;
});
const loadStart = performance.now();
if (page.getState().openScenario(linkScenario.scenario, 'none') !== 'loading') throw new Error('the link did not load in slices');
await new Promise<void>((resolve) => {
  const check = page.subscribe((next) => {
    if (next.loading === null) {
      check();
      resolve();
    }
  });
});
const loadMs = performance.now() - loadStart;
unsubscribe();
const heapLoaded = heapMb();
const loadSlices = slices.slice();
const undos: number[] = [];
for (let i = 0; i < 5; i++) undos.push(timed(() => page.getState().undo()).ms);
const redos: number[] = [];
for (let i = 0; i < 5; i++) redos.push(timed(() => page.getState().redo()).ms);
// Redo against the step applied again (what a redo cost before), in turns, each after a collection.
const cheapRedos: number[] = [];
const applied: number[] = [];
for (let i = 0; i < 5; i++) {
  page.getState().undo();
  gc?.();
  applied.push(timed(() => page.getState().enqueue(10_000)).ms);
  page.getState().undo();
  gc?.();
  cheapRedos.push(timed(() => page.getState().redo()).ms);
}
const heapAfter = heapMb();

/** Runs an action that may go on in slices and waits until `loading` is null again: its time and its slices. */
async function sliced(run: () => void): Promise<{ ms: number; slices: number[] }> {
  const from = slices.length;
  const start = performance.now();
  run();
  if (page.getState().loading !== null) {
    await new Promise<void>((resolve) => {
      const check = page.subscribe((next) => {
        if (next.loading === null) {
          check();
          resolve();
        }
      });
    });
  }
  return { ms: performance.now() - start, slices: slices.slice(from) };
}

// The export of the link (100,000 jobs): in slices as the page builds it, then at once for reference.
const exported = await new Promise<{ ms: number; slices: number[]; chars: number; commands: number }>((resolve) => {
  const from = slices.length;
  const start = performance.now();
  runInSlices(scheduler, sessionScriptSteps(linkScenario.scenario), {
    progress: () => undefined,
    done: (script) =>
      resolve({
        ms: performance.now() - start,
        slices: slices.slice(from),
        chars: script.parts.reduce((sum, part) => sum + part.length, 0),
        commands: script.commands,
      }),
  });
});
const exportAtOnce = timed(() => sessionScript(linkScenario.scenario).length);

// A promote of every job (the clock moved to their fire-time): 100,000 out of each set, then undo and redo it.
page.getState().stepClock(60_000);
// more than SYNC_JOBS jobs due: the page runs the promote in slices
const promote = await sliced(() => page.getState().promote());
const promoted = page.getState().promoted.band.length;
const undoPromote = await sliced(() => page.getState().undo());
const backIn = page.getState().bandSet.size;
const redoPromote = await sliced(() => page.getState().redo());
const outAgain = page.getState().bandSet.size;

const before = { ...linkScenario.scenario, operations: linkScenario.scenario.operations.slice(0, -1) };
const replayStore = createAppStore({ frozenAt: T0 });
const plainReplay = timed(() => replayStore.getState().loadScenario(before, 'none'));

const ms = (value: number) => `${figure(value)} ms`;
function slicesText(list: number[]): string {
  const sorted = [...list].sort((a, b) => a - b);
  return `${list.length.toLocaleString('en-US')} slices, median ${ms(sorted[sorted.length >> 1] ?? 0)}, longest ${ms(sorted.at(-1) ?? 0)}`;
}
const linkRows: Array<[string, string]> = [
  ['link', `${LINK.length} characters`],
  [
    'its cost, from the steps (no replay)',
    `${cost.value.jobs.toLocaleString('en-US')} jobs, ${(cost.value.idBytes / 1e6).toFixed(1)} MB of ids, in ${cost.ms.toFixed(1)} ms`,
  ],
  [
    'load in slices (Load to the last slice)',
    `${ms(loadMs)}, ${loadSlices.length.toLocaleString('en-US')} slices of ${SLICE_MS} ms aimed`,
  ],
  [
    'longest slice / median slice',
    `${ms(Math.max(...loadSlices))} / ${ms([...loadSlices].sort((a, b) => a - b)[loadSlices.length >> 1]!)}`,
  ],
  ['progress updates shown', progressUpdates.toLocaleString('en-US')],
  [
    'heap: before / loaded / after 5 undos + 5 redos',
    `${figure(heapBefore)} / ${figure(heapLoaded)} / ${figure(heapAfter)} MB${gc ? '' : ' (no --expose-gc: rough)'}`,
  ],
  ['one undo at 100,000 jobs (10,000 jobs out), 5 times', undos.map(ms).join(', ')],
  ['one redo (10,000 jobs back in), 5 times', redos.map(ms).join(', ')],
  ['in turns, after a GC each: the step applied again', applied.map(ms).join(', ')],
  ['  and its redo', cheapRedos.map(ms).join(', ')],
  [
    `a promote of ${promoted.toLocaleString('en-US')} jobs (each set), in slices`,
    `${ms(promote.ms)}, ${slicesText(promote.slices)}`,
  ],
  [
    'its undo in slices (200,000 jobs put back)',
    `${ms(undoPromote.ms)}, ${slicesText(undoPromote.slices)} (${backIn.toLocaleString('en-US')} back in the band set)`,
  ],
  [
    'its redo in slices (200,000 jobs taken out again)',
    `${ms(redoPromote.ms)}, ${slicesText(redoPromote.slices)} (${outAgain.toLocaleString('en-US')} left)`,
  ],
  [
    'the export of the link in slices (Copy / Download)',
    `${ms(exported.ms)}, ${slicesText(exported.slices)}; ${exported.commands.toLocaleString('en-US')} commands, ${(exported.chars / 1e6).toFixed(1)} M characters`,
  ],
  [
    'for reference: the same export at once (one task)',
    `${ms(exportAtOnce.ms)} (${exportAtOnce.value === exported.chars ? 'same length' : 'LENGTH DIFFERS'})`,
  ],
  [
    'for reference: replaying the 90,000 jobs before it',
    `${ms(plainReplay.ms)} (${plainReplay.value ? 'ok' : 'FAILED'}; what one undo cost before)`,
  ],
];
console.log(`\nthe largest link within the scale (100,000 jobs)\n`);
for (const [what, measured] of linkRows) console.log(`${what.padEnd(52)} ${measured}`);

const figureTable = (caption: string, list: Array<[string, string]>): Table => ({
  caption,
  columns: [{ title: 'measure' }, { title: 'figure' }],
  rows: list.map(([what, measured]) => [what.trim(), measured]),
});
report('undo', {
  script: 'bench:undo',
  tables: [
    figureTable(`A scenario of ${figure(OPERATIONS)} operations built through the store:`, rows),
    figureTable(
      'The largest link within the scale (100,000 jobs), its load in slices as the page runs it, then time travel at that size:',
      linkRows,
    ),
  ],
});

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}
