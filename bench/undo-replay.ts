/**
 * Time travel at scale (a measurement, not a test): builds a scenario of 10,000 operations through
 * the page's store (enqueues of 1 to 3 jobs, delay changes, clock steps, a promote every 50
 * operations), then times one undo (a replay of the other 9,999 operations on fresh sets), one
 * redo, encoding the scenario for the URL, and decoding + loading that URL text in a fresh store.
 *
 *   npm run bench:undo
 */
import { createAppStore } from '../src/store/appStore.ts';
import { decodeScenario, encodeScenario } from '../src/session/scenarioCodec.ts';
import { seededRandom } from '../src/model/seededRandom.ts';

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
  ['building it through the store', `${build.ms.toFixed(0)} ms`],
  ['one undo (replays the rest on fresh sets)', `${undo.ms.toFixed(0)} ms`],
  ['one redo', `${redo.ms.toFixed(1)} ms`],
  ['URL text', `${encode.value.length.toLocaleString('en-US')} characters, encoded in ${encode.ms.toFixed(1)} ms`],
  ['decoding it', `${decode.ms.toFixed(1)} ms`],
  ['loading it in a fresh store', `${load.ms.toFixed(0)} ms (${load.value ? 'ok' : 'FAILED'})`],
];
console.log(`firetime time travel, node ${process.version}\n`);
for (const [what, measured] of rows) console.log(`${what.padEnd(44)} ${measured}`);
