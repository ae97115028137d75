/**
 * How the page gets from the scenario it shows to another one (a link, back / forward): the one
 * place that decides the route and what it costs, so the estimate that picks "at once" or "in
 * slices" and the move itself cannot disagree.
 */
import { sameSettings } from './session.ts';
import { scenarioCost } from './scenarioCost.ts';
import { defaultSettings } from './operations.ts';
import type { Operation, OperationList, Scenario } from './operations.ts';

/**
 * A way to reach a scenario: walk (undo the current steps after the `shared` leading ones, then
 * apply the target's steps after them) or rebuild (replay the target on a fresh Session). `jobs`:
 * the jobs it undoes and replays.
 */
export type Route =
  { readonly kind: 'walk'; readonly shared: number; readonly jobs: number } | { readonly kind: 'rebuild'; readonly jobs: number };

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

/** Jobs enqueued by some operations (what undoing or replaying them moves). */
export function jobsOf(operations: OperationList): number {
  return scenarioCost({ seed: 0, initial: defaultSettings(0), operations }).jobs;
}

/**
 * The route from `current` to `target`. Walks when they start alike, the current Session can undo
 * every current step (`undoable`), and undoing the steps after the shared ones costs no more than
 * replaying the shared ones would; else rebuilds.
 */
export function routeBetween(current: Scenario, target: Scenario, undoable: number): Route {
  const rebuild: Route = { kind: 'rebuild', jobs: jobsOf(target.operations) };
  if (!sameStart(current, target) || undoable !== current.operations.length) return rebuild;
  const shared = sharedSteps(current, target);
  const undoJobs = jobsOf(current.operations.slice(shared));
  if (shared < current.operations.length && undoJobs > jobsOf(target.operations.slice(0, shared))) return rebuild;
  return { kind: 'walk', shared, jobs: undoJobs + jobsOf(target.operations.slice(shared)) };
}
