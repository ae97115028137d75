import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/appStore.ts';
import type { AppStore } from '../../store/appStore.ts';
import { bandOf, fireTimeOf, nextTimestampOf } from '../../model/protocol/score.ts';
import { selectLastRecovery, selectScorePanel } from '../../store/scores.ts';
import { FIGURE_PARTS, LESSON_NOW, LESSON_SEED, LESSON_STEPS, clampStep, codeRuns } from './steps.ts';
import type { LessonStep } from './steps.ts';
import { applyPreset, applyTry } from './tryThis.ts';

function stepNamed(id: LessonStep['id']): LessonStep {
  const step = LESSON_STEPS.find((one) => one.id === id);
  if (step === undefined) throw new Error(`no step ${id}`);
  return step;
}

/** A figure's store set up for `id`, as the lesson does it, and the try-this pressed when `tried`. */
function figureAt(id: LessonStep['id'], tried: boolean): AppStore {
  const store = createAppStore({ frozenAt: LESSON_NOW, seed: LESSON_SEED });
  const step = stepNamed(id);
  expect(applyPreset(store, step)).toBe(true);
  if (tried) applyTry(store, step.tryThis.steps);
  return store;
}

/** A set's entries in set order (SetReader ranks run 0..size - 1). */
const entries = (store: AppStore, set: 'textbookSet' | 'bandSet') => {
  const reader = store.getState()[set];
  return reader.rangeByRank(0, reader.size - 1);
};

const members = (store: AppStore, set: 'textbookSet' | 'bandSet') => entries(store, set).map((entry) => entry.member);

const arrivalsInBandOrder = (store: AppStore) => {
  const state = store.getState();
  return entries(store, 'bandSet').map((entry) => state.arrivals.get(entry.member) ?? 0);
};

describe('the lesson steps', () => {
  it('are eight, in the source lesson order then the cliff and the script, each with text, a try-this and a part in focus', () => {
    expect(LESSON_STEPS.map((step) => step.id)).toEqual([
      'fire-time',
      'ties',
      'shift',
      'bump',
      'ceiling',
      'recovery',
      'cliff',
      'script',
    ]);
    for (const step of LESSON_STEPS) {
      expect(step.paragraphs.length).toBeGreaterThan(0);
      expect(step.tryThis.steps.length).toBeGreaterThan(0);
      expect(step.tryThis.see).not.toBe('');
      const named = Object.keys(step.parts);
      expect(named.every((part) => (FIGURE_PARTS as readonly string[]).includes(part))).toBe(true);
      expect(Object.values(step.parts)).toContain('focus');
    }
  });

  it.each(LESSON_STEPS.map((step) => [step.id, step] as const))(
    '%s: its preset loads as is (frozen at noon, ms scores) and its try-this is accepted',
    (_id, step) => {
      const store = createAppStore({ frozenAt: LESSON_NOW, seed: LESSON_SEED });
      expect(applyPreset(store, step)).toBe(true);
      const state = store.getState();
      expect(state.scenarioError).toBeNull();
      expect(state.clockMode).toBe('frozen');
      expect(state.frozenAt).toBe(LESSON_NOW);
      expect(state.textbookUnit).toBe('ms');
      expect(state.scenario.operations.length).toBe(step.preset.operations.length);
      const jobs = step.preset.operations.reduce((sum, op) => sum + (op.kind === 'enqueue' ? op.count : 0), 0);
      expect(state.bandSet.size).toBe(jobs);
      applyTry(store, step.tryThis.steps);
      expect(store.getState().enqueueError).toBeNull();
    },
  );

  it('loading one step after another leaves only the new preset (entering a step resets the figure)', () => {
    const store = figureAt('ceiling', true);
    expect(applyPreset(store, stepNamed('bump'))).toBe(true);
    expect(store.getState().bandSet.size).toBe(1);
    expect(store.getState().idStyle).toBe('N');
  });

  it('fire-time: the set lists the three jobs by when they are due, and the new 2 s job goes to the head', () => {
    expect(members(figureAt('fire-time', false), 'textbookSet')).toEqual(['job:2', 'job:3', 'job:1']);
    expect(members(figureAt('fire-time', true), 'textbookSet')[0]).toBe('job:4');
  });

  it('ties: 1..9 sort in arrival order, then 10, 11, 12 land between 1 and 2', () => {
    expect(members(figureAt('ties', false), 'textbookSet')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(members(figureAt('ties', true), 'textbookSet').slice(0, 5)).toEqual(['1', '10', '11', '12', '2']);
  });

  it('shift: one more ms of delay moves the floor by 4,096 and leaves its low twelve bits zero', () => {
    const before = selectScorePanel(figureAt('shift', false).getState());
    const after = selectScorePanel(figureAt('shift', true).getState());
    expect(after.fireTime).toBe(before.fireTime + 1);
    expect(after.minScore - before.minScore).toBe(4096);
    expect(after.minScore % 4096).toBe(0);
  });

  it('bump: the second job in the millisecond scores the floor + 1', () => {
    const store = figureAt('bump', true);
    const { minScore } = bandOf(fireTimeOf(LESSON_NOW, 5000));
    expect(entries(store, 'bandSet').map((entry) => entry.score)).toEqual([minScore, minScore + 1]);
    // the textbook set gives both one score
    const textbook = entries(store, 'textbookSet');
    expect(textbook[0]!.score).toBe(textbook[1]!.score);
  });

  it('ceiling: 4,096 jobs fill the band in arrival order; the four more share the ceiling, out of arrival order (the seed shows it)', () => {
    const full = figureAt('ceiling', false);
    expect(selectScorePanel(full.getState()).next.kind).toBe('ceiling');
    expect(arrivalsInBandOrder(full)).toEqual(Array.from({ length: 4096 }, (_, k) => k + 1));
    const tried = figureAt('ceiling', true);
    const { maxScore } = bandOf(fireTimeOf(LESSON_NOW, 5000));
    const last = entries(tried, 'bandSet').slice(-5);
    expect(last.every((entry) => entry.score === maxScore)).toBe(true);
    const arrivals = arrivalsInBandOrder(tried).slice(-5);
    expect([...arrivals].sort((a, b) => a - b)).toEqual([4096, 4097, 4098, 4099, 4100]);
    expect(arrivals).not.toEqual([4096, 4097, 4098, 4099, 4100]);
  });

  it('recovery: the fourth job recovers as the fire-time + 3/4096 and wakes the worker at the fire-time', () => {
    const recovery = selectLastRecovery(figureAt('recovery', true).getState());
    const fireTime = fireTimeOf(LESSON_NOW, 5000);
    expect(recovery).not.toBeNull();
    expect(recovery!.recovered).toBe(fireTime + 3 / 4096);
    expect(recovery!.recovered).toBe(nextTimestampOf(bandOf(fireTime).minScore + 3));
    expect(recovery!.wholeMs).toBe(fireTime);
  });

  it('script: the job enqueued through the script gets the floor + 2', () => {
    const store = figureAt('script', true);
    expect(store.getState().lastEnqueue?.lastScore).toBe(bandOf(fireTimeOf(LESSON_NOW, 5000)).minScore + 2);
  });

  it('each preset sets the same figure whatever the page held before (another seed, another instant, other jobs)', () => {
    for (const step of LESSON_STEPS) {
      const used = createAppStore({ frozenAt: LESSON_NOW + 86_400_000, seed: LESSON_SEED + 1 });
      used.getState().enqueue(7);
      expect(applyPreset(used, step)).toBe(true);
      const fresh = figureAt(step.id, false);
      expect(used.getState().frozenAt).toBe(fresh.getState().frozenAt);
      expect(members(used, 'bandSet')).toEqual(members(fresh, 'bandSet'));
      expect(entries(used, 'textbookSet')).toEqual(entries(fresh, 'textbookSet'));
    }
  });
});

describe('clampStep', () => {
  it('reads a missing step as the first and keeps a named one within the steps', () => {
    expect(clampStep(null)).toBe(1);
    expect(clampStep(3)).toBe(3);
    expect(clampStep(0)).toBe(1);
    expect(clampStep(99)).toBe(LESSON_STEPS.length);
  });
});

describe('codeRuns', () => {
  it('splits text at backticks into plain and code runs', () => {
    expect(codeRuns('by `0x1000` first')).toEqual([
      { code: false, text: 'by ' },
      { code: true, text: '0x1000' },
      { code: false, text: ' first' },
    ]);
    expect(codeRuns('plain')).toEqual([{ code: false, text: 'plain' }]);
  });
});

describe('each try-this, pressed again and again, still does what its "You should see" says', () => {
  it('fire-time: the new job goes to the head four times, 1 s sooner each; a fifth press changes nothing', () => {
    const store = figureAt('fire-time', false);
    const step = stepNamed('fire-time');
    for (let press = 1; press <= 4; press++) {
      expect(applyTry(store, step.tryThis.steps)).toBe(true);
      expect(members(store, 'textbookSet')[0]).toBe(`job:${3 + press}`);
      expect(store.getState().delay).toBe(5000 - 1000 * press);
    }
    const size = store.getState().textbookSet.size;
    expect(applyTry(store, step.tryThis.steps)).toBe(false);
    expect(store.getState().textbookSet.size).toBe(size);
  });

  it('cliff: each new job stores the same score as the rest (floor + 1 rounds back) and sorts by its bytes', () => {
    const store = figureAt('cliff', false);
    const step = stepNamed('cliff');
    const floor = bandOf(fireTimeOf(LESSON_NOW, store.getState().delay)).minScore;
    expect(floor).toBeGreaterThanOrEqual(2 ** 53);
    for (let press = 1; press <= 3; press++) {
      applyTry(store, step.tryThis.steps);
      expect(new Set(entries(store, 'bandSet').map((entry) => entry.score))).toEqual(new Set([floor]));
      expect(members(store, 'bandSet').slice(0, 2 + press)).toEqual([
        '1',
        ...Array.from({ length: press }, (_, k) => String(10 + k)),
        '2',
      ]);
    }
  });
});
