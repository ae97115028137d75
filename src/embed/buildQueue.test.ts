import { describe, expect, it } from 'vitest';
import { BUILD_SLICE_MS, BuildQueue } from './buildQueue.ts';

/** A page's turns by hand: a clock each build advances, tasks run when the test says. */
function fakePage(buildMs: number) {
  let time = 0;
  const tasks: Array<() => void> = [];
  const taskEnds: Array<() => void> = [];
  const queue = new BuildQueue({
    now: () => time,
    later: (run) => void tasks.push(run),
    afterThisTask: (run) => void taskEnds.push(run),
  });
  const built: number[] = [];
  /** A build of card `n`, taking buildMs of the clock. */
  const build = (n: number) => () => {
    time += buildMs;
    built.push(n);
  };
  /** Ends the current task (its microtasks), then runs the next one; false when none waits. */
  const nextTask = () => {
    for (const end of taskEnds.splice(0)) end();
    const task = tasks.shift();
    task?.();
    return task !== undefined;
  };
  return { queue, built, build, nextTask };
}

describe('BuildQueue', () => {
  it('builds a few cards at once, as they come', () => {
    const page = fakePage(10);
    for (let n = 0; n < 4; n++) page.queue.request({}, page.build(n));
    expect(page.built).toEqual([0, 1, 2, 3]);
    expect(page.queue.waiting).toBe(0);
  });

  it('never spends much past its budget in one task: 300 cards of 10 ms each are built in page order over later tasks', () => {
    const page = fakePage(10);
    for (let n = 0; n < 300; n++) page.queue.request({}, page.build(n));
    const perTask = [page.built.length];
    while (page.nextTask()) perTask.push(page.built.length - perTask.reduce((a, b) => a + b, 0));
    expect(page.built).toEqual(Array.from({ length: 300 }, (_, n) => n));
    // a task stops building once BUILD_SLICE_MS is spent: at most one card past the budget
    expect(Math.max(...perTask)).toBe(BUILD_SLICE_MS / 10);
    expect(perTask.length).toBe(300 / (BUILD_SLICE_MS / 10));
  });

  it('a card that comes while others wait waits behind them; a slow card still gets built (one a task at least)', () => {
    const page = fakePage(BUILD_SLICE_MS * 3);
    page.queue.request({}, page.build(0));
    page.queue.request({}, page.build(1));
    page.nextTask();
    page.queue.request({}, page.build(2));
    expect(page.built).toEqual([0, 1]);
    page.nextTask();
    expect(page.built).toEqual([0, 1, 2]);
  });

  it('a card that leaves before its turn is not built; flush (print) builds the rest at once', () => {
    const page = fakePage(BUILD_SLICE_MS);
    const cards = [{}, {}, {}, {}];
    cards.forEach((card, n) => page.queue.request(card, page.build(n)));
    expect(page.built).toEqual([0]);
    page.queue.cancel(cards[1]!);
    page.queue.flush();
    expect(page.built).toEqual([0, 2, 3]);
    expect(page.queue.waiting).toBe(0);
  });
});
