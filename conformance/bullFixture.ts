/**
 * Bull 4 delayed jobs for the browser tests (e2e/live-schemes.spec.ts): bull is installed under
 * conformance/ (scripts/sub-packages.mjs), not at the root, so the e2e files reach it through here.
 */
import Bull from 'bull';

/** Adds one job per entry to the Bull queue `name` (its timestamp and delay as given), then closes the queue; resolves with the ids. */
export async function addBullDelayed(
  connection: { host: string; port: number },
  name: string,
  jobs: ReadonlyArray<{ readonly timestamp: number; readonly delay: number }>,
): Promise<string[]> {
  const queue = new Bull(name, { redis: connection });
  try {
    const ids: string[] = [];
    // Bull reads opts.timestamp (its typings leave it out)
    for (const { timestamp, delay } of jobs) ids.push(String((await queue.add({}, { delay, timestamp } as Bull.JobOptions)).id));
    return ids;
  } finally {
    await queue.close();
  }
}
