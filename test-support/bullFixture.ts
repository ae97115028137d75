/**
 * Bull 4 delayed jobs for the browser tests (e2e/live-schemes.spec.ts). bull is installed under
 * conformance/ (scripts/sub-packages.mjs), not at the root, so it is loaded from there at run time:
 * a static import would make every file that reaches this one need bull to type-check or bundle,
 * and a fresh `npm ci && npm run build` does not install it.
 */
import { createRequire } from 'node:module';

/** The part of a Bull 4 queue this fixture uses (bull's own typings live with the package). */
interface BullQueue {
  add(data: object, opts: { delay: number; timestamp: number }): Promise<{ id: string | number }>;
  close(): Promise<void>;
}
type BullConstructor = new (name: string, opts: { redis: { host: string; port: number } }) => BullQueue;

function loadBull(): BullConstructor {
  const require = createRequire(new URL('../conformance/package.json', import.meta.url));
  try {
    return require('bull') as BullConstructor;
  } catch (error) {
    throw new Error('bull is not installed under conformance/: run `npm run sub-packages` first', { cause: error });
  }
}

/** Adds one job per entry to the Bull queue `name` (its timestamp and delay as given), then closes the queue; resolves with the ids. */
export async function addBullDelayed(
  connection: { host: string; port: number },
  name: string,
  jobs: ReadonlyArray<{ readonly timestamp: number; readonly delay: number }>,
): Promise<string[]> {
  const Bull = loadBull();
  const queue = new Bull(name, { redis: connection });
  try {
    const ids: string[] = [];
    // Bull reads opts.timestamp, which its typings leave out
    for (const { timestamp, delay } of jobs) ids.push(String((await queue.add({}, { delay, timestamp })).id));
    return ids;
  } finally {
    await queue.close();
  }
}
