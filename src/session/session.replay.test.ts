import { describe, expect, it } from 'vitest';
import { BAND_KEY, Session, TEXTBOOK_KEY, replay, replaySteps } from './session.ts';
import { defaultSettings } from './operations.ts';
import type { Operation } from './operations.ts';
import { OperationLog } from './operationLog.ts';
import { T0 } from '../../test-support/instants.ts';

const enqueue = (count: number, at = T0): Operation => ({ kind: 'enqueue', count, at });

function sets(session: Session): unknown {
  return [
    session.textbook.call('ZRANGE', TEXTBOOK_KEY, 0, -1, 'WITHSCORES'),
    session.band.call('ZRANGE', BAND_KEY, 0, -1, 'WITHSCORES'),
  ];
}

describe('replaySteps', () => {
  it('replays in steps the same sets as at once', () => {
    // enqueues of a full action (many REPLAY_CHUNKs each), a promote between: steps within
    // operations and across them
    const operations = OperationLog.from([enqueue(10_000), { kind: 'promote', at: T0 + 10 }, enqueue(10_000, T0 + 20)]);
    const initial = defaultSettings(T0, 'frozen');
    const sliced = new Session(initial, { uuid: () => 'x' });
    const run = replaySteps(sliced, operations);
    let next = run.next();
    let steps = 0;
    for (; next.done !== true; next = run.next()) steps++;
    expect(next.value).toBe(-1);
    expect(steps).toBeGreaterThan(operations.length);

    const atOnce = new Session(initial, { uuid: () => 'x' });
    expect(replay(atOnce, operations)).toBe(-1);
    expect(JSON.stringify(sets(sliced))).toBe(JSON.stringify(sets(atOnce)));
  }, 60_000);
});
