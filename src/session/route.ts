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
 * what it undoes and replays (ScenarioCost.work: the steps, the jobs they write and the jobs their
 * promotes take out); `steps`: how many steps it undoes and applies.
 */
export type Route =
  | { readonly kind: 'walk'; readonly shared: number; readonly work: number; readonly steps: number }
  | { readonly kind: 'rebuild'; readonly work: number; readonly steps: number };

function sameOperation(a: Operation, b: Operation): boolean {
  return a.kind === b.kind && Object.keys(a).every((key) => Reflect.get(a, key) === Reflect.get(b, key));
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
 * than replaying the shared ones would be (an undo is weighed as its step: it moves the same
 * jobs); else rebuilds.
 */
export function routeBetween(current: Scenario, target: Scenario, undoable: number): Route {
  const walkable = sameStart(current, target) && undoable === current.operations.length;
  const shared = walkable ? sharedSteps(current, target) : 0;
  const targetWork = workSplit(target, shared);
  const rebuild: Route = { kind: 'rebuild', work: targetWork.before + targetWork.after, steps: target.operations.length };
  if (!walkable) return rebuild;
  const undoWork = workSplit(current, shared).after;
  if (shared < current.operations.length && undoWork > targetWork.before) return rebuild;
  const steps = current.operations.length - shared + (target.operations.length - shared);
  return { kind: 'walk', shared, work: undoWork + targetWork.after, steps };
}
