/**
 * How the page gets from the scenario it shows to another one (a link, back / forward): the one
 * place that decides the route and what it costs, so the estimate that picks "at once" or "in
 * slices" and the move itself cannot disagree.
 */
import { sameSettings } from './session.ts';
import { costCounter, scenarioCost } from './scenarioCost.ts';
import { defaultSettings } from './operations.ts';
import type { Operation, OperationList, Scenario } from './operations.ts';

/**
 * A way to reach a scenario: walk (undo the current steps after the `shared` leading ones, then
 * apply the target's steps after them) or rebuild (replay the target on a fresh Session). `work`:
 * what it undoes and replays, in jobs' worth (ScenarioCost.work: the steps' own cost, the jobs
 * they write and the jobs their promotes take out).
 */
export type Route =
  { readonly kind: 'walk'; readonly shared: number; readonly work: number } | { readonly kind: 'rebuild'; readonly work: number };

function sameOperation(a: Operation, b: Operation): boolean {
  return a.kind === b.kind && (Object.keys(a) as Array<keyof Operation>).every((key) => a[key] === b[key]);
}

/** Whether two scenarios start alike (seed and starting settings), so one can be walked to from the other. */
function sameStart(a: Scenario, b: Scenario): boolean {
  return a.seed === b.seed && sameSettings(a.initial, b.initial);
}

/** How many leading operations two scenarios share (0 when they do not start alike). */
export function sharedSteps(a: Scenario, b: Scenario): number {
  if (!sameStart(a, b)) return 0;
  const limit = Math.min(a.operations.length, b.operations.length);
  let i = 0;
  while (i < limit && sameOperation(a.operations.at(i)!, b.operations.at(i)!)) i++;
  return i;
}

/** Jobs enqueued by some operations. */
export function jobsOf(operations: OperationList): number {
  return scenarioCost({ seed: 0, initial: defaultSettings(0), operations }).jobs;
}

/**
 * What undoing a step costs against applying it: undo puts back or takes out what the step kept,
 * with no script and no rank lookups. Measured in Node (2026-12-03, CPU, 3 runs, Session with the
 * page's hooks): 100,000 jobs' enqueues 640-870 ms, their undo 240-260 ms; their promote 550-590
 * ms, its undo 280-310 ms. A half, rounded up from about a third, errs towards rebuilding.
 */
export const UNDO_SHARE = 0.5;

/**
 * The work of the scenario's operations before index `at` and from it on, in one pass. The steps
 * before `at` are counted first, so the ones after are weighed with what they leave: the delay,
 * the jobs still due.
 */
export function workSplit(scenario: Scenario, at: number): { readonly before: number; readonly after: number } {
  const counter = costCounter(scenario.initial);
  const operations = scenario.operations;
  for (let i = 0; i < at; i++) counter.add(operations.at(i)!);
  const before = counter.total().work;
  for (let i = at; i < operations.length; i++) counter.add(operations.at(i)!);
  return { before, after: counter.total().work - before };
}

/**
 * The route from `current` to `target`. Walks when they start alike, the current Session can undo
 * every current step (`undoable`), and undoing the steps after the shared ones is no more work
 * than replaying the shared ones would be; else rebuilds.
 */
export function routeBetween(current: Scenario, target: Scenario, undoable: number): Route {
  const walkable = sameStart(current, target) && undoable === current.operations.length;
  const shared = walkable ? sharedSteps(current, target) : 0;
  const targetWork = workSplit(target, shared);
  const rebuild: Route = { kind: 'rebuild', work: targetWork.before + targetWork.after };
  if (!walkable) return rebuild;
  const undoWork = Math.ceil(workSplit(current, shared).after * UNDO_SHARE);
  if (shared < current.operations.length && undoWork > targetWork.before) return rebuild;
  return { kind: 'walk', shared, work: undoWork + targetWork.after };
}
