import { afterEach, describe, expect, it, vi } from 'vitest';
import { BAND_KEY, RESERVE_FROM, Session, TEXTBOOK_KEY, replay, replaySteps } from './session.ts';
import { defaultSettings } from './operations.ts';
import type { Operation } from './operations.ts';
import { OperationLog } from './operationLog.ts';
import { MemoryRedis } from '../model/redis/memoryRedis.ts';
import { T0 } from '../../test-support/instants.ts';

const enqueue = (count: number, at = T0): Operation => ({ kind: 'enqueue', count, at });

function sets(session: Session): unknown {
  return [
    session.textbook.call('ZRANGE', TEXTBOOK_KEY, 0, -1, 'WITHSCORES'),
    session.band.call('ZRANGE', BAND_KEY, 0, -1, 'WITHSCORES'),
  ];
}

afterEach(() => vi.restoreAllMocks());

describe('replaySteps', () => {
  it('sizes each set for the jobs coming before the next promote, in a step of its own, and replays the same sets', () => {
    const operations = OperationLog.from([
      ...Array.from({ length: 7 }, () => enqueue(10_000)),
      { kind: 'promote', at: T0 + 10 },
      enqueue(10_000, T0 + 20),
    ]);
    const initial = defaultSettings(T0, 'frozen');
    const reserved: Array<[MemoryRedis, number, number]> = [];
    let steps = 0;
    vi.spyOn(MemoryRedis.prototype, 'reserve').mockImplementation(function (this: MemoryRedis, _key, members) {
      reserved.push([this, members, steps]);
    });
    const sliced = new Session(initial, { uuid: () => 'x' });
    const run = replaySteps(sliced, operations);
    let next = run.next();
    for (; next.done !== true; next = run.next()) steps++;
    expect(next.value).toBe(-1);
    // before the second enqueue: 10,000 held and 60,000 coming, textbook then band, a step apart
    expect(reserved.slice(0, 2).map(([redis, members]) => [redis === sliced.textbook ? 'textbook' : 'band', members])).toEqual([
      ['textbook', 70_000],
      ['band', 70_000],
    ]);
    expect(reserved[1]![2]).toBe(reserved[0]![2] + 1);
    // after the promote the sets are empty (all due) and 10,000 are coming: under RESERVE_FROM
    expect(reserved.every(([, members]) => members >= RESERVE_FROM)).toBe(true);
    vi.restoreAllMocks();

    const atOnce = new Session(initial, { uuid: () => 'x' });
    expect(replay(atOnce, operations)).toBe(-1);
    const real = new Session(initial, { uuid: () => 'x' });
    const again = replaySteps(real, operations);
    while (again.next().done !== true);
    expect(JSON.stringify(sets(real))).toBe(JSON.stringify(sets(atOnce)));
  }, 60_000);
});
